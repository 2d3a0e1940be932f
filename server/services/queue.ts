import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db';
import { queueSchemaOf } from '../db/queueSchema';

/**
 * Background work on the database we already run: pg-boss (its 10.x line, the one that runs on
 * Node 20) over our own connection, so the same queue works on PostgreSQL and on PGlite's thread.
 * Jobs are rows: a job sent inside a request's transaction exists only if that transaction
 * commits, survives a restart, and is taken by one worker at a time across every API process
 * (pg-boss fetches with `FOR UPDATE SKIP LOCKED`).
 */

/** The queues; each one's handler and policy are declared in plugins/app/queue.ts. */
export const queueNames = {
  /** One mail of the outbox to deliver. */
  mail: 'mail',
  /** One text of the SMS outbox to send (services/sms.ts). */
  sms: 'sms',
  /** Hourly and at start-up: stale mail bodies, unfinished capture uploads, orphan files. */
  cleanup: 'cleanup',
  /** Every minute and at each next deadline: jobs past their TAT (services/tatBreach.ts). */
  tatBreach: 'tat-breach',
  /** One webhook delivery to send (its retries are queued by the handler itself). */
  webhook: 'webhook',
  /** Daily: erases closed jobs' personal data after RETENTION_DAYS (services/retention.ts). */
  retention: 'retention',
  /** One capture submission's machine checks: bill, place, selfie (services/checks/runner.ts). */
  checks: 'checks',
} as const;

/** A queue's retry policy; `retryDelaySeconds` doubles with each attempt (with jitter). */
export interface QueuePolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is taken as lost (its process died) and retried. */
  expireInSeconds: number;
  /** How often an idle worker looks for work another process queued. */
  pollingIntervalSeconds: number;
  /** Jobs handed to the handler at once (default 1). */
  batchSize?: number;
  /** 'short': at most one queued job per `singletonKey` (later sends are dropped). */
  policy?: 'standard' | 'short';
  /** Also run on this schedule (cron, UTC). */
  cron?: string;
}

export interface QueueJob {
  id: string;
  data: Record<string, unknown>;
}

/** Does the work of up to `batchSize` jobs; throwing fails them all (each is tried again). */
export type QueueHandler = (jobs: QueueJob[]) => Promise<void>;

export interface SendOptions {
  /** Send inside this transaction: the job exists only if it commits. */
  tx?: Queryable;
  /** Not before this time. */
  startAfter?: Date;
  /** At most one queued job with this key per queue (a later send is dropped). */
  singletonKey?: string;
}

type Adapter = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * pg-boss's few scripts of several statements (install, upgrades) come without parameters and
 * open with BEGIN; they run through `exec`, which both databases take as one script.
 */
function adapterOf(q: Queryable): Adapter {
  return {
    async executeSql(text, values) {
      if (!values?.length && /^\s*BEGIN;/.test(text)) {
        await q.exec(text);
        return { rows: [] };
      }
      return q.query(text, values ?? []);
    },
  };
}

/**
 * pg-boss makes a new queue's table and attaches it in one statement; two API processes starting
 * together on a new database deadlock there (PostgreSQL aborts one of them, 40P01). The aborted
 * one tries again and finds the queue made.
 */
async function createQueueOnce(create: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
    }
  }
}

