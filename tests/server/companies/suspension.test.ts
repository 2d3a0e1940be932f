import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type TestContext } from '../helpers';
import { createJob, createJobsTestApp, signIn, type Headers, type Actor } from '../jobs/support';

/**
 * A suspended company: every session of its users ends at once (the jobs list's in-statement
 * check included), sign-in and refresh are refused, and reactivating lets them sign in again.
 */
let ctx: TestContext;
let admin: Actor;
let viewer: Actor; // provider sub-admin with every label but not a head
let lagos: Actor;
let lagosStaff: Actor;
let kano: Actor; // another company, never suspended

const password = 'amaka-test-pass-7';
const suspended = 'Your company is suspended. Please contact the provider.';

const setStatus = (headers: Headers, id: string, status: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/companies/${id}/status`,
    headers,
    payload: { status },
  });
const get = (headers: Headers, url: string) => ctx.app.inject({ url, headers });
const tryLogin = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email, password } });

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  viewer = await signIn(ctx.app, ctx.db, 'staff', {
    permissions: ['User management (view)', 'Delete or Disable Account'],
  });
  lagos = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Lagos Credit Ltd' });
  lagosStaff = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: lagos.companyId!,
    permissions: ['View Job History', 'Create Job'],
  });
  kano = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Kano Verify Ltd' });
  await createJob(ctx.app, lagos.headers);
});
afterAll(() => ctx.close());

describe('security: a suspended company is signed out at once (PATCH /companies/{id}/status)', () => {
  it("ends every session of the company's users at once and refuses their sign-in", async () => {
    const session = await login(ctx.app, lagosStaff.account.email, password);
    // Remembered by the jobs list, which then checks the session in its own statement.
    expect((await get(lagosStaff.headers, '/api/v2/jobs')).statusCode).toBe(200);

    const res = await setStatus(admin.headers, lagos.companyId!, 'suspended');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: lagos.companyId, status: 'suspended' });
    expect(res.json().suspended_at).toEqual(expect.any(String));

    for (const headers of [lagos.headers, lagosStaff.headers]) {
      for (const url of ['/api/v2/jobs', '/api/v2/auth/me', '/api/v2/wallet']) {
        expect((await get(headers, url)).statusCode).toBe(401);
      }
    }
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    for (const email of [lagos.account.email, lagosStaff.account.email]) {
      const refused = await tryLogin(email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(suspended);
    }
    // Another company works on.
    expect((await get(kano.headers, '/api/v2/auth/me')).statusCode).toBe(200);
    const listed = await get(admin.headers, '/api/v2/companies?filter={"status":"suspended"}');
    expect(listed.json().map((c: { id: string }) => c.id)).toEqual([lagos.companyId]);
    const bad = await get(admin.headers, '/api/v2/companies?filter={"status":"frozen"}');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('filter.status');
    expect((await get(admin.headers, `/api/v2/companies/${lagos.companyId}`)).json().status).toBe(
      'suspended',
    );
  });

  it('lets its users sign in again once reactivated', async () => {
    const res = await setStatus(admin.headers, lagos.companyId!, 'active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', suspended_at: null });
    const session = await login(ctx.app, lagosStaff.account.email, password);
    expect((await get(session.headers, '/api/v2/jobs')).statusCode).toBe(200);
  });

  it('refuses a session whose company was suspended behind its back, with the reason', async () => {
    const session = await login(ctx.app, lagos.account.email, password);
    expect((await get(session.headers, '/api/v2/jobs')).statusCode).toBe(200);
    // Sessions left open (as a second process may still hold them): the status alone ends them.
    await ctx.db.query('UPDATE companies SET suspended_at = now() WHERE id = $1', [
      lagos.companyId,
    ]);
    for (const url of ['/api/v2/jobs', '/api/v2/auth/me']) {
      const res = await get(session.headers, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(suspended);
    }
    await ctx.db.query('UPDATE companies SET suspended_at = NULL WHERE id = $1', [lagos.companyId]);
  });

  it('is for the provider heads only', async () => {
    for (const who of [viewer, kano]) {
      expect((await setStatus(who.headers, kano.companyId!, 'suspended')).statusCode).toBe(403);
    }
    expect((await get(kano.headers, '/api/v2/auth/me')).statusCode).toBe(200);
  });

  it('answers a bad status 400 naming it, an unknown company 404', async () => {
    const bad = await setStatus(admin.headers, kano.companyId!, 'frozen');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('status');
    const unknown = await setStatus(
      admin.headers,
      '00000000-0000-4000-8000-000000000000',
      'suspended',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
