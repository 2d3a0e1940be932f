import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { twoFactorSetupRequiredCode } from '../../../reference/twoFactor';
import { createTestApp, createUser, login, type TestContext } from '../helpers';
import { signIn } from '../jobs/support';
import { call, codeAt } from './twoFactorSupport';

describe('the policies that require two-factor sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ superAdminEmails: ['boss@provider.ng'] });
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await ctx.db.query('UPDATE admin_area_settings SET require_two_factor = false');
  });

  const setCompanyPolicy = (headers: Record<string, string>, required: boolean) =>
    call(ctx.app, 'PUT', '/auth/2fa/policy/company', { headers, payload: { required } });
  const setAdminPolicy = (headers: Record<string, string>, required: boolean) =>
    call(ctx.app, 'PUT', '/auth/2fa/policy/admin-area', { headers, payload: { required } });
  const requiredOf = async (companyId: string) =>
    (
      await ctx.db.query<{ require_two_factor: boolean }>(
        'SELECT require_two_factor FROM companies WHERE id = $1',
        [companyId],
      )
    ).rows[0]!.require_two_factor;

  it("lets a company's owner require it of the company's users, who may set it up and nothing else", async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company');
    const sub = await signIn(ctx.app, ctx.db, 'subuser', { companyOf: owner.companyId! });
    expect((await call(ctx.app, 'GET', '/jobs', { headers: sub.headers })).statusCode).toBe(200);
    const set = await setCompanyPolicy(owner.headers, true);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ required: true });

    const refused = await call(ctx.app, 'GET', '/jobs', { headers: sub.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/Two-factor sign-in is required/),
      code: twoFactorSetupRequiredCode,
    });
    // The owner is under the policy too.
    expect((await call(ctx.app, 'GET', '/jobs', { headers: owner.headers })).json().code).toBe(
      twoFactorSetupRequiredCode,
    );
    const me = await call(ctx.app, 'GET', '/auth/me', { headers: sub.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      two_factor_enabled: false,
      two_factor_required: true,
      two_factor_setup_required: true,
    });
    const setup = await call(ctx.app, 'POST', '/auth/2fa/setup', { headers: sub.headers });
    expect(setup.statusCode).toBe(200);
    const enable = await call(ctx.app, 'POST', '/auth/2fa/enable', {
      headers: sub.headers,
      payload: { code: codeAt(setup.json().secret) },
    });
    expect(enable.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/jobs', { headers: sub.headers })).statusCode).toBe(200);
  });

  it('still signs such an account in, and lets it refresh and log out', async () => {
    const owner = await createUser(ctx.db, { role: 'company' });
    await ctx.db.query('UPDATE companies SET require_two_factor = true WHERE id = $1', [
      owner.account.company_id,
    ]);
    const session = await login(ctx.app, owner.email, owner.password);
    expect(session.account).toMatchObject({ two_factor_setup_required: true });
    const refreshed = await call(ctx.app, 'POST', '/auth/refresh', {
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const out = await call(ctx.app, 'POST', '/auth/logout', {
      payload: { refreshToken: refreshed.json().refreshToken },
    });
    expect(out.statusCode).toBe(200);
  });

  it("leaves other companies' users alone", async () => {
    const a = await signIn(ctx.app, ctx.db, 'company');
    const b = await signIn(ctx.app, ctx.db, 'company');
    expect((await setCompanyPolicy(a.headers, true)).statusCode).toBe(200);
    expect(await requiredOf(a.companyId!)).toBe(true);
    expect(await requiredOf(b.companyId!)).toBe(false);
    expect((await call(ctx.app, 'GET', '/jobs', { headers: b.headers })).statusCode).toBe(200);
    // B's owner setting a policy sets B's, never A's.
    expect((await setCompanyPolicy(b.headers, false)).statusCode).toBe(200);
    expect(await requiredOf(a.companyId!)).toBe(true);
  });

  it("refuses the company policy to sub-users and to the provider's staff", async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company');
    const sub = await signIn(ctx.app, ctx.db, 'subuser', { companyOf: owner.companyId! });
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    expect((await setCompanyPolicy(sub.headers, true)).statusCode).toBe(403);
    expect((await setCompanyPolicy(admin.headers, true)).statusCode).toBe(403);
    expect(await requiredOf(owner.companyId!)).toBe(false);
  });

  it('lets only a super-admin require it of the admin area', async () => {
    const staff = await signIn(ctx.app, ctx.db, 'staff');
    const owner = await signIn(ctx.app, ctx.db, 'company');
    expect((await setAdminPolicy(staff.headers, true)).statusCode).toBe(403);
    expect((await setAdminPolicy(owner.headers, true)).statusCode).toBe(403);
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    expect((await setAdminPolicy(admin.headers, true)).statusCode).toBe(200);
    const policy = await ctx.db.query('SELECT require_two_factor FROM admin_area_settings');
    expect(policy.rows).toEqual([{ require_two_factor: true }]);
    // Staff (and the admin) are now held at the setup; companies are not.
    expect((await call(ctx.app, 'GET', '/jobs', { headers: staff.headers })).json().code).toBe(
      twoFactorSetupRequiredCode,
    );
    expect((await call(ctx.app, 'GET', '/jobs', { headers: owner.headers })).statusCode).toBe(200);
    // Switching it off is the admin's one way out without setting it up: refused too.
    expect((await setAdminPolicy(admin.headers, false)).json().code).toBe(
      twoFactorSetupRequiredCode,
    );
  });

  it('lets a super-admin by email (a sub-admin) set the admin-area policy', async () => {
    const boss = await createUser(ctx.db, { role: 'sub-admin', email: 'boss@provider.ng' });
    const { headers } = await login(ctx.app, boss.email, boss.password);
    expect((await setAdminPolicy(headers, true)).statusCode).toBe(200);
  });

  it('refuses a policy body without a boolean, naming the field', async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company');
    const res = await call(ctx.app, 'PUT', '/auth/2fa/policy/company', {
      headers: owner.headers,
      payload: { required: 'yes please' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('required');
  });
});
