import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from '../db';
import { whenOthersDone } from '../db/pgliteWorker';
import { HttpError } from '../errors';
import type { JobsRepository, NewJob } from '../repositories/jobs';
import type { LedgerRepository } from '../repositories/ledger';
import type { TatsRepository } from '../repositories/tats';
import { chargeNewJobs, priceNewJobs } from './charges';
import { publishJobEvents, type WebhookQueue } from './webhooks';

export interface JobCreationDeps {
  jobs: JobsRepository;
  tats: TatsRepository;
  ledger: LedgerRepository;
  /** Webhooks' `job.created` goes by it. */
  queue: WebhookQueue;
}

/**
 * A job to create; `id` when the caller needs it before the insert (the demo draws files for it),
 * `at` when it was ordered in the past (the demo: its charge is dated then).
 */
export type JobOrder = Omit<NewJob, 'price_kobo'> & { id?: string; at?: Date };

export interface CreatedJob {
  id: string;
  companyId: string;
  priceKobo: number;
}

/**
 * Creating jobs, the one use case behind the create and upload routes and the demo: in the
 * caller's transaction, prices them (the Company price of each job's state and kind, the owner's
 * wallet locked and checked: 400 without a price, 402 short of the total), inserts them with
 * their first event (null → pending) naming `actorId`, and charges each owner once. Jobs of a
 * bulk `file` are one ledger movement naming it; other jobs one movement each, naming their
 * creator, and publishes `job.created`. Answers the jobs in the order given. Hooks on new jobs
 * (webhooks, audit) go here.
 */
export async function createJobs(
  deps: JobCreationDeps,
  orders: JobOrder[],
  actorId: string,
  tx: Queryable,
  opts: { file?: string } = {},
): Promise<CreatedJob[]> {
  // Priced per owner and kind, in the order each pair first appears.
  const groups = new Map<string, number[]>();
  orders.forEach((o, i) => {
    const key = `${o.company_id} ${o.type}`;
    const at = groups.get(key);
    if (at) at.push(i);
    else groups.set(key, [i]);
  });
  const prices: number[] = [];
  for (const at of groups.values()) {
    const { company_id, type } = orders[at[0]!]!;
    const states = at.map((i) => orders[i]!.state);
    const each = await priceNewJobs(deps, company_id, type, states, tx);
    at.forEach((i, k) => (prices[i] = each[k]!));
  }

  const rows = orders.map(({ at: _at, ...o }, i) => ({ ...o, price_kobo: prices[i]! }));
  const ids =
    rows.length === 1 && rows[0]!.id === undefined
      ? [await deps.jobs.insert(rows[0]!, tx)]
      : await deps.jobs.insertMany(rows, actorId, tx);
  const created = ids.map((id, i) => ({
    id,
    companyId: rows[i]!.company_id,
    priceKobo: prices[i]!,
  }));

  if (opts.file !== undefined) {
    const [first] = orders;
    const details = { job_type: first!.type, file: opts.file.slice(0, 200) };
    await chargeNewJobs(deps, first!.company_id, created, actorId, tx, details);
  } else {
    for (const [i, job] of created.entries()) {
      const { created_by, at } = orders[i]!;
      await chargeNewJobs(deps, job.companyId, [job], created_by, tx, {}, at);
    }
  }
  await publishJobEvents(
    deps.queue,
    tx,
    'job.created',
    ids,
    created.map((c) => c.companyId),
  );
  return created;
}

/** Jobs of a bulk import's first chunk (PGlite); the next are sized by `nextChunkRows`. */
export const importChunkRows = 200;
/**
 * How long one chunk of a bulk import may hold PGlite's one connection: a request arriving
 * meanwhile waits for it, so a poll's p99 is about a chunk and its own statements. A chunk is one
 * statement (`insertStaged`), so a short one costs the import little.
 */
const chunkTargetMs = 50;
/**
 * Never fewer rows than the least: a chunk's time, as the main thread sees it, also holds the
 * crossing to the database's thread and back, which a loaded machine stretches; sized by it alone,
 * chunks shrank to a few dozen rows and the import spent its time between them.
 */
const chunkRowsRange = [importChunkRows, 4_000] as const;
/** The longest an import gives way to other statements between two of its chunks. */
const maxGiveWayMs = 50;
/**
 * The share of a chunk's time it gives way at most: when other calls never stop (a busy server),
 * the import still has four fifths of the database.
 */
const giveWayShare = 1 / 4;

/**
 * The next chunk's rows: sized for `chunkTargetMs` by the last one's pace (how long a chunk takes
 * follows the machine's load), within `chunkRowsRange` and never more than doubled at once.
 */
export function nextChunkRows(rows: number, ms: number) {
  const paced = ms > 0 ? Math.round((rows * chunkTargetMs) / ms) : rows * 2;
  const [least, most] = chunkRowsRange;
  return Math.max(least, Math.min(most, rows * 2, paced));
}

