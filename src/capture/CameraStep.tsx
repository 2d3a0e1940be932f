import { useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { releaseEarlyCamera } from './earlyCamera';
import { CanvasUnsupportedError, takePhoto, type Photo } from './image';
import { cameraErrorMessage, cameraMessages, isConstraintError } from './messages';

export const videoSize = { width: 1280, height: 720 } as const;

type Facing = 'user' | 'environment';

interface Props {
  title: string;
  hint: string;
  facing: Facing;
  photo: Photo | undefined;
  onPhoto: (photo: Photo | undefined) => void;
  onNext: () => void;
  onBack?: () => void;
}

/** One photo step: live camera, 'Capture image', then the preview with Retake and Next. */
export function CameraStep({
  title,
  hint,
  facing: initialFacing,
  photo,
  onPhoto,
  onNext,
  onBack,
}: Props) {
  const webcam = useRef<Webcam>(null);
  const [facing, setFacing] = useState<Facing>(initialFacing);
  // The rear camera is asked for exactly first; if no camera matches, any camera will do.
  const [exact, setExact] = useState(initialFacing === 'environment');
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  const facingMode = facing === 'user' ? 'user' : exact ? { exact: 'environment' } : 'environment';
  const constraints: MediaTrackConstraints = { ...videoSize, facingMode };

  const onUserMediaError = (err: string | DOMException) => {
    setReady(false);
    if (exact && isConstraintError(err)) {
      setExact(false);
      return;
    }
    setError(cameraErrorMessage(err));
  };

  const capture = async () => {
    setNotice(null);
    setBusy(true);
    try {
      onPhoto(await takePhoto(webcam.current?.video));
    } catch (err) {
      if (err instanceof CanvasUnsupportedError) setError(cameraMessages.noCanvas);
      else setNotice(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const switchCamera = async () => {
    setNotice(null);
    const count = await navigator.mediaDevices.enumerateDevices().then(
      (devices) => devices.filter((d) => d.kind === 'videoinput').length,
      () => 0,
    );
    if (count <= 1) {
      setNotice(cameraMessages.onlyOneCamera);
      return;
    }
    const next: Facing = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    setExact(next === 'environment');
    setError(null);
    setReady(false);
  };

  const retry = () => {
    setError(null);
    setNotice(null);
    setExact(facing === 'environment');
    setAttempt((a) => a + 1);
  };

  const retake = () => {
    onPhoto(undefined);
    setReady(false);
  };

  return (
    <section className="step" aria-labelledby="step-title">
      <h2 id="step-title">{title}</h2>
      <p className="hint">{hint}</p>
      {photo ? (
        <img className="frame" src={photo.dataUrl} alt={`${title} preview`} />
      ) : error ? (
        <div className="frame frame-empty">
          <p role="alert" className="error">
            {error}
          </p>
        </div>
      ) : (
        <div className="frame">
          <Webcam
            key={`${facing}-${exact}-${attempt}`}
            ref={webcam}
            audio={false}
            mirrored={facing === 'user'}
            screenshotFormat="image/jpeg"
            forceScreenshotSourceSize
            videoConstraints={constraints}
            onUserMedia={() => {
              setReady(true);
              releaseEarlyCamera();
            }}
            onUserMediaError={onUserMediaError}
            playsInline
            aria-label={`${title} camera`}
          />
        </div>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {!photo && !error && !ready && (
        <p id="camera-starting" role="status" className="notice">
          Starting the camera… Capture image works as soon as the picture shows.
        </p>
      )}
      <div className="actions">
        {photo ? (
          <>
            <button type="button" className="secondary" onClick={retake}>
              Retake
            </button>
            <button type="button" onClick={onNext}>
              Next
            </button>
          </>
        ) : error ? (
          error !== cameraMessages.noCanvas && (
            <button type="button" onClick={retry}>
              Try again
            </button>
          )
        ) : (
          <>
            <button type="button" className="secondary" onClick={() => void switchCamera()}>
              Switch camera
            </button>
            <button
              type="button"
              onClick={() => void capture()}
              disabled={busy || !ready}
              aria-describedby={ready ? undefined : 'camera-starting'}
            >
              Capture image
            </button>
          </>
        )}
      </div>
      {onBack && (
        <button type="button" className="link" onClick={onBack}>
          Back
        </button>
      )}
    </section>
  );
}
