import type { Queryable } from '../db';
import type { JobsRepository, LockedJob } from '../repositories/jobs';
import { webhookEventOfStatus, type WebhookEventType } from '../../reference/webhookEvents';
import { settleJobMoves } from './ledger';
import { nextStatus, type JobAction, type JobStatus } from './jobStateMachine';
import { publishJobEvents, type WebhookQueue } from './webhooks';

/** What writing moves needs besides the transaction: the jobs, and the queue webhooks go by. */
export interface MoveDeps {
  jobs: JobsRepository;
  queue: WebhookQueue;
}

/** One step of a job's moves, and why (the event's reason). */
export interface MoveStep {
  action: JobAction;
  reason?: string | null;
}

declare const checked: unique symbol;

/** A job's moves checked against the state machine: only planMoves makes one. */
export interface PlannedMove {
  readonly [checked]: true;
  jobId: string;
  to: JobStatus;
  rating: number | null;
  events: { jobId: string; from: JobStatus; to: JobStatus; reason: string | null }[];
  /** When it happened, for its money: now unless given (the demo's past). */
  at?: Date;
}

/**
 * Checks one job's steps in order, each from where the previous left it (capture's submit may
 * accept first); a step the state machine forbids is a 409 naming the job and its status.
 */
export function planMoves(
  job: Pick<LockedJob, 'id' | 'code' | 'status'>,
  steps: MoveStep[],
  rating: number | null = null,
  at?: Date,
): PlannedMove {
  let from = job.status;
  const events: PlannedMove['events'] = [];
  for (const { action, reason } of steps) {
    const to = nextStatus(from, action, job.code);
    events.push({ jobId: job.id, from, to, reason: reason?.trim() || null });
    from = to;
  }
  return { jobId: job.id, to: from, rating, events, at } as PlannedMove;
}

/**
 * The only writer of job status: writes the planned moves' statuses and events in the caller's
 * transaction (the jobs locked by it). A move's side effects (ledger postings, webhooks,
 * notifications) belong here, so that no path can move a job without them.
 */
export async function writeMoves(
  { jobs, queue }: MoveDeps,
  moves: PlannedMove[],
  actorId: string | null,
  tx: Queryable,
) {
  await jobs.writeMoves(
    moves.map((m) => ({ id: m.jobId, status: m.to, rating: m.rating })),
    moves.flatMap((m) => m.events),
    actorId,
    tx,
  );
  await settleJobMoves(
    moves.map((m) => ({ jobId: m.jobId, to: m.to, at: m.at })),
    (ids) => jobs.money(ids, tx),
    actorId,
    tx,
  );
  await publishMoves(queue, moves, tx);
}

/**
 * Each move's events as webhook events, in the order they happened: a job's k-th step is
 * published before its (k+1)-th, one publication per step and type (one cheap statement each
 * when nobody subscribed).
 */
async function publishMoves(queue: WebhookQueue, moves: PlannedMove[], tx: Queryable) {
  // byStep[k]: the jobs whose k-th event is of each type.
  const byStep: Map<WebhookEventType, string[]>[] = [];
  for (const m of moves) {
    m.events.forEach((e, k) => {
      const type = webhookEventOfStatus[e.to as keyof typeof webhookEventOfStatus];
      // A status with no event (back to pending, say) would find no subscriber: skipping it
      // only saves the statement, which is why no test can tell this check from its absence.
      if (!type) return;
      const byType = (byStep[k] ??= new Map());
      byType.set(type, [...(byType.get(type) ?? []), m.jobId]);
    });
  }
  for (const byType of byStep) {
    for (const [type, ids] of byType ?? []) await publishJobEvents(queue, tx, type, ids);
  }
}

/** planMoves then writeMoves, for one job; returns its new status. */
export async function moveJob(
  deps: MoveDeps,
  job: Pick<LockedJob, 'id' | 'code' | 'status'>,
  steps: MoveStep[],
  actorId: string | null,
  tx: Queryable,
  rating: number | null = null,
) {
  const move = planMoves(job, steps, rating);
  await writeMoves(deps, [move], actorId, tx);
  return move.to;
}
