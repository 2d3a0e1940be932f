import { jobKindLabels, type JobKind } from '../../reference/jobKinds';
import { photoKinds, type PendingSubmission, type PhotoKind } from './pendingStore';
import type {
  CaptureJobView,
  CaptureSubmitted,
  MyCaptureJob,
  UploadsSubmitBody,
} from '../../server/schemas/capture';

export { jobKindLabels, type JobKind };

/** The capture link's answers: the server's wire types (server/schemas/capture.ts). */
export type {
  CaptureJob,
  CaptureJobView,
  CaptureSubmitted,
  MyCaptureJob as MyJob,
} from '../../server/schemas/capture';

/** The server answered with an error status; `message` is its own text. */
export class ApiError extends Error {
  readonly status: number;
  /** The fields the server named as wrong, if any. */
  readonly fields: string[];
  /** The server's `Retry-After` in seconds, when it said when to come back. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, message: string, fields: string[] = [], retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** No answer at all: offline, connection dropped, DNS... */
export class NetworkError extends Error {
  constructor() {
    super('No connection to the server.');
    this.name = 'NetworkError';
  }
}

/** Worth trying again later with the same data. */
export const isRetryable = (err: unknown) =>
  err instanceof NetworkError ||
  (err instanceof ApiError && (err.status >= 500 || err.status === 408 || err.status === 429));

const base = '/api/v2/capture/';

export const captureUrl = (token: string) => base + encodeURIComponent(token);

export async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
  } catch {
    throw new NetworkError();
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    if (res.ok) throw new NetworkError(); // a cut-off answer
  }
  if (!res.ok) {
    const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
    const fields = Array.isArray(errors)
      ? errors.map((e: { field?: unknown }) => String(e?.field ?? ''))
      : [];
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    throw new ApiError(
      res.status,
      typeof message === 'string' && message ? message : `The server answered ${res.status}.`,
      fields,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    );
  }
  return body as T;
}

export const fetchCaptureJob = (token: string) => request<CaptureJobView>(captureUrl(token));

export const fetchMyJobs = (token: string) =>
  request<{ data: MyCaptureJob[] }>(`${base}my-jobs/${encodeURIComponent(token)}`).then(
    (r) => r.data,
  );

/** The multipart POST of a kept submission; the idempotency key makes repeats safe. */
export function submitCapture(p: PendingSubmission) {
  const form = new FormData();
  for (const kind of photoKinds) {
    form.append(kind, new Blob([p.photos[kind]], { type: 'image/jpeg' }), `${kind}.jpg`);
  }
  if (p.gps) {
    form.append('lat', String(p.gps.lat));
    form.append('lng', String(p.gps.lng));
    form.append('accuracy', String(p.gps.accuracy));
  }
  if (p.locationText.trim()) form.append('location_text', p.locationText.trim());
  form.append('captured_at', p.capturedAt);
  form.append('idempotency_key', p.idempotencyKey);
  return request<CaptureSubmitted>(captureUrl(p.token), {
    method: 'POST',
    body: form,
    headers: { 'Idempotency-Key': p.idempotencyKey },
  });
}

/** Closes a submission whose photos the server holds: location, device time and their hashes. */
export const closeCapture = (p: PendingSubmission, hashes: Record<PhotoKind, string>) =>
  request<CaptureSubmitted>(`${captureUrl(p.token)}/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      idempotency_key: p.idempotencyKey,
      ...(p.gps ? { lat: p.gps.lat, lng: p.gps.lng, accuracy: p.gps.accuracy } : {}),
      ...(p.locationText.trim() ? { location_text: p.locationText.trim() } : {}),
      captured_at: p.capturedAt,
      photos: hashes,
    } satisfies UploadsSubmitBody),
  });
