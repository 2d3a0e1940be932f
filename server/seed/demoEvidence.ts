import { formatNaira } from '../../reference/money';
import { openJobStatuses } from '../../reference/jobStatuses';
import type { Queryable } from '../db';
import { createCaptureChecksRepository } from '../repositories/captureChecks';
import { createCapturesRepository, type NewPhoto, type PhotoKind } from '../repositories/captures';
import { createDemoDataRepository } from '../repositories/demoData';
import { createJobsRepository, type JobAttachmentRow } from '../repositories/jobs';
import { checkAttachment } from '../services/attachmentCheck';
import { issueCaptureLinks, storeCapturePhoto } from '../services/capture';
import { claimOf } from '../services/checks/claim';
import { inspectJpeg } from '../services/jpeg';
import { sha256 } from '../services/secrets';
import { placeOf } from '../services/checks/place';
import type { DemoContext } from './demoContext';
import { consentFormScan, housePhoto, selfiePhoto, utilityBillPhoto } from './demoImages';
import type { DemoJob, DemoJobPlanned } from './demoJobs';
import { demoPlaces, firstNames, lastNames } from './demoPlaces';
import { demoRandom, type DemoRandom } from './demoRandom';

const withEvidence = new Set(['submitted', 'approved', 'rejected']);
const linked = new Set([...openJobStatuses, ...withEvidence]);

/** When the job's evidence arrived: the time of its submit move. */
const receivedAt = (j: DemoJobPlanned) =>
  j.eventTimes[j.steps.findIndex((s) => s.action === 'submit') + 1]!;

/**
 * What is wrong with the evidence of a few submitted jobs, so that a reviewer meets each warning
 * of the machine checks on first start: a bill in another name, a bill seven months old, a
 * capture in another state. The others match their claim.
 */
export const demoEvidenceFlaws = ['other_name', 'old_bill', 'wrong_state'] as const;
export type DemoEvidenceFlaw = (typeof demoEvidenceFlaws)[number];

/** The flawed jobs: the 2nd, 3rd and 4th of those waiting for review (the 1st matches). */
export function flawsOf(jobs: readonly Pick<DemoJobPlanned, 'id' | 'status'>[]) {
  const waiting = jobs.filter((j) => j.status === 'submitted');
  return new Map(demoEvidenceFlaws.map((flaw, i) => [waiting[i + 1]?.id ?? '', flaw]));
}

const claimOfPlan = (j: DemoJobPlanned) =>
  claimOf({
    kind: j.kind,
    subject_name: j.job.subjectName,
    fields: j.job.fields,
    state: j.place.state,
    lga: j.job.lga,
  });

/** Someone else's name, for a borrowed bill. */
function otherName(r: DemoRandom, name: string) {
  for (;;) {
    const other = `${r.pick(firstNames)} ${r.pick(lastNames)}`;
    if (!name.includes(other.split(' ')[1]!)) return other;
  }
}

/** The three photos of a job, different for every job. */
async function photosFor(
  r: DemoRandom,
  j: DemoJobPlanned,
  received: Date,
  flaw: DemoEvidenceFlaw | undefined,
) {
  const claim = claimOfPlan(j);
  const address = claim.address ?? '';
  const customer = flaw === 'other_name' ? otherName(r, claim.subjectName) : claim.subjectName;
  const billed = new Date(received);
  if (flaw === 'old_bill') billed.setUTCMonth(billed.getUTCMonth() - 7);
  const month = billed.toLocaleString('en-US', { month: 'long', year: 'numeric' });
  const pictures: [PhotoKind, Promise<Buffer>][] = [
    ['selfie', selfiePhoto(r)],
    ['house', housePhoto(r, address.split(' ')[0] ?? '1')],
    [
      'utility_bill',
      utilityBillPhoto(r, {
        disco: j.place.disco,
        customer,
        address: `${address}, ${j.job.lga}`,
        month,
        amount: formatNaira(r.int(4_500, 48_000)),
      }),
    ],
  ];
  return Promise.all(pictures.map(async ([kind, data]) => ({ kind, data: await data })));
}

/**
 * Where the agent stood: within about 4 km of the claimed LGA's headquarters (the place check's
 * own point), else of the state's main city; for a capture in the wrong state, near another
 * state's main city.
 */
const gpsFor = (r: DemoRandom, j: DemoJobPlanned, flaw: DemoEvidenceFlaw | undefined) => {
  const centre =
    flaw === 'wrong_state'
      ? demoPlaces.find((p) => p.state !== j.place.state)!.centre
      : (placeOf(j.place.state, j.job.lga) ?? j.place.centre);
  return {
    lat: +(centre.lat + r.between(-0.035, 0.035)).toFixed(6),
    lng: +(centre.lng + r.between(-0.035, 0.035)).toFixed(6),
  };
};

