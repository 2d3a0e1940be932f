import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../helpers';
import { signIn, type Actor } from '../jobs/support';
import {
  acceptInvitation,
  call,
  invite,
  inviteAndAccept,
  inviteBody,
  invitedPassword,
} from './support';

let ctx: TestContext;
let admin: Actor;
let manager: Actor; // provider sub-admin who views and manages users
let viewer: Actor; // provider sub-admin with jobs only
let lagos: Actor;
let lagosSub: Actor;
let kano: Actor;
let kanoSub: Actor;

const managerLabels = [
  'User management (view)',
  'Delete or Disable Account',
  'Create Sub-User',
  'View Job History',
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  manager = await signIn(ctx.app, ctx.db, 'staff', { permissions: managerLabels });
  viewer = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['View Job History'] });
  lagos = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Lagos Credit Ltd' });
  lagosSub = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: lagos.companyId!,
    permissions: ['User management (view)'],
  });
  kano = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Kano Microfinance' });
  kanoSub = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: kano.companyId!,
    permissions: ['View Job History'],
  });
});
afterAll(() => ctx.close());

const ids = (users: { id: string }[]) => users.map((u) => u.id).sort();

/** A fresh provider sub-admin made through the API, with its password. */
async function newSubAdmin(permission = ['View Job History']) {
  const body = inviteBody({ permission });
  const session = await inviteAndAccept(ctx.app, ctx.db, admin.headers, body);
  return { user: { id: session.account.id }, ...body, password: invitedPassword };
}

