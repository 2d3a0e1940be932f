import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { checkWarningCodes } from '../../../reference/checkWarnings';
import type { Db, Queryable } from '../../db';
import type {
  CaptureChecksRepository,
  CheckPart,
  ChecksInput,
  ChecksOutcome,
} from '../../repositories/captureChecks';
import type { FileStorage } from '../storage';
import { queueNames, type Queue } from '../queue';
import { publishJobEvents } from '../webhooks';
import { createBillChecker, type BillChecker } from './bill';
import { claimOf } from './claim';
import { createFaceChecker, type FaceChecker } from './face';
import { checkPlace } from './place';
import type { CheckResult, CheckWarningCode } from './types';

// The wire's list of codes (reference/) and the checks' own type name the same codes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const codesAgree: Same<(typeof checkWarningCodes)[number], CheckWarningCode> = true;
void codesAgree;

/**
 * The three checks, as the runner calls them: production passes the real ones (bill.ts, place.ts,
 * face.ts), tests pass fakes through `buildApp({ checkers })`.
 */
export interface Checkers {
  createBillChecker: () => BillChecker;
  checkPlace: typeof checkPlace;
  createFaceChecker: () => FaceChecker;
}

export const realCheckers: Checkers = { createBillChecker, checkPlace, createFaceChecker };

/** A check still running after this long is given up (and its checker replaced). */
export const checkPartTimeoutMs = 120_000;

/** What queueing the checks needs: whether they are on, the repository, the queue. */
export interface ChecksQueueing {
  enabled: boolean;
  captureChecks: CaptureChecksRepository;
  queue: Pick<Queue, 'send'>;
}

export const checksQueueingOf = (
  app: Pick<FastifyInstance, 'config' | 'repos' | 'queue'>,
): ChecksQueueing => ({
  enabled: app.config.checks !== false,
  captureChecks: app.repos.captureChecks,
  queue: app.queue,
});

/**
 * Marks a submission's checks pending and, unless the checks are switched off (`CHECKS=off`),
 * queues them, both in `tx`: a submission that rolls back queues nothing. A run already queued
 * for the submission is replaced by this one (the worker skips a run that is not the last).
 */
export async function queueChecks(
  deps: ChecksQueueing,
  submissionId: string,
  jobId: string,
  tx: Queryable,
) {
  const run = await deps.captureChecks.markPending(submissionId, jobId, tx);
  if (deps.enabled) await deps.queue.send(queueNames.checks, { submissionId, run }, { tx });
  return run;
}

export interface ChecksRunnerDeps {
  db: Pick<Db, 'transaction'>;
  captureChecks: CaptureChecksRepository;
  storage: Pick<FileStorage, 'get'>;
  queue: Pick<Queue, 'send' | 'sendMany'>;
  checkers: Checkers;
  /** PLACE_MAX_KM: farther from the claimed LGA's headquarters is flagged (unset: 25). */
  placeMaxKm?: number;
  log: FastifyBaseLogger;
}

type PartDone<T> = { result: CheckResult<T> | null } | { error: string };

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs the checks of one submission at a time, off the main thread: the bill reader and the face
 * check work in worker threads of their own, each started by warm() (the server, at start) or on
 * first use and kept warm for the next submission (OCR and face models take seconds to load),
 * closed with the app. The place
 * check is arithmetic and runs here.
 */
