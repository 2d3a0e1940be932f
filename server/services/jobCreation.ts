import type { Queryable } from '../db';
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
