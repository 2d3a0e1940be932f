import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { states, stateAliases } from '../reference/locations';
import { openPgliteInWorker } from '../server/db/pgliteWorker';
import { migrate } from '../server/db/migrate';
import { createJobsRepository } from '../server/repositories/jobs';
import { createLedgerRepository } from '../server/repositories/ledger';
import { createTatsRepository } from '../server/repositories/tats';
import { createConfirmedUser } from '../server/services/createUser';
import { importJobs, type JobOrder } from '../server/services/jobCreation';
import { fundingMovement } from '../server/services/ledger';
import { parseImportFile } from '../server/services/jobImport';
import { insertPlainRows } from './plainInsert';

/**
 * Where a bulk import's time goes on PGlite (`npx tsx bench/importProfile.ts`, ROWS=100000 by
 * default): the file's parsing, a plain multi-row INSERT of the same rows into a copy of the jobs
 * table (the floor), then the staged import beside a poll of two statements every 50 ms, with its
 * chunks' statements timed apart from the rest. No HTTP: `BENCH_ONLY=nostall npm run bench` measures
 * the same from outside.
 */
const n = Number(process.env.ROWS ?? 100_000);
const dir = mkdtempSync(path.join(tmpdir(), 'import-profile-'));
const db = await openPgliteInWorker(dir);
await migrate(db);
const owner = await createConfirmedUser(db, {
  role: 'company',
  email: 'p@bench.ng',
  password: 'bench-password',
  first_name: 'P',
  last_name: 'Q',
  company_name: 'P Ltd',
});
await db.exec('CREATE TABLE bench_jobs (LIKE jobs INCLUDING ALL)');
await db.query(
  `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
   SELECT s, 'address', 'company', 150000, 48 FROM unnest($1::text[]) s`,
  [stateAliases],
);
await db.transaction((tx) =>
  createLedgerRepository(tx).post(
    [fundingMovement(owner.company_id!, 1e13, 'BENCH-FUNDING', {}, null)],
    tx,
  ),
);
const orders = (seed: number): JobOrder[] =>
  Array.from({ length: n }, (_, i) => {
    const state = states[(i + seed) % states.length]!;
    const lga = state.lgas[i % state.lgas.length]!;
    const fields = {
      first_name: `Ada${i}`,
      last_name: `Obi${seed}`,
      phone: `080${String(30000000 + ((i * 7919 + seed) % 69999999)).padStart(8, '0')}`,
      email: `ada${seed}.${i}@example.ng`,
      address: `${i} Market Road, Block ${i % 40}`,
      landmark: 'Near the church',
      state: state.alias,
      lga,
    };
    return {
      type: 'address',
      company_id: owner.company_id!,
      created_by: owner.id,
      state: state.alias,
      lga,
      subject_name: `Ada${i} Obi${seed}`,
      fields,
    };
  });
const deps = {
  jobs: createJobsRepository(db),
  tats: createTatsRepository(db),
  ledger: createLedgerRepository(db),
  queue: { send: async () => null, sendMany: async () => undefined } as never,
};
const time = async (what: string, fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  const ms = performance.now() - t;
  console.log(`${what}: ${Math.round(ms)} ms`);
  return ms;
};
// The upload's first step, on its own thread in the app: reading and checking the file.
const csv = [
  'first_name,last_name,phone,email,address,landmark,state,lga',
  ...orders(2).map(({ fields: f }) =>
    [
      f.first_name,
      f.last_name,
      f.phone,
      f.email,
      `"${f.address}"`,
      f.landmark,
      f.state,
      `"${f.lga}"`,
    ].join(','),
  ),
].join('\n');
await time('parse and validate the CSV', () =>
  parseImportFile('address', Buffer.from(csv), 'jobs.csv'),
);
const warm = orders(1).slice(0, 10_000);
await db.transaction((tx) => deps.jobs.insertMany(warm, owner.id, tx));

const columns = ['type', 'company_id', 'created_by', 'state', 'lga', 'subject_name', 'fields'];
const rows = orders(2);
const floor = await time('plain INSERT into bench_jobs', () =>
  db.transaction((tx) =>
    insertPlainRows(
      tx,
      'bench_jobs',
      columns,
      rows.map((j) => [
        j.type,
        j.company_id,
        j.created_by,
        j.state,
        j.lga,
        j.subject_name,
        JSON.stringify(j.fields),
      ]),
    ),
  ),
);
// The import beside a poll of two statements every 50 ms (a signed-in call's shape), the chunks'
// own statements timed apart from the rest (giving way, pricing, the final transaction).
const chunks: { rows: number; ms: number }[] = [];
const timedDeps = {
  ...deps,
  jobs: {
    ...deps.jobs,
    insertStaged: async (...args: Parameters<typeof deps.jobs.insertStaged>) => {
      const written = await deps.jobs.insertStaged(...args);
      chunks.push({ rows: args[0].length, ms: written.ms ?? 0 });
      return written;
    },
  },
};
let importing = true;
const polls: number[] = [];
const poller = (async () => {
  while (importing) {
    const t = performance.now();
    await db.query('SELECT id, email, role FROM accounts WHERE id = $1', [owner.id]);
    await db.query('SELECT company_id FROM accounts WHERE id = $1', [owner.id]);
    const ms = performance.now() - t;
    polls.push(ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - ms)));
  }
})();
const ms = await time('importJobs (staged), polled', () =>
  importJobs(timedDeps, db, orders(3), owner.id, { file: 'p.csv', staged: true }),
);
importing = false;
await poller;
const inChunks = chunks.reduce((sum, c) => sum + c.ms, 0);
const sizes = chunks.map((c) => c.rows).sort((a, b) => a - b);
const sorted = polls.sort((a, b) => a - b);
const q = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
console.log(
  `${chunks.length} chunks (rows: least ${sizes[0]}, median ${sizes[sizes.length >> 1]}, most ${sizes.at(-1)}); ` +
    `their statements ${Math.round(inChunks)} ms in the database, the rest (giving way, pricing, charging) ${Math.round(ms - inChunks)} ms`,
);
console.log(`polls: ${polls.length}, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`);
console.log(`ratio to the plain INSERT ${(ms / floor).toFixed(2)}`);
await db.close();
rmSync(dir, { recursive: true, force: true });
