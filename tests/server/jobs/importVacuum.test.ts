// Embedded database only: PGlite has no autovacuum, so the app vacuums after a large import itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import { csv, row } from './bulkFiles';
import { createJobsTestApp, fundWallet, postJobsFile, signIn, type Actor } from './support';

let ctx: TestContext;
let company: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
});
afterAll(() => ctx.close());

/**
 * Whether jobs and job_events were vacuumed and analysed since `since` (the database may be one
 * handed out again, see ../pglitePool.ts: its statistics are kept).
 */
const maintained = async (since: Date) =>
  (
    await ctx.db.query<{ relname: string; vacuumed: boolean; analysed: boolean }>(
      `SELECT relname, coalesce(last_vacuum > $1, false) AS vacuumed,
              coalesce(last_analyze > $1, false) AS analysed
         FROM pg_stat_user_tables WHERE relname IN ('jobs', 'job_events') ORDER BY relname`,
      [since],
    )
  ).rows;

describe('after a large import on PGlite', () => {
  it('vacuums and analyses the jobs and their events in the background, then puts the statistics target back', async () => {
    const small = csv([row(1)]);
    const post = (file: string) =>
      postJobsFile(ctx.app, '/api/v2/job/upload', company.headers, file, { mime: 'text/csv' });
    // A small file leaves the tables to later.
    const before = new Date();
    expect((await post(small)).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect((await maintained(before)).some((t) => t.vacuumed || t.analysed)).toBe(false);

    await fundWallet(ctx.db, company.companyId!, 1_000 * 150_000);
    expect((await post(csv(Array.from({ length: 1_000 }, (_, i) => row(10 + i))))).statusCode).toBe(
      201,
    );
    const done = [
      { relname: 'job_events', vacuumed: true, analysed: true },
      { relname: 'jobs', vacuumed: true, analysed: true },
    ];
    for (const end = Date.now() + 20_000; Date.now() < end;) {
      if (JSON.stringify(await maintained(before)) === JSON.stringify(done)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await maintained(before)).toEqual(done);
    // The smaller sample was for those statements alone.
    const target = await ctx.db.query<{ default_statistics_target: string }>(
      'SHOW default_statistics_target',
    );
    expect(target.rows[0]!.default_statistics_target).toBe('100');
  });
});
