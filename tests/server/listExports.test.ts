import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from './demoSnapshot';
import { createUser, login, type TestContext } from './helpers';

/**
 * Agents, agent applications and payouts are exported by the server, as jobs and transactions
 * are: behind 'View, Print & Download Report', every matching row, formulas escaped.
 */
let ctx: TestContext;
type Headers = Record<string, string>;
let admin: Headers;

const staff = async (permissions: string[]) => {
  const { email, password } = await createUser(ctx.db, { role: 'sub-admin', permissions });
  return (await login(ctx.app, email, password)).headers;
};
const csv = (headers: Headers, url: string) =>
  ctx.app.inject({ url, headers: { ...headers, accept: 'text/csv' } });
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

const exports = [
  { url: '/api/v2/agents', header: 'code,first_name,last_name,email,phone,status' },
  { url: '/api/v2/agent-applications', header: 'code,status,first_name,last_name,email' },
  { url: '/api/v2/payouts', header: 'created_at,payee_type,payee_name,agent_email,amount,status' },
];

beforeAll(async () => {
  ctx = await createDemoTestApp();
  admin = (await login(ctx.app, 'admin@demo.ng', 'Admin1234!')).headers;
  // Text a spreadsheet would run: an agent who was paid out, and a pending applicant.
  await ctx.db.query(
    `UPDATE accounts SET first_name = '=HYPERLINK("http://evil.test")'
      WHERE id = (SELECT agent_id FROM payouts WHERE agent_id IS NOT NULL ORDER BY created_at LIMIT 1)`,
  );
  await ctx.db.query(
    `UPDATE agent_applications SET last_name = '@SUM(A1)'
      WHERE id = (SELECT id FROM agent_applications WHERE status = 'pending' LIMIT 1)`,
  );
}, 120_000);
afterAll(() => ctx?.close());

describe('security: exports of agents, agent applications and payouts come from the server', () => {
  it.each(exports)('$url exports every matching row as CSV', async ({ url, header }) => {
    const res = await csv(admin, `${url}?range=[0,0]`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = lines(res.body);
    expect(rows[0]).toContain(header);
    const list = await ctx.app.inject({ url, headers: admin });
    const total = Number(list.headers['content-range']!.toString().split('/')[1]);
    expect(total).toBeGreaterThan(0);
    expect(rows).toHaveLength(total + 1); // the range is ignored
  });

  it('escapes text a spreadsheet would run as a formula', async () => {
    const agents = (await csv(admin, '/api/v2/agents')).body;
    expect(agents).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(agents).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const payouts = (await csv(admin, '/api/v2/payouts')).body;
    expect(payouts).toContain(`"'=HYPERLINK(""http://evil.test"") `);
    const applications = (await csv(admin, '/api/v2/agent-applications')).body;
    expect(applications).toContain(",'@SUM(A1),");
  });

  it('follows the list filter', async () => {
    const pending = lines(
      (await csv(admin, '/api/v2/agent-applications?filter={"status":"pending"}')).body,
    );
    expect(pending.length).toBeGreaterThan(1);
    for (const row of pending.slice(1)) expect(row.split(',')[1]).toBe('pending');
  });

  it("is refused without 'View, Print & Download Report', which the list itself does not need", async () => {
    const viewer = await staff([
      'User management (view)',
      'View Transaction History, make Payment etc',
    ]);
    const reporter = await staff([
      'User management (view)',
      'View Transaction History, make Payment etc',
      'View, Print & Download Report',
    ]);
    for (const { url } of exports) {
      expect((await ctx.app.inject({ url, headers: viewer })).statusCode).toBe(200);
      expect((await csv(viewer, url)).statusCode).toBe(403);
      expect((await csv(reporter, url)).statusCode).toBe(200);
    }
  });
});