/** What the drawing stored: each job's evidence photos and its attached consent form. */
export interface DrawnFiles {
  photos: Map<string, NewPhoto[]>;
  attachments: Map<string, Omit<JobAttachmentRow, 'id' | 'created_at' | 'file_name'>>;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Draws the jobs' evidence photos and consent forms and stores them as the capture submit and
 * job creation do (images re-encoded without metadata, hashed as sent). Needs no database: the
 * seed starts it first and writes the jobs meanwhile, since sharp works on libuv's threads while
 * PGlite holds the main one. Each job draws from its own generator, so the pictures do not
 * depend on timing.
 */
export async function drawFiles(ctx: DemoContext, jobs: DemoJobPlanned[]) {
  const drawn: DrawnFiles = { photos: new Map(), attachments: new Map() };
  const flaws = flawsOf(jobs);
  const work = jobs
    .map((j, i) => ({ j, r: demoRandom(i + 1) }))
    .filter(({ j }) => withEvidence.has(j.status) || j.withAttachment);
  await eachLimited(work, 4, async ({ j, r }) => {
    if (j.withAttachment) {
      const scan = await consentFormScan(r, j.job.subjectName, j.owner.name);
      const checked = await checkAttachment(scan);
      if (!checked.ok) throw new Error(`demo attachment: ${checked.problem}`);
      const stored = await ctx.storage.put(checked.data, 'attachments', checked.extension);
      drawn.attachments.set(j.id, {
        content_type: checked.contentType,
        size_bytes: scan.length,
        sha256: sha256(scan),
        storage_key: stored.key,
      });
    }
    if (!withEvidence.has(j.status)) return;
    const photos: NewPhoto[] = [];
    for (const { kind, data } of await photosFor(r, j, receivedAt(j), flaws.get(j.id))) {
      const facts = await inspectJpeg(data);
      if (!facts) throw new Error(`demo photo ${kind} of ${j.id} does not decode`);
      const { storage_key, sha256, size_bytes } = await storeCapturePhoto(ctx.storage, j.id, data);
      photos.push({ kind, ...facts, storage_key, sha256, size_bytes });
    }
    drawn.photos.set(j.id, photos);
  });
  return drawn;
}

/**
 * Capture links for the assigned jobs (as assignment issues them), the submissions of the jobs
 * with evidence (their drawn photos, GPS within the state, accuracy, device time) with their
 * machine checks pending (the server queues them once started: services/checks/runner.ts), and
 * the consent forms of a few jobs, attached at creation.
 */
export async function seedEvidence(
  tx: Queryable,
  ctx: DemoContext,
  jobs: DemoJob[],
  drawn: DrawnFiles,
) {
  const captures = createCapturesRepository(tx);
  const demo = createDemoDataRepository(tx);
  const r = ctx.random;

  const tokenOf = new Map<string, string>();
  const holders = new Map<string, { jobs: DemoJob[]; byId: string }>();
  for (const j of jobs.filter((x) => linked.has(x.status))) {
    const assign = j.steps.findLast((s) => s.action === 'assign')!;
    const key = `${assign.assignee!.type}:${assign.assignee!.id}`;
    const entry = holders.get(key) ?? { jobs: [], byId: assign.actorId! };
    entry.jobs.push(j);
    holders.set(key, entry);
  }
  for (const [key, { jobs: held, byId }] of holders) {
    const [type, id] = key.split(':') as ['company' | 'agent', string];
    const holder = type === 'agent' ? { agentId: id } : { companyId: id };
    const deps = { captures, captureLinks: ctx.captureLinks };
    const links = await issueCaptureLinks(
      deps,
      held.map((j) => j.id),
      holder,
      byId,
      tx,
    );
    for (const l of links) tokenOf.set(l.jobId, ctx.captureLinks.hash(l.token));
  }
  await demo.dateCaptureLinks([...tokenOf.keys()], tx);

  const checks = createCaptureChecksRepository(tx);
  const flaws = flawsOf(jobs);
  const submitted = jobs.filter((j) => withEvidence.has(j.status));
  for (const j of submitted) {
    const received = receivedAt(j);
    // Now and then a weak GPS fix or a phone clock hours off, as reviewers meet them.
    const accuracy = r.chance(0.08) ? r.between(120, 300) : r.between(4, 35);
    const skewMinutes = r.chance(0.06) ? r.between(180, 600) : r.between(1, 15);
    const submissionId = await captures.insertSubmission(
      {
        job_id: j.id,
        token_hash: tokenOf.get(j.id)!,
        idempotency_key: `demo-${j.code}`,
        ...gpsFor(r, j, flaws.get(j.id)),
        accuracy_m: +accuracy.toFixed(1),
        location_text: j.job.fields.address ?? j.job.fields.inspection_address ?? null,
        captured_at: new Date(received.getTime() - skewMinutes * 60_000),
        received_at: received,
        answer: {
          message: `Thank you: the evidence for ${j.code} was received`,
          code: j.code,
          submitted_at: received.toISOString(),
        },
      },
      drawn.photos.get(j.id)!,
      tx,
    );
    await checks.markPending(submissionId, j.id, tx);
  }
  await demo.datePhotos(
    submitted.map((j) => j.id),
    tx,
  );

  const jobsRepo = createJobsRepository(tx);
  const attached = jobs.filter((j) => j.withAttachment);
  for (const j of attached) {
    const file = drawn.attachments.get(j.id)!;
    await jobsRepo.addAttachment(j.id, { ...file, file_name: `consent-form-${j.code}.jpg` }, tx);
  }
  await demo.dateAttachments(
    attached.map((j) => j.id),
    tx,
  );
}