export function createChecksRunner(deps: ChecksRunnerDeps) {
  const { captureChecks, storage, checkers, log } = deps;
  let bill: BillChecker | undefined;
  let face: FaceChecker | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Drops a checker that failed: it may be broken, the next run starts a fresh one. */
  const discard = (c: BillChecker | FaceChecker | undefined) =>
    c?.close().catch((err: unknown) => log.warn({ err }, 'a checker did not close cleanly'));

  async function part<T>(name: CheckPart, fn: () => Promise<CheckResult<T> | null>) {
    try {
      const result = await withTimeout(fn(), checkPartTimeoutMs, `the ${name} check`);
      return { result } satisfies PartDone<T>;
    } catch (err) {
      log.warn({ err, part: name }, 'a machine check failed');
      if (name === 'bill') {
        void discard(bill);
        bill = undefined;
      }
      if (name === 'face') {
        void discard(face);
        face = undefined;
      }
      return { error: err instanceof Error ? err.message : String(err) } satisfies PartDone<T>;
    }
  }

  async function check(input: ChecksInput): Promise<ChecksOutcome> {
    const claim = claimOf(input);
    const { lat, lng } = input;
    const billKey = input.photos.utility_bill;
    const selfieKey = input.photos.selfie;
    // The bill and the selfie at once, each in its worker thread: on two cores the face check no
    // longer waits behind a bill's second reading, which took a mismatching bill past 10 s.
    const [placeDone, billDone, faceDone] = await Promise.all([
      lat !== null && lng !== null
        ? part('place', async () => checkers.checkPlace({ lat, lng }, claim, deps.placeMaxKm))
        : undefined,
      billKey
        ? part('bill', async () => {
            const jpeg = await storage.get(billKey);
            bill ??= checkers.createBillChecker();
            return bill.check(jpeg, claim, input.captured_at ?? input.received_at);
          })
        : undefined,
      selfieKey
        ? part('face', async () => {
            const selfie = await storage.get(selfieKey);
            const agent = input.agent_photo_key
              ? await storage.get(input.agent_photo_key).catch(() => null)
              : null;
            face ??= checkers.createFaceChecker();
            return face.check(selfie, agent);
          })
        : undefined,
    ]);
    const parts = { place: placeDone, bill: billDone, face: faceDone };
    const failed = (Object.keys(parts) as CheckPart[]).filter(
      (k) => parts[k] && 'error' in parts[k],
    );
    const resultOf = <T>(p: PartDone<T> | undefined) => (p && 'result' in p ? p.result : null);
    const results = {
      bill: resultOf(parts.bill),
      place: resultOf(parts.place),
      face: resultOf(parts.face),
    };
    const checked = Object.values(results).some(Boolean);
    return {
      status: failed.length && !checked ? 'failed' : 'done',
      bill: results.bill?.check ?? null,
      place: results.place?.check ?? null,
      face: results.face?.check ?? null,
      warnings: [results.bill, results.place, results.face].flatMap((r) => r?.warnings ?? []),
      failed_parts: failed,
      error: failed.length
        ? failed.map((k) => `${k}: ${(parts[k] as { error: string }).error}`).join('; ')
        : null,
    };
  }

  /** Run `run` of a submission's checks: read, check, store, tell the webhooks, in turn. */
  async function runOnce(submissionId: string, run: number) {
    if (closed) throw new Error('the checks runner is closed');
    const input = await captureChecks.input(submissionId, run);
    // A newer run was queued since, or the job's personal data is gone: nothing to do.
    if (!input) return;
    await captureChecks.markStarted(submissionId, run);
    const outcome = await check(input);
    await deps.db.transaction(async (tx) => {
      if (!(await captureChecks.finish(submissionId, run, outcome, tx))) return;
      await publishJobEvents(deps.queue, tx, 'job.checked', [input.job_id], undefined, {
        checks: {
          status: outcome.status,
          warnings: outcome.warnings.map((w) => w.code),
          failed_parts: outcome.failed_parts,
        },
      });
    });
  }

  return {
    /** Runs the checks of one submission, after whatever this runner is doing now. */
    run(submissionId: string, run: number) {
      const next = turn.then(() => runOnce(submissionId, run));
      turn = next.catch(() => undefined);
      return next;
    },

    /**
     * Starts the bill reader and the face check now (the server, at start with the checks on), so
     * that the first submission does not wait seconds for their models: one after the other, so
     * that the API keeps a core while they load. Never throws: a checker that cannot start is
     * logged and started again at the first submission.
     */
    async warm() {
      const steps: [CheckPart, () => Promise<void>][] = [
        ['bill', () => (bill ??= checkers.createBillChecker()).warm()],
        ['face', () => (face ??= checkers.createFaceChecker()).warm()],
      ];
      for (const [name, step] of steps) {
        if (closed) return;
        try {
          await step();
        } catch (err) {
          if (!closed) log.warn({ err, part: name }, 'a machine check could not be warmed');
        }
      }
    },

    /** Queues the checks of every pending submission (start-up: the demo's, a crash's). */
    async queuePending(limit = 5000) {
      const pending = await captureChecks.pending(limit);
      if (pending.length) {
        await deps.queue.sendMany(
          queueNames.checks,
          pending.map((p) => ({ submissionId: p.submission_id, run: p.run })),
        );
      }
      return pending.length;
    },

    async close() {
      closed = true;
      await turn;
      await Promise.all([discard(bill), discard(face)]);
      bill = face = undefined;
    },
  };
}

export type ChecksRunner = ReturnType<typeof createChecksRunner>;
