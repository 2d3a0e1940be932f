import type { App } from '../../../server/app';
import type { Headers } from '../jobs/support';

/** `POST /api-keys` as `headers`; the raw answer. */
export const postKey = (app: App, headers: Headers, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v2/api-keys', headers, payload: body });

/** A new key of `headers`' company (or the one `body.company_id` names), as its bearer header. */
export async function newKey(app: App, headers: Headers, body: Record<string, unknown> = {}) {
  const res = await postKey(app, headers, { name: 'Loan system', ...body });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  const created = res.json() as { id: string; name: string; key: string };
  return { ...created, headers: { authorization: `Bearer ${created.key}` } as Headers };
}
