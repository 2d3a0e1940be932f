import { randomUUID } from 'node:crypto';
import { createCapturesRepository } from '../repositories/captures';
import { createDemoDataRepository } from '../repositories/demoData';
import { createJobsRepository } from '../repositories/jobs';
import { createJobsAssigneesRepository } from '../repositories/jobsAssignees';
import { createLedgerRepository } from '../repositories/ledger';
import { createTatsRepository } from '../repositories/tats';
import { createJobs } from '../services/jobCreation';
import { assignJobs } from '../services/jobAssignment';
import { planMoves, writeMoves } from '../services/jobMoves';
import type { JobStatus } from '../services/jobStateMachine';
import type { WebhookQueue } from '../services/webhooks';
import type { DemoContext, DemoSeeder } from './demoContext';
import { drawFiles, seedEvidence } from './demoEvidence';
import { planDemoJobs, type DemoAssignee, type DemoJobPlan } from './demoJobPlans';

/** A job about to be written: its plan, its id, and when each of its events happened. */
export interface DemoJobPlanned extends DemoJobPlan {
  id: string;
  /** Creation first, then one per step. */
  eventTimes: Date[];
}

/** A job as written, with its code. */
export interface DemoJob extends DemoJobPlanned {
  code: string;
}

const hours = (h: number) => h * 3_600_000;

/** Event times: the last move `lastAgeHours` before now, the earlier ones by their gaps. */
function timeline(plan: DemoJobPlan, now: Date) {
  const last = now.getTime() - hours(plan.lastAgeHours);
  const total = plan.steps.reduce((sum, s) => sum + hours(s.afterHours), 0);
  let t = last - total;
  const times = [new Date(t)];
  for (const s of plan.steps) times.push(new Date((t += hours(s.afterHours))));
  return times;
}

/** The approved, active agents of the context that can take jobs, with their names. */
async function agentAssignees(tx: Parameters<DemoSeeder>[0], ctx: DemoContext) {
  const repo = createJobsAssigneesRepository(tx);
  // One after another: a transaction's connection runs one statement at a time.
  const found: DemoAssignee[] = [];
  for (const id of ctx.agents) {
    const a = await repo.find('agent', id, tx);
    if (a) found.push({ type: 'agent', id: a.id, name: a.name });
  }
  return found;
}

/** Moves grouped so that each write covers many jobs: one per assignee, one per actor. */
function groupBy<T>(items: T[], key: (t: T) => string) {
  const groups = new Map<string, T[]>();
  for (const t of items) groups.set(key(t), [...(groups.get(key(t)) ?? []), t]);
  return [...groups.values()];
}

/**
 * Jobs of every kind in every status, each moved there step by step through the one writer of
 * job moves (so events, counters, fees and refunds are the app's own), each charged to its owner
 * at creation as the create route charges (the wallets are funded before), then dated over the
 * last four months: the app stamps moves with now(), the demo needs a past. Their money is dated
 * as it is written, by the services' `at` (ledger rows are never edited). Codes follow the
 * creation dates. Writes go in batches (COPY, then one round of moves per step): PGlite answers
 * one query at a time, and a first start should stay quick.
 */
/**
 * The demo's webhook endpoint is seeded after its jobs, with a history written as delivered: the
 * jobs' moves publish to nobody, and nothing is queued that `npm start` would try to send.
 */
export const noEndpointYet: WebhookQueue = {
  send: () => Promise.reject(new Error('demo data: webhooks are seeded after the jobs')),
  sendMany: () => Promise.reject(new Error('demo data: webhooks are seeded after the jobs')),
};

export const seedJobs: DemoSeeder = async (tx, ctx) => {
  const jobs = createJobsRepository(tx);
  const plans: DemoJobPlanned[] = planDemoJobs(ctx, await agentAssignees(tx, ctx))
    .map((p) => ({ ...p, id: randomUUID(), eventTimes: timeline(p, ctx.now) }))
    .sort((a, b) => a.eventTimes[0]!.getTime() - b.eventTimes[0]!.getTime());
  const drawing = drawFiles(ctx, plans);
  drawing.catch(() => undefined); // awaited below; a failure meanwhile must not go unhandled
  const creation = {
    jobs,
    queue: noEndpointYet,
    tats: createTatsRepository(tx),
    ledger: createLedgerRepository(tx),
  };
  const orders = plans.map((p) => ({
    id: p.id,
    type: p.kind,
    company_id: p.owner.id,
    created_by: p.owner.ownerId,
    state: p.job.state,
    lga: p.job.lga,
    subject_name: p.job.subjectName,
    fields: p.job.fields,
    at: p.eventTimes[0]!,
  }));
  // Each creation event is given its creator when the jobs are dated.
  await createJobs(creation, orders, ctx.accounts[0]!.id, tx);
  const locked = new Map(
    (
      await jobs.lockForMove(
        plans.map((p) => p.id),
        tx,
      )
    ).map((j) => [j.id, j]),
  );
  const written: DemoJob[] = plans.map((p) => ({ ...p, code: locked.get(p.id)!.code }));

  const assignment = {
    jobs,
    queue: noEndpointYet,
    jobsAssignees: createJobsAssigneesRepository(tx),
    captures: createCapturesRepository(tx),
  };
  const accountOf = (id: string | null) => {
    const account = ctx.accounts.find((a) => a.id === id);
    if (!account) throw new Error(`demo data: no account ${id} to assign jobs`);
    return account;
  };
  const status = new Map<string, JobStatus>(written.map((j) => [j.id, 'pending']));
  for (let round = 0; written.some((j) => j.steps.length > round); round++) {
    const moving = written.filter((j) => j.steps.length > round);
    const step = (j: DemoJob) => j.steps[round]!;
    const isAssign = (j: DemoJob) => step(j).action === 'assign';
    const [assigning, others] = [moving.filter(isAssign), moving.filter((j) => !isAssign(j))];
    for (const group of groupBy(assigning, (j) => `${step(j).assignee!.id} ${step(j).actorId}`)) {
      const { assignee, actorId } = step(group[0]!);
      const ids = group.map((j) => j.id);
      const assigned = await assignJobs(assignment, accountOf(actorId), assignee!, ids, tx);
      for (const m of assigned) status.set(m.id, m.status);
    }
    for (const group of groupBy(others, (j) => step(j).actorId ?? '')) {
      const moves = group.map((j) => {
        const s = step(j);
        const rating = s.action === 'approve' || s.action === 'reject' ? j.rating : null;
        const job = { id: j.id, code: j.code, status: status.get(j.id)! };
        // The move's money (fee, refund) is dated when the move happened.
        return planMoves(job, [s], rating, j.eventTimes[round + 1]);
      });
      await writeMoves({ jobs, queue: noEndpointYet }, moves, step(group[0]!).actorId, tx);
      for (const m of moves) status.set(m.jobId, m.to);
    }
  }
  for (const j of written) {
    if (status.get(j.id) !== j.status) throw new Error(`demo job ${j.code} is not ${j.status}`);
  }

  await createDemoDataRepository(tx).dateJobs(
    written.map((j) => {
      const assignAt = j.steps.findLastIndex((s) => s.action === 'assign');
      return {
        id: j.id,
        created: j.eventTimes[0]!,
        assigned: assignAt < 0 ? null : j.eventTimes[assignAt + 1]!,
        updated: j.eventTimes.at(-1)!,
        events: j.eventTimes,
      };
    }),
    tx,
  );
  await seedEvidence(tx, ctx, written, await drawing);
};
