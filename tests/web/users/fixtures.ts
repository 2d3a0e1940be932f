import { http, HttpResponse } from 'msw';
import type { Account } from '../../../src/authProvider';
import type { User } from '../../../src/resources/users/types';
import { server } from '../support/server';
import { adminAccount } from '../support/session';

export const ngoziUser: User = {
  id: '7a000000-0000-4000-8000-000000000001',
  uniqueCode: 'SUB-000007',
  first_name: 'Ngozi',
  last_name: 'Eze',
  full_name: 'Ngozi Eze',
  email: 'ngozi@verify.ng',
  phone: '+2348031112222',
  address: '5 Broad Street, Lagos Island',
  role: 'sub-admin',
  company_id: null,
  company_name: null,
  permissions: ['View Job History'],
  status: 0,
  created_date: '2025-03-04T09:00:00.000Z',
  last_seen: '2025-04-01T12:30:00.000Z',
  picture_url: null,
};

/** A provider sub-admin who may create sub-admins, with two job labels. */
export const creatorAccount: Account = {
  ...adminAccount,
  id: 'acc-sub',
  role: 'sub-admin',
  isSuperAdmin: false,
  permissions: ['Create Sub-User', 'View Job History', 'User management (view)'],
};

/** Records every call to the people endpoints; `user` is what the detail calls answer. */
export function answerUsers(initial: User[] = [ngoziUser]) {
  const users = new Map(initial.map((u) => [u.id, { ...u }]));
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json();
    calls.push({ method: request.method, path: url.pathname + url.search, body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get('/api/v2/users', async ({ request }) => {
      await record(request);
      const list = [...users.values()];
      return HttpResponse.json(list, {
        headers: { 'Content-Range': `users 0-${list.length - 1}/${list.length}` },
      });
    }),
    http.get('/api/v2/users/:id', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(users.get(String(params.id)));
    }),
    http.put('/api/v2/users/:id', async ({ request, params }) => {
      const body = await record(request);
      const updated = { ...users.get(String(params.id))!, ...body };
      users.set(updated.id, updated);
      return HttpResponse.json(updated);
    }),
    http.patch('/api/v2/user/:id', async ({ request, params }) => {
      const body = await record(request);
      const updated = { ...users.get(String(params.id))!, status: body.status as number };
      users.set(updated.id, updated);
      return HttpResponse.json(updated);
    }),
  );
  return calls;
}
