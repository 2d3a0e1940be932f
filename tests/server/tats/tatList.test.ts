import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { states } from '../../../reference/locations';
import { createTestApp, headersOf, type TestContext } from '../helpers';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H;
let company: H;

/** Settings for five states × two kinds × both audiences: 20 rows. */
const seeded = ['lagos', 'abia', 'kano', 'oyo', 'fct'];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await headersOf(ctx, 'admin');
  company = await headersOf(ctx, 'company');
  for (const state of seeded) {
    for (const jobType of ['address', 'business']) {
      for (const audience of ['company', 'agent']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/v2/setting/tat',
          headers: admin,
          payload: { state, jobType, audience, amount: 1000, tatInHours: 24 },
        });
        expect(res.statusCode).toBe(201);
      }
    }
  }
});
afterAll(() => ctx.close());

const list = (headers: H, query: Record<string, unknown> = {}) => {
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)] as [string, string]),
  );
  return ctx.app.inject({ url: `/api/v2/setting/tat?${params}`, headers });
};

type Row = { state: string; jobType: string; audience: string };

describe('the Set Amount list: filters and paging', () => {
  it('answers every setting and the total without a range, as before', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().tats).toHaveLength(20);
    expect(res.json().total).toBe(20);
  });

  it('narrows by state (alias or name), job type and audience', async () => {
    const res = await list(admin, {
      filter: { state: 'Lagos', jobType: 'business', audience: 'agent' },
    });
    expect(res.json().tats.map((t: Row) => [t.state, t.jobType, t.audience])).toEqual([
      ['lagos', 'business', 'agent'],
    ]);
    expect(res.json().total).toBe(1);
    const byKind = await list(admin, { filter: { jobType: 'address' } });
    expect(byKind.json().total).toBe(10);
    expect(byKind.json().tats.every((t: Row) => t.jobType === 'address')).toBe(true);
  });

  it('pages by range, in a stable order, with the total of all pages', async () => {
    const first = (await list(admin, { range: [0, 6] })).json();
    const second = (await list(admin, { range: [7, 13] })).json();
    const third = (await list(admin, { range: [14, 20] })).json();
    expect([first.tats.length, second.tats.length, third.tats.length]).toEqual([7, 7, 6]);
    expect(first.total).toBe(20);
    const ids = [...first.tats, ...second.tats, ...third.tats].map((t: { _id: string }) => t._id);
    expect(new Set(ids).size).toBe(20);
  });

  it.each([
    ['state', { state: 'Atlantis' }, 'filter.state "Atlantis" is not a Nigerian state'],
    ['jobType', { jobType: 'car' }, 'filter.jobType must be one of'],
    ['audience', { audience: 'everyone' }, 'filter.audience must be one of: company, agent'],
    ['audience', { audience: 7 }, 'filter.audience must be a string'],
  ])('answers 400 naming %s for a bad value', async (_field, filter, message) => {
    const res = await list(admin, { filter });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 400 for a bad range or filter', async () => {
    expect((await list(admin, { range: [5, 1] })).statusCode).toBe(400);
    const res = await ctx.app.inject({ url: '/api/v2/setting/tat?filter=nope', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/filter/);
  });

  it('never shows company users the Agent prices, whatever they ask', async () => {
    const all = (await list(company)).json();
    expect(all.total).toBe(10);
    expect(all.tats.every((t: Row) => t.audience === 'company')).toBe(true);
    const asked = (await list(company, { filter: { audience: 'agent' } })).json();
    expect(asked).toEqual({ tats: [], total: 0 });
  });
});

describe('the states without a price', () => {
  const missing = (headers: H, filter: unknown) =>
    ctx.app.inject({
      url: `/api/v2/setting/tat/missing?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      headers,
    });

  it('lists the states (of 37) with no setting for the job type and audience', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/setting/tat',
      headers: admin,
      payload: { state: 'ekiti', jobType: 'product', audience: 'agent', amount: 5, tatInHours: 5 },
    });
    const res = await missing(admin, { jobType: 'address', audience: 'company' });
    expect(res.statusCode).toBe(200);
    const names = res.json().states.map((s: { state: string }) => s.state);
    expect(states).toHaveLength(37);
    expect(names).toHaveLength(37 - seeded.length);
    expect(names).not.toContain('lagos');
    expect(names).toContain('ekiti');
    expect(res.json().states).toContainEqual({ state: 'ekiti', name: 'Ekiti' });
    const product = (await missing(admin, { jobType: 'product', audience: 'agent' })).json();
    expect(product.states).toHaveLength(36);
    expect(product.states.map((s: { state: string }) => s.state)).not.toContain('ekiti');
  });

  it('defaults to the Company audience and needs a job type', async () => {
    const res = await missing(company, { jobType: 'business' });
    expect(res.json().audience).toBe('company');
    expect(res.json().states).toHaveLength(32);
    const none = await missing(admin, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('filter.jobType is required');
    const bad = await missing(admin, { jobType: 'boat' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('filter.jobType');
  });

  it('does not tell company users where Agent prices are missing', async () => {
    const res = await missing(company, { jobType: 'address', audience: 'agent' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('filter.audience must be company');
  });

  it('is for signed-in users only', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/setting/tat/missing?filter={}' });
    expect(res.statusCode).toBe(401);
  });
});
