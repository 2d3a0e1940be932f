import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers';
import { signIn, type Actor, type Headers } from '../jobs/support';

/** `GET /audit`: who sees which entries, its filters, its limits and its CSV export. */

interface Entry {
  id: string;
  at: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  company_id: string | null;
  company_name: string | null;
  outcome: number;
}

let ctx: TestContext;
let admin: Actor;
let owner: Actor;
let rival: Actor;
const gone = randomUUID();

const list = async (headers: Headers, filter: object = {}, extra = '') => {
  const res = await ctx.app.inject({
    url: `/api/v2/audit?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
    headers,
  });
  return { res, rows: res.statusCode === 200 ? (res.json() as Entry[]) : [] };
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Eko Lending Ltd' });
  rival = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Kano Textiles Ltd' });
  // A dated history: Lagos days 2026-03-01 and 2026-03-02 (UTC+1), and an account since erased.
  const history: [string, string | null, string, number, string][] = [
    // 00:30 on 1 March in Lagos, 28 February in UTC.
    [owner.account.id, owner.companyId, 'job.create', 201, '2026-02-28T23:30:00Z'],
    // 00:10 on 2 March in Lagos.
    [owner.account.id, owner.companyId, 'job.cancel', 200, '2026-03-01T23:10:00Z'],
    [rival.account.id, rival.companyId, 'job.create', 201, '2026-03-01T10:00:00Z'],
    [gone, owner.companyId, 'wallet.fund', 201, '2026-03-01T12:00:00Z'],
  ];
  for (const [actorId, companyId, action, outcome, at] of history) {
    await ctx.app.repos.audit.record({ actorId, companyId, action, outcome, at: new Date(at) });
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /audit', () => {
  it("shows the provider's heads every company's entries, with names, newest first", async () => {
    const { res, rows } = await list(admin.headers, { from: '2026-03-01', to: '2026-03-02' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('audit 0-3/4');
    expect(rows.map((r) => r.action)).toEqual([
      'job.cancel',
      'wallet.fund',
      'job.create',
      'job.create',
    ]);
    expect(rows[2]).toMatchObject({
      actor_id: rival.account.id,
      actor_email: rival.account.email,
      actor_name: `${rival.account.first_name} ${rival.account.last_name}`,
      company_name: 'Kano Textiles Ltd',
    });
    // A vanished account keeps its id.
    expect(rows[1]).toMatchObject({ actor_id: gone, actor_name: null, actor_email: null });
  });

  it("shows a company's owner its own company's entries only; another company's filter is empty", async () => {
    const { rows } = await list(owner.headers, { from: '2026-03-01', to: '2026-03-02' });
    expect(rows.map((r) => r.action)).toEqual(['job.cancel', 'wallet.fund', 'job.create']);
    expect(new Set(rows.map((r) => r.company_id))).toEqual(new Set([owner.companyId]));
    const theirs = await list(owner.headers, { company_id: rival.companyId });
    expect(theirs.res.statusCode).toBe(200);
    expect(theirs.rows).toEqual([]);
    expect(theirs.res.headers['content-range']).toMatch(/\/0$/);
    const byActor = await list(owner.headers, { actor: rival.account.id });
    expect(byActor.rows).toEqual([]);
  });

  it("refuses a company's sub-user and a provider sub-admin (heads only)", async () => {
    const subuser = await signIn(ctx.app, ctx.db, 'subuser', { companyOf: owner.companyId! });
    expect((await list(subuser.headers)).res.statusCode).toBe(403);
    const staff = await signIn(ctx.app, ctx.db, 'staff', { permissions: [] });
    expect((await list(staff.headers)).res.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v2/audit' })).statusCode).toBe(401);
  });

  it('filters by actor, by action or its prefix, by Lagos days, and searches', async () => {
    const byActor = await list(admin.headers, { actor: rival.account.id });
    // Its sign-in (a real one, through the API) and the dated entry.
    expect(byActor.rows.map((r) => r.action)).toEqual(['auth.login', 'job.create']);
    const exact = await list(admin.headers, { action: 'job.cancel' });
    expect(exact.rows.map((r) => r.actor_id)).toEqual([owner.account.id]);
    const prefix = await list(admin.headers, {
      action: 'job.',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(prefix.rows.map((r) => r.action)).toEqual(['job.cancel', 'job.create', 'job.create']);
    // 00:30 on 1 March in Lagos is 28 February in UTC: the Lagos day counts.
    const firstDay = await list(admin.headers, { from: '2026-03-01', to: '2026-03-01' });
    expect(firstDay.rows.map((r) => r.action)).toEqual(['wallet.fund', 'job.create', 'job.create']);
    const search = await list(admin.headers, { q: 'Kano' });
    expect(search.rows).toEqual([]);
    const byEmail = await list(admin.headers, { q: rival.account.email });
    expect(byEmail.rows.map((r) => r.actor_id)).toContain(rival.account.id);
    const byCompany = await list(admin.headers, { company_id: rival.companyId });
    expect(byCompany.rows.every((r) => r.company_id === rival.companyId)).toBe(true);
  });

  it('answers a bad filter with a 400 naming it, and limits the page', async () => {
    for (const [filter, field] of [
      [{ actor: 'me' }, 'filter.actor'],
      [{ action: 'DROP TABLE' }, 'filter.action'],
      [{ from: '1 March' }, 'filter.from'],
      [{ to: '2026-02-30' }, 'filter.to'],
      [{ company_id: 42 }, 'filter.company_id'],
    ] as const) {
      const { res } = await list(admin.headers, filter);
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(field);
    }
    const sort = await list(admin.headers, {}, `&sort=${encodeURIComponent('["ip","ASC"]')}`);
    expect(sort.res.statusCode).toBe(400);
    const range = await list(admin.headers, {}, `&range=${encodeURIComponent('[5,1]')}`);
    expect(range.res.statusCode).toBe(400);
    expect(range.res.body).toContain('range');
    // However many are asked for, a page holds at most 1,000 entries.
    await ctx.db.query(
      `INSERT INTO audit_log (action, outcome) SELECT 'test.bulk', 200 FROM generate_series(1, 1005)`,
    );
    const huge = await list(
      admin.headers,
      { action: 'test.bulk' },
      `&range=${encodeURIComponent('[0,99999]')}`,
    );
    expect(huge.rows).toHaveLength(1000);
    expect(huge.res.headers['content-range']).toBe('audit 0-999/1005');
  });

  it('exports the same entries as CSV, scoped the same way, and audits the export', async () => {
    const res = await ctx.app.inject({
      url: `/api/v2/audit?filter=${encodeURIComponent(JSON.stringify({ from: '2026-03-01', to: '2026-03-02' }))}`,
      headers: { ...owner.headers, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toContain('at,action,outcome,actor_name');
    expect(lines).toHaveLength(4);
    expect(res.body).not.toContain(rival.account.id);
    const exports = await ctx.db.query<{ actor_id: string; company_id: string }>(
      `SELECT actor_id, company_id FROM audit_log WHERE action = 'export.audit'`,
    );
    expect(exports.rows).toEqual([{ actor_id: owner.account.id, company_id: owner.companyId }]);
  });
});