describe('who sees which users', () => {
  it('shows provider staff their own staff (admins and sub-admins), not companies', async () => {
    const res = await call(ctx.app, admin.headers, 'GET', '/user/users');
    expect(res.statusCode).toBe(200);
    const seen = ids(res.json().users);
    for (const a of [admin, manager, viewer]) expect(seen).toContain(a.account.id);
    for (const a of [lagos, lagosSub, kano, kanoSub]) expect(seen).not.toContain(a.account.id);
  });

  it("shows a company's people only that company's owner and sub-users", async () => {
    const res = await call(ctx.app, lagosSub.headers, 'GET', '/user/users');
    expect(ids(res.json().users)).toEqual(ids([lagos.account, lagosSub.account]));
  });

  it('searches by name, email, phone or user code', async () => {
    await call(ctx.app, admin.headers, 'PUT', `/users/${viewer.account.id}`, {
      first_name: 'Olumide',
    });
    const byName = await call(ctx.app, admin.headers, 'GET', '/user/users?search=olumi');
    expect(ids(byName.json().users)).toEqual([viewer.account.id]);
    const code = viewer.account.unique_code;
    const byCode = await call(ctx.app, admin.headers, 'GET', `/user/users?search=${code}`);
    expect(ids(byCode.json().users)).toEqual([viewer.account.id]);
    const byEmail = await call(
      ctx.app,
      admin.headers,
      'GET',
      `/user/users?search=${viewer.account.email}`,
    );
    expect(ids(byEmail.json().users)).toEqual([viewer.account.id]);
    // LIKE's wildcards are plain characters here
    const wild = await call(ctx.app, admin.headers, 'GET', '/user/users?search=%25');
    expect(wild.json().users).toEqual([]);
  });

  it("answers 404 for another company's user, and for a provider user asked by a company", async () => {
    for (const url of [
      `/user/${kanoSub.account.id}`,
      `/users/${kano.account.id}`,
      `/user/${admin.account.id}`,
    ]) {
      const res = await call(ctx.app, lagos.headers, 'GET', url);
      expect(res.statusCode).toBe(404);
    }
    const own = await call(ctx.app, lagos.headers, 'GET', `/user/${lagosSub.account.id}`);
    expect(own.statusCode).toBe(200);
  });

  it('lets provider staff open any account (company owners included)', async () => {
    const res = await call(ctx.app, manager.headers, 'GET', `/users/${kano.account.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uniqueCode: kano.account.unique_code,
      full_name: `${kano.account.first_name} ${kano.account.last_name}`,
      role: 'company',
      company_name: 'Kano Microfinance',
      status: 1,
    });
    expect(Date.parse(res.json().created_date)).not.toBeNaN();
  });

  it('refuses users without User management (view)', async () => {
    for (const url of [
      '/user/users',
      '/users',
      `/users/${admin.account.id}`,
      '/user/users-by-type/company',
    ]) {
      expect((await call(ctx.app, viewer.headers, 'GET', url)).statusCode).toBe(403);
    }
  });

  it('lists users by type, a page at a time, scoped', async () => {
    const res = await call(
      ctx.app,
      admin.headers,
      'GET',
      '/user/users-by-type/company?page=1&limit=1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(res.json().users).toHaveLength(1);
    const page2 = await call(
      ctx.app,
      admin.headers,
      'GET',
      '/user/users-by-type/company?page=2&limit=1',
    );
    expect(ids([...res.json().users, ...page2.json().users])).toEqual(
      ids([lagos.account, kano.account]),
    );
    // provider sub-admins, not the companies' sub-users
    const subs = await call(ctx.app, admin.headers, 'GET', '/user/users-by-type/sub-admin');
    expect(ids(subs.json().users)).not.toContain(lagosSub.account.id);
    expect(ids(subs.json().users)).toContain(manager.account.id);
    const companySubs = await call(
      ctx.app,
      lagosSub.headers,
      'GET',
      '/user/users-by-type/sub-admin',
    );
    expect(ids(companySubs.json().users)).toEqual([lagosSub.account.id]);
    const companyAdmins = await call(ctx.app, lagosSub.headers, 'GET', '/user/users-by-type/admin');
    expect(companyAdmins.json().users).toEqual([]);
  });

  it.each([
    ['/user/users-by-type/boss', 'type'],
    ['/user/users-by-type/company?page=0', 'page'],
    ['/user/users-by-type/company?limit=1000', 'limit'],
    ['/user/not-an-id', 'id'],
  ])('answers 400 naming the field for %s', async (url, field) => {
    const res = await call(ctx.app, admin.headers, 'GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });
});

describe('the react-admin resource users', () => {
  it('pages with range and sort and says the total in Content-Range', async () => {
    const res = await call(
      ctx.app,
      admin.headers,
      'GET',
      `/users?range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["created_at","ASC"]')}`,
    );
    expect(res.statusCode).toBe(200);
    const total = (await call(ctx.app, admin.headers, 'GET', '/user/users')).json().users.length;
    expect(res.headers['content-range']).toBe(`users 0-1/${total}`);
    expect(res.json().map((u: { id: string }) => u.id)).toEqual([
      admin.account.id,
      manager.account.id,
    ]);
  });

  it('reads many by id (getMany), and only visible ones', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ id: [lagosSub.account.id, kanoSub.account.id] }),
    );
    const res = await call(ctx.app, lagos.headers, 'GET', `/users?filter=${filter}`);
    expect(ids(res.json())).toEqual([lagosSub.account.id]);
  });

  it('filters by q, type and status', async () => {
    const f = (o: object) => `/users?filter=${encodeURIComponent(JSON.stringify(o))}`;
    const q = await call(ctx.app, admin.headers, 'GET', f({ q: 'Kano' }));
    expect(q.json()).toEqual([]); // company owners are not provider staff
    const typed = await call(
      ctx.app,
      admin.headers,
      'GET',
      f({ type: 'company', q: kano.account.email }),
    );
    expect(ids(typed.json())).toEqual([kano.account.id]);
    const disabled = await call(ctx.app, admin.headers, 'GET', f({ status: 0 }));
    expect(disabled.json().every((u: { status: number }) => u.status === 0)).toBe(true);
  });

  it.each([
    ['sort', '["password_hash","ASC"]'],
    ['sort', 'not json'],
    ['range', '[5,1]'],
    ['filter', '{"type":"boss"}'],
    ['filter', '{"status":3}'],
    ['filter', '{"id":["x"]}'],
    ['filter', '[]'],
  ])('answers 400 for a bad %s %s', async (param, value) => {
    const res = await call(
      ctx.app,
      admin.headers,
      'GET',
      `/users?${param}=${encodeURIComponent(value)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(param === 'filter' ? 'filter' : param));
  });
});

describe('disabling and activating', () => {
  it('ends the user’s sessions at once: the live token gets 401, refresh 401, login 403', async () => {
    const sub = await newSubAdmin();
    const session = await login(ctx.app, sub.email, sub.password);
    expect((await call(ctx.app, session.headers, 'GET', '/auth/me')).statusCode).toBe(200);

    const res = await call(ctx.app, manager.headers, 'PATCH', `/user/${sub.user.id}`, {
      status: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(0);

    expect((await call(ctx.app, session.headers, 'GET', '/auth/me')).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: sub.email, password: sub.password },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This account is disabled');

    const on = await call(ctx.app, manager.headers, 'PATCH', `/user/${sub.user.id}`, { status: 1 });
    expect(on.json().status).toBe(1);
    expect((await login(ctx.app, sub.email, sub.password)).account.id).toBe(sub.user.id);
  });

  it('refuses disabling oneself', async () => {
    const res = await call(ctx.app, admin.headers, 'PATCH', `/user/${admin.account.id}`, {
      status: 0,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot disable your own account');
  });

  it('refuses a sub-admin acting on an admin or on someone holding more than they do', async () => {
    const strong = await newSubAdmin(['View Job History', 'Create Job']);
    for (const id of [admin.account.id, strong.user.id]) {
      const res = await call(ctx.app, manager.headers, 'PATCH', `/user/${id}`, { status: 0 });
      expect(res.statusCode).toBe(403);
    }
    const row = await ctx.db.query<{ status: number }>(
      'SELECT status FROM accounts WHERE id = $1',
      [strong.user.id],
    );
    expect(row.rows[0]!.status).toBe(1);
  });

  it('needs Delete or Disable Account, and the other company’s user is 404', async () => {
    const noRight = await call(ctx.app, lagosSub.headers, 'PATCH', `/user/${lagos.account.id}`, {
      status: 0,
    });
    expect(noRight.statusCode).toBe(403);
    const other = await call(ctx.app, lagos.headers, 'PATCH', `/user/${kanoSub.account.id}`, {
      status: 0,
    });
    expect(other.statusCode).toBe(404);
    const mine = await call(ctx.app, lagos.headers, 'PATCH', `/user/${lagosSub.account.id}`, {
      status: 0,
    });
    expect(mine.statusCode).toBe(200);
    await call(ctx.app, lagos.headers, 'PATCH', `/user/${lagosSub.account.id}`, { status: 1 });
  });

  it.each([[{ status: 2 }], [{ status: '0' }], [{}]])(
    'answers 400 naming status for %j',
    async (body) => {
      const sub = await newSubAdmin();
      const res = await call(ctx.app, admin.headers, 'PATCH', `/user/${sub.user.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('status');
    },
  );
});

