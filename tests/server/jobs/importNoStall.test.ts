import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsRepository } from '../../../server/repositories/jobs';
import { mkdtempSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { openPgliteInWorker, whenOthersDone } from '../../../server/db/pgliteWorker';
import {
  importJobs,
  nextChunkRows,
  sweepImport,
  sweepStagedImports,
  type JobCreationDeps,
  type JobOrder,
} from '../../../server/services/jobCreation';
import type { TestContext } from '../helpers';
import { walletOf } from '../money/support';
import { createJobsTestApp, fundWallet, signIn, testWalletKobo, type Actor } from './support';

// A bulk import on PGlite (one connection) is written in short chunks, each its own transaction,
// staged under an import row that every read leaves out; one short transaction at the end makes
// the jobs their owner's and charges once. These tests drive the use case with small chunks so
// that a few thousand rows make many of them.

let ctx: TestContext;
let company: Actor;
let admin: Actor;
const price = 150_000; // support.ts setPrices

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
  admin = await signIn(ctx.app, ctx.db, 'admin');
  await fundWallet(ctx.db, company.companyId!, 10_000 * price);
});
afterAll(() => ctx.close());

const orders = (n: number, tag: string): JobOrder[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'address',
    company_id: company.companyId!,
    created_by: company.account.id,
    state: 'lagos',
    lga: 'Lagos Island',
    subject_name: `${tag}${i} Obi`,
    fields: { first_name: `${tag}${i}`, last_name: 'Obi', phone: '+2348031000001' },
  }));

/** The app's creation deps, with the jobs repository's methods replaced where given. */
function deps(jobs: Partial<JobsRepository> = {}): JobCreationDeps {
  const { repos, queue } = ctx.app;
  return { jobs: { ...repos.jobs, ...jobs }, tats: repos.tats, ledger: repos.ledger, queue };
}

/** insertStaged that calls `onChunk(n)` after chunk n (1, 2, …) is written, or throws from it. */
function countingInsert(onChunk: (n: number) => void | Promise<void>) {
  let n = 0;
  const insertStaged: JobsRepository['insertStaged'] = async (...args) => {
    const written = await ctx.app.repos.jobs.insertStaged(...args);
    await onChunk(++n);
    return written;
  };
  return insertStaged;
}

const listTotal = async (headers: Record<string, string>, q: string) => {
  const filter = encodeURIComponent(JSON.stringify({ q }));
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v2/jobs?filter=${filter}&range=[0,24]`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return { total: res.headers['content-range'], rows: (res.json() as unknown[]).length };
};

/** The whole list's total as the company sees it (from the counters). */
const companyTotal = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v2/jobs?range=[0,0]',
    headers: company.headers,
  });
  return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))![1]);
};

/** Rows in the jobs table of any import, visible or not. */
const jobsNamed = async (tag: string) =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM jobs WHERE subject_name LIKE $1',
      [`${tag}%`],
    )
  ).rows[0]!.n;

const counters = async () =>
  (
    await ctx.db.query<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::int AS n FROM job_counts
        WHERE party_kind = 'owner' AND party_id = $1`,
      [company.companyId],
    )
  ).rows[0]!.n;

