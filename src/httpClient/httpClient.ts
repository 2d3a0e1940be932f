import { fetchUtils } from 'react-admin';
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

/** POST a JSON body to an API path and return the parsed answer. */
export async function postJson<T>(path: string, body: unknown, options: HttpOptions = {}) {
  const { json } = await httpClient(`${apiUrl}${path}`, {
    ...options,
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json as T;
}