export function createQueue(opts: { db: Db; log: FastifyBaseLogger }) {
  const handlers = new Map<string, { policy: QueuePolicy; handler: QueueHandler }>();
  const workers = new Map<string, string>();
  const running = new Set<Promise<unknown>>();
  let boss: PgBoss | undefined;
  let schema = 'pgboss';
  let stopped = false;

  const started = () => {
    if (!boss) throw new Error('the queue is not started');
    return boss;
  };

  /** Wakes this process's worker of `name` now rather than at its next poll. */
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id && boss && !stopped) setImmediate(() => boss?.notifyWorker(id));
  };

  /**
   * Wakes the worker once a job sent in `tx` can be found: its fetch runs on another connection
   * (or waits for the transaction on PGlite), so a wake before the commit finds nothing.
   */
  const wakeFor = (name: string, tx: Queryable | undefined) => {
    if (tx) tx.afterCommit(() => wake(name));
    else wake(name);
  };

  // pg-boss's own statements in flight: a worker's last fetch can outlive `boss.stop()`.
  let inFlight = 0;
  const counted = (a: Adapter): Adapter => ({
    async executeSql(text, values) {
      inFlight += 1;
      try {
        return await a.executeSql(text, values);
      } finally {
        inFlight -= 1;
      }
    },
  });

  let retryTimer: NodeJS.Timeout | undefined;
  const retryStart = (ms: number) => {
    retryTimer = setTimeout(() => {
      if (stopped) return;
      startOnce().catch((err: unknown) => {
        opts.log.error({ err }, 'the job queue could not start: it tries again');
        retryStart(Math.min(ms * 2, 60_000));
      });
    }, ms).unref();
  };

  async function startOnce() {
    schema = await queueSchemaOf(opts.db);
    const b = new PgBoss({
      db: counted(adapterOf(opts.db)),
      schema,
      // Archive done jobs after a day and drop them after a week: the tables stay small.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
      // Schedules are looked at every 10 s, so a minutely one runs within seconds of its minute.
      cronMonitorIntervalSeconds: 10,
      cronWorkerIntervalSeconds: 5,
    });
    b.on('error', (err: unknown) => opts.log.error({ err }, 'queue error'));
    await b.start();
    try {
      for (const [name, { policy, handler }] of handlers) {
        const options = {
          policy: policy.policy ?? 'standard',
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: policy.retryDelaySeconds > 0,
          expireInSeconds: policy.expireInSeconds,
        };
        await createQueueOnce(() => b.createQueue(name, { name, ...options }));
        await b.updateQueue(name, { name, ...options });
        const id = await b.work(
          name,
          {
            pollingIntervalSeconds: policy.pollingIntervalSeconds,
            batchSize: policy.batchSize ?? 1,
          },
          async (jobs) => {
            const run = handler(
              jobs.map((j) => ({ id: j.id, data: j.data as Record<string, unknown> })),
            );
            running.add(run);
            try {
              await run;
            } catch (err) {
              opts.log.warn({ err, queue: name }, 'queued work failed: it is tried again');
              throw err;
            } finally {
              running.delete(run);
            }
          },
        );
        workers.set(name, id);
        if (policy.cron) await b.schedule(name, policy.cron, {}, { tz: 'UTC' });
      }
    } catch (err) {
      await b.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
      throw err;
    }
    boss = b;
  }

  const queue = {
    /** Declares the handler of `name`; workers start with the queue. */
    handle(name: string, policy: QueuePolicy, handler: QueueHandler) {
      if (boss) throw new Error(`queue ${name}: declare handlers before the queue starts`);
      handlers.set(name, { policy, handler });
    },

    /**
     * Starts the workers and schedules. A database that cannot be reached does not stop the app
     * from starting (it answers 503 meanwhile): the queue tries again, less and less often, until
     * it starts or the app closes.
     */
    async start() {
      try {
        await startOnce();
      } catch (err) {
        opts.log.error({ err }, 'the job queue could not start: it tries again');
        retryStart(1000);
      }
    },

    /** Queues `data` for `name`'s handler; the job's id, or null when a singleton dropped it. */
    async send(name: string, data: Record<string, unknown>, options: SendOptions = {}) {
      const b = started();
      const id = await b.send(name, data, {
        ...(options.tx ? { db: adapterOf(options.tx) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      if (!options.startAfter || options.startAfter.getTime() <= Date.now()) {
        wakeFor(name, options.tx);
      }
      return id;
    },

    /** Queues one job of `name` per item, in one statement. */
    async sendMany(
      name: string,
      items: Record<string, unknown>[],
      options: { tx?: Queryable } = {},
    ) {
      await started().insert(
        items.map((data) => ({ name, data })),
        options.tx ? { db: adapterOf(options.tx) } : {},
      );
      wakeFor(name, options.tx);
    },

    /**
     * Settles once no job of `names` (all when omitted) is due or running: for tests and the
     * benchmark, which wait for the work a call queued.
     */
    async settled(names: string[] = [...handlers.keys()], timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        for (const n of names) wake(n);
        const { rows } = await opts.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${schema}.job
            WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')
              AND start_after <= now()`,
          [names],
        );
        if (rows[0]!.n === 0 && running.size === 0) return;
        if (Date.now() > until) throw new Error(`queue not settled: ${rows[0]!.n} jobs due`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(retryTimer);
      if (!boss) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      // pg-boss does not wait for a worker's fetch already sent, nor for the job it brings: wait
      // until nothing of the queue's is running (seen twice), so the database can close after.
      const until = Date.now() + 10_000;
      for (let idle = 0; idle < 2 && Date.now() < until;) {
        idle = inFlight === 0 && running.size === 0 ? idle + 1 : 0;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
  return queue;
}

export type Queue = ReturnType<typeof createQueue>;
