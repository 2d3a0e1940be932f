import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { lastMailLink, login } from '../helpers';
import type { Headers } from '../jobs/support';

/**
 * A valid invitation body (spec §3's new admin payload, without the password: the invited user
 * chooses it) with a unique email.
 */
export function inviteBody(over: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  return {
    first_name: 'Chiamaka',
    last_name: 'Nwosu',
    email: `chiamaka.${n}@example.ng`,
    phone: '0803 555 0101',
    address: '14 Adeola Odeku Street, Victoria Island',
    permission: ['View Job History'],
    ...over,
  };
}

export const invite = (app: App, headers: Headers, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v2/auth/invite-admin', headers, payload: body });

/** What the invited users of these tests choose through the mailed link. */
export const invitedPassword = 'kola-nut-garden-42';

/** Follows the newest mailed link to `email` as its owner, choosing `password`; 200 expected. */
export async function acceptInvitation(
  app: App,
  db: Db,
  email: string,
  password = invitedPassword,
) {
  const link = await lastMailLink(db, email);
  if (link.pathname !== '/setpassword') throw new Error(`not an invitation link: ${link.href}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/set-password',
    payload: { token: link.searchParams.get('token'), password },
  });
  if (res.statusCode !== 200) throw new Error(`set-password: ${res.statusCode} ${res.body}`);
}

/** Invites, accepts with `invitedPassword` and signs in: the new user's session. */
export async function inviteAndAccept(
  app: App,
  db: Db,
  headers: Headers,
  body: Record<string, unknown> & { email: string },
) {
  const res = await invite(app, headers, body);
  if (res.statusCode !== 202) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  await acceptInvitation(app, db, body.email);
  return login(app, body.email, invitedPassword);
}

export const call = (
  app: App,
  headers: Headers,
  method: 'GET' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) => app.inject({ method, url: `/api/v2${url}`, headers, ...(payload ? { payload } : {}) });
