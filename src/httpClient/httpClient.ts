import { fetchUtils, HttpError } from 'react-admin';
import { readAccessToken } from '../authProvider/session';

/** Base path of every API call (spec §7). The API server serves the app, Vite proxies it in dev. */
export const apiUrl = '/api/v2';

export interface HttpOptions extends fetchUtils.Options {
  /** Send the bearer access token (default). The public auth calls turn it off (spec §7's flag). */
  auth?: boolean;
}

/**
 * The one HTTP client of the app: JSON in and out, `Authorization: Bearer <accessToken>` added
 * (fetchJson does not add it by itself), non-2xx answers rejected as react-admin `HttpError`s
 * whose `body` is the server's `{message, errors?}`.
 */
export function httpClient(url: string, { auth = true, ...options }: HttpOptions = {}) {
  const token = auth ? readAccessToken() : null;
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
}

/** The HTTP status of a failed call (a react-admin `HttpError`), if it got an answer. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Calls an API path with a JSON (or FormData) body, if any, and returns the parsed answer: the one
 * way the dataProvider's parts call the API. `headers` replace the default ones (an
 * `Idempotency-Key`), `auth: false` leaves the token out (the public calls).
 */
export async function apiJson<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Headers; auth?: boolean } = {},
) {
  const { json } = await httpClient(`${apiUrl}${path}`, {
    method: init.method ?? 'GET',
    ...(init.headers ? { headers: init.headers } : {}),
    ...(init.auth === false ? { auth: false } : {}),
    ...(init.body === undefined
      ? {}
      : { body: init.body instanceof FormData ? init.body : JSON.stringify(init.body) }),
  });
  return json as T;
}

/** POST a JSON body to an API path and return the parsed answer. */
export async function postJson<T>(path: string, body: unknown, options: HttpOptions = {}) {
  const { json } = await httpClient(`${apiUrl}${path}`, {
    ...options,
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json as T;
}

/** The `HttpError` of a non-2xx answer whose body is `text` (JSON or not). */
function httpErrorOf(status: number, statusText: string, text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text || undefined;
  }
  const message =
    (json as { message?: unknown } | undefined)?.message ?? (statusText || `HTTP ${status}`);
  return new HttpError(String(message), status, json);
}

/**
 * GET a file (CSV export, templates) with the bearer token: the answer as a Blob, or an
 * `HttpError` carrying the server's `{message}` like the JSON calls (spec §7 "CSV download helper").
 */
export async function fetchBlob(
  url: string,
  { accept = 'text/csv' }: { accept?: string } = {},
): Promise<Blob> {
  const token = readAccessToken();
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers });
  if (!response.ok) {
    throw httpErrorOf(response.status, response.statusText, await response.text());
  }
  return response.blob();
}

export interface UploadProgress {
  /** Bytes sent so far and in all (`total` is 0 when the browser cannot tell). */
  loaded: number;
  total: number;
  /** True once the whole body has been sent: the server is now reading it. */
  sent: boolean;
}

/**
 * POSTs a multipart form with XMLHttpRequest, the only browser API that reports upload progress,
 * with the bearer token; resolves to the parsed JSON answer, rejects like `httpClient` does.
 */
export function postFormWithProgress<T>(
  url: string,
  body: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
        sent: false,
      });
    xhr.upload.onload = () => onProgress?.({ loaded: 1, total: 1, sent: true });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText || 'null') as T);
        } catch {
          resolve(undefined as T);
        }
      } else {
        reject(httpErrorOf(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));
    xhr.send(body);
  });
}
