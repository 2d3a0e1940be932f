import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermissionLabel } from '../../../reference/permissions';
import { demoStaffPassword } from '../../../server/seed/demoUsers';
import { createDemoTestApp } from '../demoSnapshot';
import { login, post, type TestContext } from '../helpers';
import { call } from './support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createDemoTestApp();
}, 120_000);
afterAll(() => ctx.close());

describe('demo users', () => {
  it("gives the demo company sub-users who see their company's people only", async () => {
    const officer = await login(ctx.app, 'loans.officer@demo.ng', demoStaffPassword);
    const me = (await call(ctx.app, officer.headers, 'GET', '/auth/me')).json();
    expect(me).toMatchObject({ area: 'company', company_name: 'Lagos Credit Ltd' });
    const owner = await login(ctx.app, 'company@demo.ng', 'Company1234!');
    const people = (await call(ctx.app, owner.headers, 'GET', '/user/users')).json().users;
    expect(people.map((u: { email: string }) => u.email).sort()).toEqual([
      'accounts@demo.ng',
      'company@demo.ng',
      'loans.officer@demo.ng',
    ]);
  });

  it('gives the provider sub-admins of different labels, one disabled, with real last-seen times', async () => {
    const admin = await login(ctx.app, 'admin@demo.ng', 'Admin1234!');
    const staff = (
      await call(ctx.app, admin.headers, 'GET', '/user/users-by-type/sub-admin')
    ).json().users as {
      email: string;
      permissions: string[];
      status: number;
      last_seen: string | null;
    }[];
    const byEmail = new Map(staff.map((u) => [u.email, u]));
    expect(byEmail.get('former.staff@demo.ng')?.status).toBe(0);
    expect(byEmail.get('reviewer@demo.ng')?.last_seen).not.toBeNull();
    expect(new Set(staff.map((u) => u.permissions.join())).size).toBeGreaterThanOrEqual(4);
    const disabled = await post(ctx.app, 'login', {
      email: 'former.staff@demo.ng',
      password: demoStaffPassword,
    });
    expect(disabled.statusCode).toBe(403);
    const people = await login(ctx.app, 'people@demo.ng', demoStaffPassword);
    expect((await call(ctx.app, people.headers, 'GET', '/users')).statusCode).toBe(200);
  });

  it('stores only labels of the permission table for the new demo users', async () => {
    const r = await ctx.db.query<{ permissions: string[] }>(
      `SELECT permissions FROM accounts WHERE email LIKE '%@demo.ng'
          AND email NOT IN ('subadmin@demo.ng')`,
    );
    expect(r.rows.length).toBeGreaterThanOrEqual(8);
    for (const row of r.rows) expect(row.permissions.every(isPermissionLabel)).toBe(true);
  });
});