/** Jobs of a failed import deleted per statement. */
const sweepChunkRows = 2_000;

/**
 * A bulk file's jobs (one owner, one kind), all or none, charged once as one movement naming the
 * file: the upload's use case. Answers how many were created.
 *
 * On PostgreSQL (and whenever `staged` is false) it is `createJobs` in one transaction: other
 * connections go on meanwhile. PGlite has one connection, which that transaction held for the
 * whole insert (16 s for 100,000 rows): every other request waited. There the jobs are staged:
 * priced first (400/402 before anything is written), written in chunks of about `chunkTargetMs`
 * each (`nextChunkRows`; a fixed `chunkRows` when given), each one statement (`insertStaged`)
 * under a staging import row that every read of jobs leaves out; between chunks the import gives
 * way until the statements other requests queued meanwhile have run (`whenOthersDone`); then one
 * short transaction checks the prices and the wallet again (wallet locked), ends the staging and
 * charges the owner. Any failure deletes what was staged (`sweepImport`); a process that dies
 * leaves a staging import that the next start sweeps.
 */
export async function importJobs(
  deps: JobCreationDeps,
  db: Db,
  orders: JobOrder[],
  actorId: string,
  opts: { file: string; chunkRows?: number; staged?: boolean },
): Promise<number> {
  if (!(opts.staged ?? db.kind === 'pglite')) {
    return db.transaction(async (tx) => (await createJobs(deps, orders, actorId, tx, opts)).length);
  }
  const [first] = orders;
  if (!first) return 0;
  const { company_id, type } = first;
  if (orders.some((o) => o.company_id !== company_id || o.type !== type)) {
    throw new Error('A bulk import is of one owner and one kind');
  }
  const states = orders.map((o) => o.state);
  const prices = await db.transaction((tx) => priceNewJobs(deps, company_id, type, states, tx));
  const importId = await deps.jobs.startImport(company_id, actorId, orders.length);
  try {
    const ids: string[] = [];
    let chunk = opts.chunkRows ?? importChunkRows;
    for (let i = 0; i < orders.length;) {
      // A chunk's rows made as it is written: 100,000 made at once held the thread 0.3 s.
      const part = orders
        .slice(i, i + chunk)
        .map(({ at: _at, ...o }, k) => ({ ...o, price_kobo: prices[i + k]! }));
      // One statement, atomic by itself: no transaction held open across messages. Its pace is
      // the database's own time where it says: the wait for other calls' statements queued
      // before it (a busy server) would shrink every chunk to the least.
      const started = performance.now();
      const written = await deps.jobs.insertStaged(part, actorId, importId);
      ids.push(...written.ids);
      i += part.length;
      const ms = written.ms ?? performance.now() - started;
      if (!opts.chunkRows) chunk = nextChunkRows(part.length, ms);
      // Other requests' statements, queued meanwhile or following them, run before the next
      // chunk; for a share of the chunk's time at most, so that a stream of them cannot starve it.
      await whenOthersDone(db, Math.min(maxGiveWayMs, ms * giveWayShare));
    }
    await db.transaction(async (tx) => {
      const now = await priceNewJobs(deps, company_id, type, states, tx);
      if (now.some((p, i) => p !== prices[i])) {
        throw new HttpError(
          409,
          'A Company price changed while the file was being imported: nothing was imported or charged. Upload the file again.',
        );
      }
      if (!(await deps.jobs.endImportStaging(importId, tx))) {
        throw new Error('The import was swept before it ended');
      }
      const created = ids.map((id, i) => ({ id, priceKobo: prices[i]! }));
      const details = { job_type: type, file: opts.file.slice(0, 200) };
      await chargeNewJobs(deps, company_id, created, actorId, tx, details);
      await publishJobEvents(
        deps.queue,
        tx,
        'job.created',
        ids,
        ids.map(() => company_id),
      );
    });
    return ids.length;
  } catch (err) {
    // Best effort: what is left is swept at the next start.
    await sweepImport(deps.jobs, importId).catch(() => undefined);
    throw err;
  }
}

/** Deletes a staging import's jobs, a short statement at a time, then the import. */
export async function sweepImport(
  jobs: Pick<JobsRepository, 'deleteStagedJobs'>,
  importId: string,
) {
  while ((await jobs.deleteStagedJobs(importId, sweepChunkRows)) > 0);
}

/** Sweeps these staging imports, one after another. */
export async function sweepImports(
  jobs: Pick<JobsRepository, 'deleteStagedJobs'>,
  importIds: readonly string[],
) {
  for (const id of importIds) await sweepImport(jobs, id);
}

/**
 * Sweeps every staging import: on PGlite, where one process owns the data, at a start any import
 * still staging was cut short (the process died). Answers how many it swept.
 */
export async function sweepStagedImports(
  jobs: Pick<JobsRepository, 'deleteStagedJobs' | 'stagingImports'>,
) {
  const left = await jobs.stagingImports();
  await sweepImports(jobs, left);
  return left.length;
}
