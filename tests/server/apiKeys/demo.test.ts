import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoTestApp } from '../demoSnapshot';
import { login, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDemoTestApp();
}, 120_000);
afterAll(() => ctx.close());

it('the demo company has an API key in use and a revoked one; the admin sees them', async () => {
  const { headers } = await login(ctx.app, 'company@demo.ng', 'Company1234!');
  const res = await ctx.app.inject({ url: '/api/v2/api-keys', headers });
  expect(res.statusCode).toBe(200);
  const keys = res.json() as {
    name: string;
    status: string;
    prefix: string;
    last_used_at: string | null;
    company_name: string;
  }[];
  expect(keys.map((k) => [k.name, k.status])).toEqual([
    ['Loan origination system', 'active'],
    ['Old CRM sync', 'revoked'],
  ]);
  const inUse = keys[0]!;
  expect(inUse.prefix).toMatch(/^vb_live_/);
  expect(Date.now() - Date.parse(inUse.last_used_at!)).toBeLessThan(86_400_000);

  const admin = await login(ctx.app, 'admin@demo.ng', 'Admin1234!');
  const all = (await ctx.app.inject({ url: '/api/v2/api-keys', headers: admin.headers })).json();
  expect((all as { company_name: string }[]).map((k) => k.company_name)).toEqual([
    'Lagos Credit Ltd',
    'Lagos Credit Ltd',
  ]);
});
