import { ApiError, captureUrl, closeCapture, isRetryable, request, submitCapture } from './api';
import { photoKinds, type PendingSubmission, type PhotoKind } from './pendingStore';

/**
 * Photos leave the phone as soon as they are taken, one by one, while the agent frames the next:
 * Submit then only closes the submission. Each photo is named by its SHA-256, so one the server
 * already holds is never sent again, and an upload already under way is joined, not repeated.
 */

export type Hashes = Record<PhotoKind, string>;

/** Hashing needs a secure context (HTTPS or localhost); without it the one-shot upload is used. */
export const canSendAhead = () => typeof crypto !== 'undefined' && !!crypto.subtle;

export async function sha256Hex(bytes: ArrayBuffer) {
  // A copy as a plain byte view: test DOMs hand out ArrayBuffers of another realm.
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', Uint8Array.from(new Uint8Array(bytes))),
  );
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

const underWay = new Map<string, Promise<void>>();
const held = new Set<string>();
const keyOf = (token: string, kind: PhotoKind, sha: string) => `${token}/${kind}/${sha}`;

/** Sends one photo unless the server holds it or it is on its way already. */
export function sendPhoto(token: string, kind: PhotoKind, bytes: ArrayBuffer, sha: string) {
  const key = keyOf(token, kind, sha);
  if (held.has(key)) return Promise.resolve();
  const going = underWay.get(key);
  if (going) return going;
  const sending = request<unknown>(`${captureUrl(token)}/photos/${kind}?sha256=${sha}`, {
    method: 'PUT',
    body: bytes,
    headers: { 'Content-Type': 'image/jpeg' },
  })
    .then(() => {
      held.add(key);
    })
    .finally(() => underWay.delete(key));
  underWay.set(key, sending);
  return sending;
}

const retryDelaysMs = [2_000, 5_000, 15_000, 30_000];

/**
 * Sends a photo in the background. A lost connection is retried when the phone is back online or
 * after a pause; anything else waits for Submit, which reports it.
 */
export function sendInBackground(token: string, kind: PhotoKind, bytes: ArrayBuffer, sha: string) {
  let attempt = 0;
  const go = () => {
    sendPhoto(token, kind, bytes, sha).catch((err: unknown) => {
      if (!isRetryable(err) || attempt >= retryDelaysMs.length) return;
      const delay = retryDelaysMs[attempt++]!;
      const again = () => {
        window.removeEventListener('online', again);
        clearTimeout(timer);
        go();
      };
      const timer = setTimeout(again, delay);
      window.addEventListener('online', again);
    });
  };
  go();
}

/** The photos of this link the server holds, by kind. */
async function heldOnServer(token: string) {
  const { data } = await request<{ data: { kind: PhotoKind; sha256: string }[] }>(
    `${captureUrl(token)}/photos`,
  );
  for (const p of data) held.add(keyOf(token, p.kind, p.sha256));
  return new Map(data.map((p) => [p.kind, p.sha256]));
}

/** Makes sure the server holds these three photos: sends only those it lacks, one at a time. */
export async function sendMissing(
  token: string,
  photos: Record<PhotoKind, ArrayBuffer>,
  hashes: Hashes,
) {
  // Photos this page has sent, or is sending, need no round trip to ask the server: Submit right
  // after the last photo then waits for that upload alone. A photo the server lost meanwhile is
  // named by the closing call, and deliver() asks again.
  const keys = photoKinds.map((kind) => keyOf(token, kind, hashes[kind]));
  if (keys.every((key) => held.has(key) || underWay.has(key))) {
    await Promise.all(photoKinds.map((kind) => sendPhoto(token, kind, photos[kind], hashes[kind])));
    return;
  }
  const server = await heldOnServer(token);
  for (const kind of photoKinds) {
    if (server.get(kind) !== hashes[kind]) await sendPhoto(token, kind, photos[kind], hashes[kind]);
  }
}

/** A refusal of Submit naming photos the server does not hold (swept, or a retake raced). */
const namesMissingPhotos = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 400 &&
  err.fields.some((f) => (photoKinds as readonly string[]).includes(f));

/**
 * Delivers a kept submission: the photos the server lacks, then the closing call (once more if
 * the server lost a photo meanwhile). Without hashing, everything in one multipart upload.
 */
export async function deliver(p: PendingSubmission) {
  if (!canSendAhead()) return submitCapture(p);
  const hashes = p.hashes ?? (await hashAll(p.photos));
  try {
    await sendMissing(p.token, p.photos, hashes);
  } catch (err) {
    // A spent link takes no photos, but still answers a retry of its submission.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  try {
    return await closeCapture(p, hashes);
  } catch (err) {
    if (!namesMissingPhotos(err)) throw err;
    forgetSentPhotos();
    await sendMissing(p.token, p.photos, hashes);
    return closeCapture(p, hashes);
  }
}

async function hashAll(photos: Record<PhotoKind, ArrayBuffer>): Promise<Hashes> {
  const out: Partial<Hashes> = {};
  for (const kind of photoKinds) out[kind] = await sha256Hex(photos[kind]);
  return out as Hashes;
}

/** Forgets what this page knows of the server's photos (tests; a new submission). */
export function forgetSentPhotos() {
  held.clear();
  underWay.clear();
}
