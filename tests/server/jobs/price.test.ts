import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import { createJob, createJobsTestApp, setTat, signIn } from './support';

let ctx: TestContext;
type Actor = Awaited<ReturnType<typeof signIn>>;
let owner: Actor;
let creator: Actor;
let viewer: Actor;
let staffCreator: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  // 'Create Job' without the money label: may price jobs, may not see the wallet.
  creator = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: owner.companyId!,
    permissions: ['Create Job'],
  });
  viewer = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: owner.companyId!,
    permissions: ['View Job History'],
  });
  staffCreator = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['Create Job'] });
  await setTat(ctx.db, { state: 'lagos', audience: 'company', amountKobo: 250_000 });
  await setTat(ctx.db, { state: 'kano', audience: 'company', amountKobo: 300_025 });
  await setTat(ctx.db, { state: 'abia', audience: 'agent', amountKobo: 90_000 });
});
afterAll(() => ctx.close());

const quote = (headers: Record<string, string>, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v2/job/price?${query}`, headers });

describe('GET /job/price', () => {
  it('quotes the Company price of so many jobs per state to a creator without the money label', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v2/wallet', headers: creator.headers }))
        .statusCode,
    ).toBe(403);
    const res = await quote(creator.headers, 'type=address&state=lagos&state=kano&count=2&count=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 8000.25,
      missing: [],
      jobs: [
        { state: 'lagos', count: 2, price: 2500 },
        { state: 'kano', count: 1, price: 3000.25 },
      ],
    });
    expect(res.body).not.toMatch(/balance/);
  });

  it('quotes what creating the job then charges', async () => {
    const res = await quote(staffCreator.headers, 'type=address&state=lagos');
    expect(res.json().total).toBe(2500);
    const job = await createJob(ctx.app, creator.headers);
    expect(job.price).toBe(res.json().total);
  });

  it('names the states without a Company price (an Agent price does not count)', async () => {
    await ctx.db.query(`DELETE FROM tat_settings WHERE state = 'abia' AND audience = 'company'`);
    const res = await quote(creator.headers, 'type=address&state=lagos&state=abia');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: null, missing: ['abia'] });
  });

  it('is refused to those who may not create jobs', async () => {
    expect((await quote(viewer.headers, 'type=address&state=lagos')).statusCode).toBe(403);
    expect((await quote({}, 'type=address&state=lagos')).statusCode).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['type=house&state=lagos', 'type'],
      ['type=address', 'state'],
      ['type=address&state=lagos&count=0', 'count'],
      ['type=address&state=lagos&state=kano&count=2', 'count'],
    ];
    for (const [query, field] of cases) {
      const res = await quote(creator.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});
