import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';
import { createLedgerRepository, platformOwner } from '../../../server/repositories/ledger';
import { createLocalStorage } from '../../../server/services/storage';
import { storageKeyColumns } from '../../../server/services/storage/orphans';
import { agentJob, cast } from '../capture/support';
import { createTestAppOn, type TestContext } from '../helpers';
import { csv, row } from '../jobs/bulkFiles';
import { fundWallet, setPrices, signIn, type Headers } from '../jobs/support';
import { ledgerInvariants } from '../money/support';
import { serverSite, type ServerProcess, type ServerSite } from './support';

/**
 * `kill -9` of the API in the middle of a write, on the embedded database: after a restart the
 * write is whole or absent, and no stored file is without its row or the other way round.
 * The kill is timed from a run of the same size measured first (half its time), or from the
 * first file a capture stores.
 */

let dataDir: string;
const filesDir = () => path.join(dataDir, 'files');

let folder: ServerSite;
const start = () => folder.start();
const withDb = <T>(fn: (db: Db) => Promise<T>) => folder.withDb(fn);
// A failed test leaves no server holding the folder for the next one.
afterEach(() => folder.stopAll());

/** Every table's row count. */
async function rowCounts(db: Db) {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    counts[name] = (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)
    ).rows[0]!.n;
  }
  return counts;
}

async function walletOf(db: Db, companyId: string) {
  const r = await db.query<{ n: string }>(
    `SELECT coalesce(sum(amount_kobo), 0)::text AS n FROM ledger_entries
      WHERE account_kind = 'company_wallet' AND account_owner = $1`,
    [companyId],
  );
  return Number(r.rows[0]!.n);
}

/** The stored files' keys, as the server's own store lists them. */
async function storedKeys() {
  const keys: string[] = [];
  for await (const f of createLocalStorage(filesDir()).list()) keys.push(f.key);
  return keys;
}

