import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { signIn } from '../jobs/support';

export type Headers = Record<string, string>;

/** `POST /messages` as the user of `headers`. */
export const send = (app: App, headers: Headers, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v2/messages', headers, payload });

export const get = (app: App, headers: Headers, url: string) =>
  app.inject({ method: 'GET', url: `/api/v2${url}`, headers });

export const unreadCount = async (app: App, headers: Headers) =>
  (await get(app, headers, '/messages/unread-count')).json<{ count: number }>().count;

/** A list URL in ra-data-simple-rest's conventions. */
export const listUrl = (
  path: string,
  params: { filter?: object; range?: number[]; sort?: string[] },
) =>
  `${path}?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&')}`;

/**
 * The people of these tests: the provider's admin and a sub-admin, two companies (Lagos Credit
 * with a sub-user, Kano Foods), an agent.
 */
export async function messageCast(app: App, db: Db) {
  const admin = await signIn(app, db, 'admin');
  const staff = await signIn(app, db, 'staff', { permissions: ['View Dashboard'] });
  const lagos = await signIn(app, db, 'company', { company_name: 'Lagos Credit Ltd' });
  const lagosClerk = await signIn(app, db, 'subuser', {
    companyOf: lagos.companyId!,
    permissions: [],
  });
  const kano = await signIn(app, db, 'company', { company_name: 'Kano Foods Ltd' });
  const agent = await signIn(app, db, 'agent');
  return { admin, staff, lagos, lagosClerk, kano, agent };
}

export const message = (over: Record<string, unknown> = {}) => ({
  subject: 'Your Ikeja verifications',
  body: 'Good morning,\nthe three Ikeja addresses were verified yesterday.',
  ...over,
});
