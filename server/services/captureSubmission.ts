import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../errors';
import type { CaptureAnswer, CaptureTokenRow, NewPhoto, PhotoKind } from '../repositories/captures';
import { invalidLink, requireOpen } from './captureLinks';
import { checksQueueingOf, queueChecks } from './checks/runner';
import { storeCapturePhoto } from './capture';
import { moveJob, type MoveStep } from './jobMoves';
import { hasJpegMagic, inspectJpeg } from './jpeg';
import { sha256 } from './secrets';

export const maxPhotoBytes = 5 * 1024 * 1024;
const idempotencyKeyPattern = /^[\x21-\x7e]{8,100}$/;

/** The submission's idempotency key, chosen by the client once per submission. */
export function idempotencyKeyOf(key: string | undefined) {
  if (!key || !idempotencyKeyPattern.test(key)) {
    const msg = 'idempotency_key is required: 8 to 100 visible characters';
    throw badRequest(msg, [{ field: 'idempotency_key', msg }]);
  }
  return key;
}

/**
 * A retry of a submission that went through gets its answer, even once the link is spent;
 * another key is 409 (or 404 on a dead link, which learns nothing more).
 */
export async function earlierAnswer(app: FastifyInstance, row: CaptureTokenRow, key: string) {
  const earlier = await app.repos.captures.submission(row.job_id);
  if (!earlier) return undefined;
  if (earlier.idempotency_key === key) return earlier.answer;
  if (!row.live) throw notFound(invalidLink);
  throw conflict(`The evidence for ${row.code} has already been submitted`);
}

/** A photo as the agent sent it, checked: a JPEG by its bytes and readable. */
export type CheckedPhoto = Omit<NewPhoto, 'storage_key'> & { data: Buffer };

/** The photo checked, or the problem in words naming its kind. */
export async function checkPhoto(
  kind: PhotoKind,
  data: Buffer,
): Promise<{ photo: CheckedPhoto } | { problem: string }> {
  if (data.length === 0) return { problem: `${kind} must be a JPEG file` };
  if (!hasJpegMagic(data)) return { problem: `${kind} must be a JPEG image: this file is not one` };
  const facts = await inspectJpeg(data);
  if (!facts) return { problem: `${kind} is not a readable JPEG image (damaged or incomplete)` };
  return {
    photo: {
      kind,
      data,
      sha256: sha256(data),
      size_bytes: data.length,
      width: facts.width,
      height: facts.height,
      phash: facts.phash,
    },
  };
}

/** Stores a checked photo as it will be served (see `storeCapturePhoto`). */
export async function storePhoto(
  app: FastifyInstance,
  jobId: string,
  { data, ...photo }: CheckedPhoto,
): Promise<NewPhoto> {
  const { storage_key } = await storeCapturePhoto(app.storage, jobId, data);
  return { ...photo, storage_key };
}

export const removeStored = (app: FastifyInstance, keys: string[]) =>
  Promise.all(keys.map((k) => app.storage.remove(k).catch(() => undefined)));

export interface CaptureLocation {
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  location_text: string | null;
  captured_at: Date;
}

/**
 * Closes a job's evidence in one transaction: the job moves to `submitted` (accepting it first if
 * still `assigned`), the submission and its photos are written, photos sent ahead are forgotten.
 * A repeat with the same idempotency key gets the first answer (`replay`); another submission for
 * the job is 409. `unused`: stored files no photo of the submission refers to (sent ahead, then
 * superseded by the photos of a one-shot upload), for the caller to remove after commit. The
 * machine checks of the submission are queued in the same transaction.
 */
export async function closeSubmission(
  app: FastifyInstance,
  row: CaptureTokenRow,
  key: string,
  location: CaptureLocation,
  photos: NewPhoto[],
): Promise<{ answer: CaptureAnswer; replay: boolean; unused: string[] }> {
  const { jobs, captures } = app.repos;
  const receivedAt = new Date();
  return app.db.transaction(async (tx) => {
    const [job] = await jobs.lockForMove([row.job_id], tx);
    const now = await captures.submission(row.job_id, tx);
    if (now) {
      if (now.idempotency_key === key) return { answer: now.answer, replay: true, unused: [] };
      throw conflict(`The evidence for ${row.code} has already been submitted`);
    }
    const again = await captures.findToken(row.token_hash, tx);
    if (!job || !again) throw notFound(invalidLink);
    requireOpen({ ...again, status: job.status });
    const steps: MoveStep[] = [
      { action: 'submit', reason: 'Evidence submitted through the capture link' },
    ];
    if (job.status === 'assigned') {
      steps.unshift({
        action: 'accept',
        reason: 'Accepted by submitting through the capture link',
      });
    }
    // Who the job events name: the agent; a partner company's link names nobody.
    await moveJob({ jobs, queue: app.queue }, job, steps, row.agent_id, tx);
    const answer: CaptureAnswer = {
      message: `Thank you: the evidence for ${job.code} was received`,
      code: job.code,
      submitted_at: receivedAt.toISOString(),
    };
    const withGps = location.lat !== null && location.lng !== null;
    const submissionId = await captures.insertSubmission(
      {
        job_id: job.id,
        token_hash: row.token_hash,
        idempotency_key: key,
        lat: withGps ? location.lat : null,
        lng: withGps ? location.lng : null,
        accuracy_m: withGps ? location.accuracy : null,
        location_text: location.location_text?.trim() || null,
        captured_at: location.captured_at,
        received_at: receivedAt,
        answer,
      },
      photos,
      tx,
    );
    await queueChecks(checksQueueingOf(app), submissionId, job.id, tx);
    const kept = new Set(photos.map((p) => p.storage_key));
    const unused = (await captures.clearUploads(job.id, tx)).filter((k) => !kept.has(k));
    return { answer, replay: false, unused };
  });
}

/** Deletes photos sent ahead of a submission that never closed, older than the retention. */
export async function sweepUnfinishedUploads(app: FastifyInstance) {
  const keys = await app.repos.captures.sweepUploads(app.config.captureUploadRetentionDays);
  await removeStored(app, keys);
  return keys.length;
}