const uploadCharges = async () =>
  (
    await ctx.db.query<{ n: number; kobo: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount_kobo), 0)::float8 AS kobo
         FROM ledger_movements WHERE kind = 'charge' AND company_id = $1 AND job_id IS NULL`,
      [company.companyId],
    )
  ).rows[0]!;

describe('a bulk import on the embedded database does not stall other calls', () => {
  it('answers a signed-in call and a list between its chunks, without its jobs, then charges once', async () => {
    const n = 4_000;
    const walletBefore = await walletOf(ctx.db, company.companyId!);
    const chargesBefore = await uploadCharges();
    const countedBefore = await counters();
    const totalBefore = await companyTotal();
    let imported = false;
    let seenDuring: { me: number; list: unknown; adminList: unknown; done: boolean } | undefined;
    let during: Promise<void> | undefined;
    const insertStaged = countingInsert((chunk) => {
      if (chunk !== 2) return;
      // Not awaited: the import goes on, and the calls must find their turn between its chunks.
      during = (async () => {
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/v2/auth/me',
          headers: company.headers,
        });
        const list = await listTotal(company.headers, 'NoStall');
        const adminList = await listTotal(admin.headers, 'NoStall');
        seenDuring = { me: me.statusCode, list, adminList, done: imported };
      })();
    });
    const created = await importJobs(
      deps({ insertStaged }),
      ctx.db,
      orders(n, 'NoStall'),
      company.account.id,
      { file: 'nostall.csv', chunkRows: 200, staged: true },
    );
    imported = true;
    await during;
    expect(created).toBe(n);
    // The calls completed while the import was still writing, and saw none of its jobs.
    expect(seenDuring).toEqual({
      me: 200,
      list: { total: 'jobs 0-0/0', rows: 0 },
      adminList: { total: 'jobs 0-0/0', rows: 0 },
      done: false,
    });
    // Once done: every job is visible and counted, and the owner was charged once for all.
    expect((await listTotal(company.headers, 'NoStall')).rows).toBe(25);
    expect(await companyTotal()).toBe(totalBefore + n);
    expect(await counters()).toBe(countedBefore + n);
    const charges = await uploadCharges();
    expect(charges.n).toBe(chargesBefore.n + 1);
    expect(charges.kobo - chargesBefore.kobo).toBe(n * price);
    expect(await walletOf(ctx.db, company.companyId!)).toBe(walletBefore - n * price);
    const left = await ctx.db.query('SELECT 1 FROM job_imports WHERE staging');
    expect(left.rows).toEqual([]);
  });

  it('a failure in a late chunk (a constraint the database checks) leaves no job, no charge, no staged row', async () => {
    const walletBefore = await walletOf(ctx.db, company.companyId!);
    const chargesBefore = await uploadCharges();
    const countedBefore = await counters();
    const rows = orders(2_000, 'LateFail');
    // No such account: the foreign key refuses the row, in the ninth chunk of ten.
    rows[1_700] = { ...rows[1_700]!, created_by: randomUUID() };
    let chunks = 0;
    const insertStaged = countingInsert(() => void chunks++);
    await expect(
      importJobs(deps({ insertStaged }), ctx.db, rows, company.account.id, {
        file: 'late.csv',
        chunkRows: 200,
        staged: true,
      }),
    ).rejects.toMatchObject({ code: '23503' });
    expect(chunks).toBe(8);
    expect(await jobsNamed('LateFail')).toBe(0);
    expect(await counters()).toBe(countedBefore);
    expect(await uploadCharges()).toEqual(chargesBefore);
    expect(await walletOf(ctx.db, company.companyId!)).toBe(walletBefore);
    expect((await ctx.db.query('SELECT 1 FROM job_imports')).rows.length).toBe(1); // the first test's
  });

  it('an import cut short (process gone, nothing cleaned) shows no job and is swept at the next start', async () => {
    const countedBefore = await counters();
    const chargesBefore = await uploadCharges();
    const insertStaged = countingInsert((chunk) => {
      if (chunk === 3) throw new Error('the process died here');
    });
    // The dead process cleans nothing up.
    const deleteStagedJobs: JobsRepository['deleteStagedJobs'] = async () => 0;
    await expect(
      importJobs(
        deps({ insertStaged, deleteStagedJobs }),
        ctx.db,
        orders(1_000, 'Crash'),
        company.account.id,
        {
          file: 'crash.csv',
          chunkRows: 200,
          staged: true,
        },
      ),
    ).rejects.toThrow('the process died here');
    // Three chunks written (each a statement of its own) before the process died.
    expect(await jobsNamed('Crash')).toBe(600);
    // Staged rows are no one's: not listed, not counted, not charged, not readable by id.
    expect(await listTotal(company.headers, 'Crash')).toEqual({ total: 'jobs 0-0/0', rows: 0 });
    expect(await listTotal(admin.headers, 'Crash')).toEqual({ total: 'jobs 0-0/0', rows: 0 });
    expect(await counters()).toBe(countedBefore);
    expect(await uploadCharges()).toEqual(chargesBefore);
    const staged = await ctx.db.query<{ id: string }>(
      "SELECT id FROM jobs WHERE subject_name = 'Crash5 Obi'",
    );
    const byId = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/job/detail/${staged.rows[0]!.id}`,
      headers: admin.headers,
    });
    expect(byId.statusCode).toBe(404);

    expect(await sweepStagedImports(ctx.app.repos.jobs)).toBe(1);
    expect(await jobsNamed('Crash')).toBe(0);
    expect((await ctx.db.query('SELECT 1 FROM job_imports WHERE staging')).rows).toEqual([]);
    expect(await counters()).toBe(countedBefore);
    expect(await sweepStagedImports(ctx.app.repos.jobs)).toBe(0);
  });

  it('a chunk is one statement: a row the database refuses leaves none of its rows or events', async () => {
    const importId = await ctx.app.repos.jobs.startImport(
      company.companyId!,
      company.account.id,
      3,
    );
    const rows = orders(3, 'Atomic').map((o) => ({ ...o, price_kobo: price }));
    rows[2] = { ...rows[2]!, created_by: randomUUID() };
    await expect(
      ctx.app.repos.jobs.insertStaged(rows, company.account.id, importId),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await jobsNamed('Atomic')).toBe(0);
    const events = await ctx.db.query(
      'SELECT 1 FROM job_events e JOIN jobs j ON j.id = e.job_id WHERE j.import_id = $1',
      [importId],
    );
    expect(events.rows).toEqual([]);
    // The good rows alone: written with their events, in the order given (codes ascending).
    const { ids } = await ctx.app.repos.jobs.insertStaged(
      rows.slice(0, 2),
      company.account.id,
      importId,
    );
    const written = await ctx.db.query<{ id: string; events: number }>(
      `SELECT j.id, (SELECT count(*)::int FROM job_events e WHERE e.job_id = j.id) AS events
         FROM jobs j WHERE j.import_id = $1 ORDER BY j.code`,
      [importId],
    );
    expect(written.rows).toEqual(ids.map((id) => ({ id, events: 1 })));
    await sweepImport(ctx.app.repos.jobs, importId);
    expect(await jobsNamed('Atomic')).toBe(0);
  });

  it('a price gone or a wallet short answers before anything is staged', async () => {
    const poor = await signIn(ctx.app, ctx.db, 'company');
    // One job more than the wallet holds.
    const rows = orders(testWalletKobo / price + 1, 'Poor').map((o) => ({
      ...o,
      company_id: poor.companyId!,
      created_by: poor.account.id,
    }));
    await expect(
      importJobs(deps(), ctx.db, rows, poor.account.id, { file: 'poor.csv', staged: true }),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect(await jobsNamed('Poor')).toBe(0);
    expect(
      (await ctx.db.query('SELECT 1 FROM job_imports WHERE company_id = $1', [poor.companyId]))
        .rows,
    ).toEqual([]);
  });
});