describe('editing a user (PUT /users/:id)', () => {
  it('saves personal information and permissions', async () => {
    const sub = await newSubAdmin();
    const res = await call(ctx.app, admin.headers, 'PUT', `/users/${sub.user.id}`, {
      first_name: 'Ifeoma',
      last_name: 'Udeh',
      phone: '0907 000 1111',
      address: '3 Ogui Road, Enugu',
      permissions: ['View Dashboard', 'Create Job'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: 'Ifeoma Udeh',
      phone: '+2349070001111',
      address: '3 Ogui Road, Enugu',
      permissions: ['View Dashboard', 'Create Job'],
    });
    // what react-admin sends back (the whole record) changes nothing else
    const again = await call(ctx.app, admin.headers, 'PUT', `/users/${sub.user.id}`, res.json());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
  });

  it('never lets an editor grant a label they do not hold (403 naming permission)', async () => {
    const sub = await newSubAdmin(['View Job History']);
    const res = await call(ctx.app, manager.headers, 'PUT', `/users/${sub.user.id}`, {
      permissions: ['View Job History', 'View Dashboard'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].field).toBe('permission');
    const ok = await call(ctx.app, manager.headers, 'PUT', `/users/${sub.user.id}`, {
      permissions: ['View Job History', 'Create Sub-User'],
    });
    expect(ok.json().permissions).toEqual(['View Job History', 'Create Sub-User']);
  });

  it('refuses changing one’s own permissions', async () => {
    const res = await call(ctx.app, manager.headers, 'PUT', `/users/${manager.account.id}`, {
      permissions: [...managerLabels, 'Create Job'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot edit your own account');
  });

  it('refuses a permission list on a head (they hold every label)', async () => {
    const res = await call(ctx.app, admin.headers, 'PUT', `/users/${lagos.account.id}`, {
      permissions: ['View Dashboard'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('permission');
  });

  it.each([
    [{ first_name: '' }, 'first_name'],
    [{ last_name: '  ' }, 'last_name'],
    [{ phone: '0803' }, 'phone'],
    [{ address: 'x'.repeat(301) }, 'address'],
    [{ permissions: ['Teleport'] }, 'permission'],
    [{ permissions: 'View Dashboard' }, 'permissions'],
  ])('answers 400 naming the field for %j and writes nothing', async (body, field) => {
    const sub = await newSubAdmin();
    const before = (await call(ctx.app, admin.headers, 'GET', `/users/${sub.user.id}`)).json();
    const res = await call(ctx.app, admin.headers, 'PUT', `/users/${sub.user.id}`, {
      first_name: 'Changed',
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect((await call(ctx.app, admin.headers, 'GET', `/users/${sub.user.id}`)).json()).toEqual(
      before,
    );
  });

  it("answers 404 for another company's user", async () => {
    const res = await call(ctx.app, lagos.headers, 'PUT', `/users/${kanoSub.account.id}`, {
      first_name: 'Hacked',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('last seen', () => {
  it('is recorded when the user signs in and when the session refreshes', async () => {
    const sub = inviteBody();
    expect((await invite(ctx.app, admin.headers, sub)).statusCode).toBe(202);
    await acceptInvitation(ctx.app, ctx.db, sub.email);
    const [{ id }] = (
      await ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [sub.email])
    ).rows as [{ id: string }];
    const seen = async () =>
      (await call(ctx.app, admin.headers, 'GET', `/users/${id}`)).json().last_seen as string | null;
    expect(await seen()).toBeNull();
    const session = await login(ctx.app, sub.email, invitedPassword);
    const first = await seen();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);
    await ctx.db.query(
      `UPDATE accounts SET last_seen_at = now() - interval '3 hours' WHERE id = $1`,
      [id],
    );
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(Date.now() - Date.parse((await seen())!)).toBeLessThan(60_000);
  });
});
