import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, headersOf, login, type TestContext } from '../helpers';
import { call } from './support';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H;
let staff: H; // provider sub-admin: admin area, not a super-admin

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await headersOf(ctx, 'admin');
  staff = await headersOf(ctx, 'sub-admin', ['Edit Profile']);
});
afterAll(() => ctx.close());

describe('PUT /setting/update-details', () => {
  it("changes the user's own name, phone and, for a company's owner, the company name", async () => {
    const u = await createUser(ctx.db, { role: 'company', company_name: 'Old Name Ltd' });
    const { headers } = await login(ctx.app, u.email, u.password);
    const res = await call(ctx.app, headers, 'PUT', '/setting/update-details', {
      first_name: 'Amaka',
      last_name: 'Nwosu',
      phone: '0809 000 1111',
      company_name: 'New Name Ltd',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Amaka',
      last_name: 'Nwosu',
      full_name: 'Amaka Nwosu',
      phone: '+2348090001111',
      company_name: 'New Name Ltd',
      email: u.email,
    });
  });

  it('refuses a bad phone and a company name from a non-owner', async () => {
    const bad = await call(ctx.app, admin, 'PUT', '/setting/update-details', { phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('phone');
    const name = await call(ctx.app, staff, 'PUT', '/setting/update-details', {
      company_name: 'Mine',
    });
    expect(name.statusCode).toBe(403);
  });
});
