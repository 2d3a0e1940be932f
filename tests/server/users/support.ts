import type { App } from '../../../server/app';
import type { Headers } from '../jobs/support';

/** A valid invitation body (spec §3's new admin payload) with a unique email. */
export function inviteBody(over: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  return {
    first_name: 'Chiamaka',
    last_name: 'Nwosu',
    email: `chiamaka.${n}@example.ng`,
    phone: '0803 555 0101',
    password: 'kola-nut-garden-42',
    address: '14 Adeola Odeku Street, Victoria Island',
    permission: ['View Job History'],
    ...over,
  };
}

export const invite = (app: App, headers: Headers, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v2/auth/invite-admin', headers, payload: body });

export const call = (
  app: App,
  headers: Headers,
  method: 'GET' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) => app.inject({ method, url: `/api/v2${url}`, headers, ...(payload ? { payload } : {}) });