/** Every key a row names. */
async function namedKeys(db: Db) {
  const keys = new Set<string>();
  for (const c of storageKeyColumns) {
    const [table, column] = c.split('.');
    const r = await db.query<{ k: string }>(
      `SELECT ${column} AS k FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    for (const { k } of r.rows) keys.add(k);
  }
  return keys;
}

/** Sends `send()` and kills the server with SIGKILL `afterMs` later; the answer if one came. */
async function killAfter(server: ServerProcess, send: () => Promise<Response>, afterMs: number) {
  let answered: number | undefined;
  const sent = send().then(
    (res) => (answered = res.status),
    () => undefined, // the connection dies with the server
  );
  await new Promise((r) => setTimeout(r, afterMs));
  expect(await server.stop('SIGKILL')).toBe('SIGKILL');
  await sent;
  return answered;
}

let owner: { headers: Headers; companyId: string };
let admin: Headers;
let captureTokens: string[];
let agentSets: string[][];
const earningKobo = 12_345;
const agentsPerSet = 300;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'faults-kill-'));
  folder = await serverSite(dataDir);
  const db = await folder.open();
  await migrate(db);
  const ctx: TestContext = await createTestAppOn(db, { dataDir });
  try {
    await setPrices(db);
    const c = await cast(ctx.app, db);
    owner = { headers: c.owner.headers, companyId: c.owner.companyId! };
    // Enough for five imports of 10,000 jobs at ₦2,500.
    await fundWallet(db, owner.companyId, 5 * 10_000 * 250_000);
    admin = (await signIn(ctx.app, db, 'admin')).headers;
    captureTokens = [];
    for (let i = 0; i < 6; i++) captureTokens.push((await agentJob(ctx.app, db, c)).token);
    // Sets of agents with earnings: one to time a batch payout, the others to kill it.
    agentSets = [];
    for (const set of [1, 2, 3]) {
      const r = await db.query<{ id: string }>(
        `INSERT INTO accounts (unique_code, role, first_name, last_name, email, password_hash)
         SELECT 'FLT' || $1 || '-' || i, 'agent', 'Agent', 'No ' || i,
                'agent' || $1 || '-' || i || '@faults.ng', 'x'
           FROM generate_series(1, $2::int) i RETURNING id`,
        [set, agentsPerSet],
      );
      const ids = r.rows.map((a) => a.id);
      await db.transaction((tx) =>
        createLedgerRepository(tx).post(
          ids.map((id) => ({
            reference: `test-earning:${id}`,
            kind: 'fee' as const,
            amountKobo: earningKobo,
            agentId: id,
            postings: [
              { kind: 'platform_revenue' as const, owner: platformOwner, amount: -earningKobo },
              { kind: 'agent_earnings' as const, owner: id, amount: earningKobo },
            ],
          })),
          tx,
        ),
      );
      agentSets.push(ids);
    }
  } finally {
    await ctx.close();
  }
}, 120_000);

afterAll(() => folder?.drop());

// Each test starts the server three or four times (5 to 25 s each on two busy cores).
describe(
  `kill -9 of the API on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  { timeout: 180_000 },
  () => {
    it('during a bulk import: after a restart, no job of the file and no charge for it', async () => {
      const upload = (rows: number) => () => {
        const form = new FormData();
        form.append('type', 'address');
        const file = csv(Array.from({ length: rows }, (_, i) => row(i)));
        form.append('file', new Blob([file], { type: 'text/csv' }), 'jobs.csv');
        return fetch(`${server.url}/api/v2/job/upload`, {
          method: 'POST',
          headers: owner.headers,
          body: form,
        });
      };
      const rows = 10_000;
      let server = await start();
      const t0 = Date.now();
      const timing = await upload(rows)();
      expect(timing.status).toBe(201);
      const fullMs = Date.now() - t0;
      await server.stop();

      // Killed half-way through its measured time; on a machine so busy that the import still
      // finished first, again with a kill twice as early.
      let before: { counts: Record<string, number>; wallet: number } | undefined;
      for (let fraction = 0.5; !before; fraction /= 2) {
        const now = await withDb(async (db) => ({
          counts: await rowCounts(db),
          wallet: await walletOf(db, owner.companyId),
        }));
        server = await start();
        const answered = await killAfter(server, upload(rows), fullMs * fraction);
        if (answered === undefined) before = now;
        else
          expect(fraction, `the import (${fullMs} ms) finished before the kill`).toBeGreaterThan(
            0.1,
          );
      }

      // The next start-up cleans whatever it cleans; then the folder is looked at whole.
      server = await start();
      expect(await server.stop()).toBe(0);
      await withDb(async (db) => {
        expect(await walletOf(db, owner.companyId)).toBe(before.wallet);
        expect(await rowCounts(db)).toEqual(before.counts);
        expect(await ledgerInvariants(db)).toMatchObject({ mismatched: [], unbalanced: [] });
      });
    });

    it('during capture uploads: no row without its file, and the sweep leaves no file without a row', async () => {
      // Photos as a phone sends them: large enough that storing each takes a moment.
      const photo = () =>
        sharp({
          create: {
            width: 1600,
            height: 1200,
            channels: 3,
            background: { r: Math.random() * 255, g: 120, b: 60 },
          },
        })
          .jpeg({ quality: 90 })
          .toBuffer();
      const forms = await Promise.all(
        captureTokens.map(async () => {
          const form = new FormData();
          for (const kind of ['selfie', 'house', 'utility_bill']) {
            form.append(
              kind,
              new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }),
              `${kind}.jpg`,
            );
          }
          form.append('lat', '6.6018');
          form.append('lng', '3.3515');
          form.append('captured_at', new Date().toISOString());
          form.append('idempotency_key', randomUUID());
          return form;
        }),
      );
      const filesBefore = new Set(await storedKeys());
      const server = await start();
      const sent = captureTokens.map((token, i) =>
        fetch(`${server.url}/api/v2/capture/${token}`, { method: 'POST', body: forms[i] }).then(
          (res) => res.status,
          () => undefined,
        ),
      );
      // The moment the first photo lands in the store, the process dies.
      await vi.waitUntil(async () => (await storedKeys()).some((k) => !filesBefore.has(k)), {
        timeout: 60_000,
        interval: 50,
      });
      expect(await server.stop('SIGKILL')).toBe('SIGKILL');
      const answers = await Promise.all(sent);

      const orphans = await withDb(async (db) => {
        const named = await namedKeys(db);
        const files = new Set(await storedKeys());
        // No row names a file that is not there.
        expect([...named].filter((k) => !files.has(k))).toEqual([]);
        // Each job's evidence is whole (three photos and a submission) or absent.
        const r = await db.query<{ photos: number; submitted: boolean }>(
          `SELECT (SELECT count(*)::int FROM capture_photos p WHERE p.job_id = t.job_id) AS photos,
                EXISTS (SELECT 1 FROM capture_submissions s WHERE s.job_id = t.job_id) AS submitted
           FROM capture_tokens t`,
        );
        for (const j of r.rows)
          expect([j.photos, j.submitted]).toEqual(j.submitted ? [3, true] : [0, false]);
        return [...files].filter((k) => !named.has(k));
      });
      // Submissions answered 201 before the kill are kept.
      const kept = answers.filter((s) => s === 201).length;
      await withDb(async (db) => {
        const n = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM capture_submissions',
        );
        expect(n.rows[0]!.n).toBeGreaterThanOrEqual(kept);
      });
      expect(orphans.length, 'the kill left no stored photo without its row').toBeGreaterThan(0);

      // An hour later (the sweep's grace period), the next start-up deletes them.
      const anHourAgo = new Date(Date.now() - 2 * 3600_000);
      for (const k of await storedKeys())
        utimesSync(path.join(filesDir(), k), anHourAgo, anHourAgo);
      const again = await start();
      // The orphan files swept by the restarted server's clean-up.
      await vi.waitUntil(() => orphans.every((k) => !existsSync(path.join(filesDir(), k))), {
        timeout: 40_000,
        interval: 50,
      });
      expect(await again.stop()).toBe(0);
      await withDb(async (db) => {
        const named = await namedKeys(db);
        expect((await storedKeys()).filter((k) => !named.has(k))).toEqual([]);
        expect([...named].filter((k) => !existsSync(path.join(filesDir(), k)))).toEqual([]);
      });
    });

    it('during a batch payout: the ledger balances and the payout is whole or absent', async () => {
      const payOut = (ids: string[]) => () =>
        fetch(`${server.url}/api/v2/payouts/batch`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ agent_ids: ids }),
        });
      let server = await start();
      const t0 = Date.now();
      expect((await payOut(agentSets[0]!)()).status).toBe(201);
      const fullMs = Date.now() - t0;
      await server.stop();
      // As for the import: a kill twice as early, on the next set, if the payout finished first.
      let killed: string[] | undefined;
      for (let set = 1, fraction = 0.5; !killed; set++, fraction /= 2) {
        expect(set, `the payout (${fullMs} ms) finished before the kill`).toBeLessThan(
          agentSets.length,
        );
        server = await start();
        const answered = await killAfter(server, payOut(agentSets[set]!), fullMs * fraction);
        if (answered === undefined) killed = agentSets[set];
      }

      server = await start();
      expect(await server.stop()).toBe(0);
      await withDb(async (db) => {
        expect(await ledgerInvariants(db)).toEqual({
          mismatched: [],
          total: 0,
          unbalanced: [],
          negative: [],
        });
        const r = await db.query<{ payouts: number; earnings: number }>(
          `SELECT (SELECT count(*)::int FROM payouts WHERE agent_id = ANY($1::uuid[])) AS payouts,
                (SELECT coalesce(sum(balance_kobo), 0)::int FROM ledger_balances
                  WHERE account_kind = 'agent_earnings' AND account_owner = ANY($1::uuid[]))
                  AS earnings`,
          [killed],
        );
        // Whole: every agent paid out, nothing left; absent: no payout, every earning still there.
        expect([
          { payouts: 0, earnings: agentsPerSet * earningKobo },
          { payouts: agentsPerSet, earnings: 0 },
        ]).toContainEqual(r.rows[0]);
      });
    });
  },
);
