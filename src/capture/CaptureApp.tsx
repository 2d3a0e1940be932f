import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, fetchCaptureJob, type CaptureJob } from './api';
import { CameraStep } from './CameraStep';
import { releaseEarlyCamera } from './earlyCamera';
import type { Photo } from './image';
import { JobCard } from './JobCard';
import { LocationStep } from './LocationStep';
import { MyJobs } from './MyJobs';
import { PrivacyNotice, useNoticeSeen } from './PrivacyNotice';
import { photoKinds, loadDraft, saveDraftPhoto, type GpsFix, type PhotoKind } from './pendingStore';
import { canSendAhead, sendInBackground, sha256Hex } from './photoUploads';
import { useSubmission } from './useSubmission';

type JobState =
  | { state: 'loading' }
  | { state: 'ready'; job: CaptureJob; retentionDays: number }
  | { state: 'error'; message: string; status: number | null };

const photoSteps: {
  kind: PhotoKind;
  title: string;
  hint: string;
  facing: 'user' | 'environment';
}[] = [
  {
    kind: 'selfie',
    title: 'Selfie',
    hint: 'Take a photo of yourself at the address (front camera).',
    facing: 'user',
  },
  {
    kind: 'house',
    title: 'House',
    hint: 'Take a photo of the house or premises (rear camera).',
    facing: 'environment',
  },
  {
    kind: 'utility_bill',
    title: 'Utility bill',
    hint: 'Take a photo of the utility bill (rear camera).',
    facing: 'environment',
  },
];

const useHash = () => {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return hash;
};

/** The public capture wizard of one link: `/automatic-address-verification/{token}`. */
export function CaptureApp({ token }: { token: string | null }) {
  if (!token) {
    return (
      <main className="capture">
        <p role="alert" className="error">
          This capture link is incomplete. Open the full link you were sent.
        </p>
      </main>
    );
  }
  return <CaptureLink token={token} />;
}

