import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/db';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { createJobsRepository } from '../server/repositories/jobs';
import { createConfirmedUser } from '../server/services/createUser';
import { scratchPostgres } from './benchServerProcess';

/**
 * What the indexes of one migration cost job writes: 10,000 jobs by COPY (`insertMany`), 500
 * single inserts (`insert`), and 500 assignments to a partner company, each on an empty jobs
 * table, with the migration's indexes and without them, in turns in one run (so both see the same
 * load). `npx tsx bench/jobInsertCost.ts [migration file] [rounds]`, on PGlite in memory, or on a
 * scratch database of DATABASE_URL's server.
 */
const file = process.argv[2] ?? 'server/migrations/0034_jobs_assigned_list_indexes.sql';
const rounds = Number(process.argv[3] ?? 3);
const url = process.env.DATABASE_URL;

async function open(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!url) return { db: await openPglite(), drop: async () => undefined };
  const scratch = await scratchPostgres(url);
  const db = await openPostgres(scratch.url, 2);
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

const { db, drop } = await open();
try {
  await migrate(db);
  const names = [...readFileSync(file, 'utf8').matchAll(/CREATE INDEX (\w+)/g)].map((m) => m[1]!);
  const defs = (
    await db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = ANY($1::text[])`,
      [names],
    )
  ).rows.map((r) => r.indexdef);
  if (defs.length !== names.length) throw new Error(`${file}: not all of ${names} exist`);
  const person = { password: 'insert-password', first_name: 'Insert', last_name: 'Cost' };
  const owner = await createConfirmedUser(db, {
    ...person,
    role: 'company',
    email: 'owner@insert.ng',
    company_name: 'Insert Ltd',
  });
  const partner = await createConfirmedUser(db, {
    ...person,
    role: 'company',
    email: 'partner@insert.ng',
    company_name: 'Insert Partner Ltd',
  });
  const jobs = createJobsRepository(db);
  const job = (i: number) => ({
    type: 'address' as const,
    company_id: owner.company_id!,
    created_by: owner.id,
    state: ['lagos', 'oyo', 'kano', 'abia'][i % 4]!,
    lga: 'Somewhere',
    subject_name: `Insert${(i * 7919) % 10_007} Obi`,
    fields: { first_name: `Insert${i}`, last_name: 'Obi', phone: '+2348031000001' },
  });

  async function measure() {
    // Deleted, not truncated (the cascade would reach the append-only ledger), then vacuumed.
    await db.exec('DELETE FROM job_events; DELETE FROM jobs; DELETE FROM job_counts');
    await db.exec('VACUUM jobs');
    let t = performance.now();
    await db.transaction((tx) =>
      jobs.insertMany(
        Array.from({ length: 10_000 }, (_, i) => job(i)),
        owner.id,
        tx,
      ),
    );
    const copyMs = performance.now() - t;
    t = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) ids.push(await jobs.insert(job(10_000 + i)));
    const insertMs = performance.now() - t;
    t = performance.now();
    for (const id of ids) {
      await db.query(
        `UPDATE jobs SET status = 'assigned', assignee_type = 'company', assignee_company_id = $2,
                assigned_at = now(), due_at = now() + interval '1 day' WHERE id = $1`,
        [id, partner.company_id],
      );
    }
    return { copyMs, insertMs, assignMs: performance.now() - t };
  }

  const runs: Record<'with' | 'without', Awaited<ReturnType<typeof measure>>[]> = {
    with: [],
    without: [],
  };
  for (let r = 0; r < rounds; r++) {
    for (const kind of r % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
      if (kind === 'without') await db.exec(names.map((n) => `DROP INDEX ${n};`).join('\n'));
      runs[kind].push(await measure());
      if (kind === 'without') await db.exec(defs.map((d) => `${d};`).join('\n'));
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const of = (kind: 'with' | 'without', k: 'copyMs' | 'insertMs' | 'assignMs') =>
    median(runs[kind].map((x) => x[k]));
  console.log(`${url ? 'PostgreSQL' : 'PGlite'}, ${file}, median of ${rounds} rounds:`);
  for (const [k, what] of [
    ['copyMs', '10,000 jobs by COPY'],
    ['insertMs', '500 single inserts'],
    ['assignMs', '500 assignments'],
  ] as const) {
    const w = of('with', k);
    const wo = of('without', k);
    console.log(
      `${what}: ${wo.toFixed(0)} ms without its indexes, ${w.toFixed(0)} ms with (${(w / wo).toFixed(2)}×)`,
    );
  }
} finally {
  await drop();
}