describe('the import shares the database fairly', () => {
  it('sizes each chunk to about 50 ms by the pace of the last, within 200 to 4,000 rows', () => {
    expect(nextChunkRows(200, 10)).toBe(400); // never more than doubled at once
    expect(nextChunkRows(1_000, 100)).toBe(500);
    expect(nextChunkRows(400, 2_000)).toBe(200); // a loaded machine: the least
    expect(nextChunkRows(4_000, 10)).toBe(4_000); // a fast one: the most
    expect(nextChunkRows(3_000, 50)).toBe(3_000);
    expect(nextChunkRows(300, 0)).toBe(600); // too fast to time: doubled
  });

  it("gives way until another request's statements, one after another, have all run", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'give-way-'));
    const db = await openPgliteInWorker(dir);
    try {
      const ran: number[] = [];
      // A request running three statements, each sent when the one before answers.
      const request = (async () => {
        for (const i of [1, 2, 3]) {
          await db.query('SELECT pg_sleep(0.01)');
          ran.push(i);
        }
      })();
      await whenOthersDone(db, 10_000);
      expect(ran).toEqual([1, 2, 3]);
      await request;
      // Alone, it takes a turn of the event loop, not a pause.
      const started = performance.now();
      await whenOthersDone(db, 10_000);
      expect(performance.now() - started).toBeLessThan(50);
      // While it waits the main thread is free: it waits for the answer, it does not poll for it
      // (a loop of turns kept a core busy, the database thread's share on a two-core machine).
      const slow = db.query('SELECT pg_sleep(0.3)');
      const before = performance.eventLoopUtilization();
      await whenOthersDone(db, 10_000);
      const busy = performance.eventLoopUtilization(before);
      expect(busy.utilization).toBeLessThan(0.3);
      await slow;
      // A chunk is paced by the database's own time: a prepared statement queued behind a slow
      // one says how long it took itself, not how long it waited.
      const ahead = db.query('SELECT pg_sleep(0.3)');
      const sent = performance.now();
      const queued = await db.queryPrepared('SELECT 1 AS one', []);
      expect(performance.now() - sent).toBeGreaterThanOrEqual(250);
      expect(queued.ms).toBeLessThan(150);
      await ahead;
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