function CaptureLink({ token }: { token: string }) {
  const hash = useHash();
  const [job, setJob] = useState<JobState>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const { state: submission, submit, retry, discard } = useSubmission(token);

  const [step, setStep] = useState(0);
  const [photos, setPhotos] = useState<Partial<Record<PhotoKind, Photo>>>({});
  const [hashes, setHashes] = useState<Partial<Record<PhotoKind, string>>>({});
  const [locationText, setLocationText] = useState('');
  const [gps, setGps] = useState<GpsFix | null>(null);
  const [noticeSeen, continuePastNotice] = useNoticeSeen(token);

  useEffect(() => {
    let live = true;
    fetchCaptureJob(token).then(
      (view) =>
        live && setJob({ state: 'ready', job: view.job, retentionDays: view.retention_days }),
      (err: Error) =>
        live &&
        setJob({
          state: 'error',
          message: err.message,
          status: err instanceof ApiError ? err.status : null,
        }),
    );
    return () => {
      live = false;
    };
  }, [token, reload]);

  /** A photo taken (or dropped for a retake): kept on the phone and sent at once. */
  const keepPhoto = (kind: PhotoKind, photo: Photo | undefined, save = true) => {
    setPhotos((all) => ({ ...all, [kind]: photo }));
    setHashes(({ [kind]: _dropped, ...rest }) => rest);
    if (save) void saveDraftPhoto(token, kind, photo?.bytes ?? null).catch(() => undefined);
    if (!photo || !canSendAhead()) return;
    void sha256Hex(photo.bytes).then((sha) => {
      setHashes((all) => ({ ...all, [kind]: sha }));
      sendInBackground(token, kind, photo.bytes, sha);
    });
  };

  // Photos taken on an earlier visit of this link come back, and go on to the server.
  useEffect(() => {
    let live = true;
    loadDraft(token).then(
      (draft) => {
        if (!live) return;
        for (const kind of photoKinds) {
          const bytes = draft[kind];
          if (!bytes) continue;
          const dataUrl = URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' }));
          keepPhoto(kind, { bytes, dataUrl }, false);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [token]);

  // A page that shows no camera lets the camera asked for early go at once.
  const noCamera =
    hash === '#my-jobs' ||
    job.state === 'error' ||
    !['checking', 'idle'].includes(submission.phase);
  useEffect(() => {
    if (noCamera) releaseEarlyCamera();
  }, [noCamera]);

  const header = (
    <header className="top">
      <span>Address verification</span>
      <a href="#my-jobs">My jobs</a>
    </header>
  );

  if (hash === '#my-jobs') {
    return (
      <main className="capture">
        {header}
        <MyJobs token={token} />
      </main>
    );
  }

  const jobCard = job.state === 'ready' ? <JobCard job={job.job} /> : null;
  let body: ReactNode;

  if (submission.phase === 'done') {
    body = (
      <section className="step done" aria-labelledby="done-title">
        <h2 id="done-title">Submitted</h2>
        <p role="status">{submission.answer.message}</p>
        <p>
          Job <strong>{submission.answer.code}</strong>
        </p>
      </section>
    );
  } else if (
    submission.phase === 'sending' ||
    submission.phase === 'failed' ||
    submission.phase === 'rejected'
  ) {
    body = (
      <section className="step" aria-labelledby="send-title">
        <h2 id="send-title">Submission</h2>
        {submission.phase === 'sending' && (
          <p role="status" className="notice">
            Sending your photos… Keep this page open.
          </p>
        )}
        {submission.phase === 'failed' && (
          <>
            <p role="alert" className="error">
              {submission.message}
            </p>
            <button type="button" className="wide" onClick={retry}>
              Retry
            </button>
          </>
        )}
        {submission.phase === 'rejected' && (
          <>
            <p role="alert" className="error">
              {submission.message}
            </p>
            <button type="button" className="secondary wide" onClick={() => void discard()}>
              Start again
            </button>
          </>
        )}
      </section>
    );
  } else if (job.state === 'error') {
    body = (
      <>
        <p role="alert" className="error">
          {job.message}
        </p>
        {job.status === null || job.status >= 500 ? (
          <button type="button" className="wide" onClick={() => setReload((r) => r + 1)}>
            Retry
          </button>
        ) : null}
      </>
    );
  } else if (!noticeSeen) {
    body = (
      <PrivacyNotice
        retentionDays={job.state === 'ready' ? job.retentionDays : undefined}
        onContinue={continuePastNotice}
      />
    );
  } else {
    // The camera starts at once, while the job loads and the phone's store is read: a
    // submission left from an earlier visit then takes the page over.
    const photoStep = photoSteps[step];
    const send = () => {
      const { selfie, house, utility_bill } = photos;
      if (!selfie || !house || !utility_bill) {
        setStep(!selfie ? 0 : !house ? 1 : 2);
        return;
      }
      void submit({
        token,
        idempotencyKey: crypto.randomUUID(),
        capturedAt: new Date().toISOString(),
        locationText,
        gps,
        photos: { selfie: selfie.bytes, house: house.bytes, utility_bill: utility_bill.bytes },
        ...(hashes.selfie && hashes.house && hashes.utility_bill
          ? {
              hashes: {
                selfie: hashes.selfie,
                house: hashes.house,
                utility_bill: hashes.utility_bill,
              },
            }
          : {}),
        jobCode: job.state === 'ready' ? job.job.code : null,
      });
    };
    body = (
      <>
        <ol className="progress" aria-label="Steps">
          {['Selfie', 'House', 'Utility bill', 'Location'].map((label, i) => (
            <li key={label} aria-current={i === step ? 'step' : undefined}>
              {label}
            </li>
          ))}
        </ol>
        {photoStep ? (
          <CameraStep
            key={photoStep.kind}
            title={photoStep.title}
            hint={photoStep.hint}
            facing={photoStep.facing}
            photo={photos[photoStep.kind]}
            onPhoto={(p) => keepPhoto(photoStep.kind, p)}
            onNext={() => setStep(step + 1)}
            onBack={step > 0 ? () => setStep(step - 1) : undefined}
          />
        ) : (
          <LocationStep
            locationText={locationText}
            onLocationText={setLocationText}
            gps={gps}
            onGps={setGps}
            onSubmit={send}
            onBack={() => setStep(2)}
            submitting={false}
          />
        )}
      </>
    );
  }

  return (
    <main className="capture">
      {header}
      {jobCard}
      {body}
    </main>
  );
}
