import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import type { Db } from '../../../server/db';
import type { QueuePolicy } from '../../../server/services/queue';
import { freshDb, testConfig } from '../helpers';

const quick: QueuePolicy = {
  retryLimit: 3,
  retryDelaySeconds: 0,
  expireInSeconds: 60,
  pollingIntervalSeconds: 0.5,
};

/** An app over `db` whose queue also runs `handlers`, started. */
async function appWith(
  db: Db,
  handlers: Record<string, (data: Record<string, unknown>) => Promise<void>>,
) {
  const app = await buildApp({ config: testConfig(), db });
  for (const [name, handler] of Object.entries(handlers)) {
    app.queue.handle(name, quick, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }
  await app.ready();
  return app;
}

describe('the job queue (pg-boss over our database)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db?.close());

  it('runs a job sent in a transaction only if the transaction commits, and once', async () => {
    const seen: unknown[] = [];
    const app = await appWith(db, { 'test-commit': async (d) => void seen.push(d.n) });
    try {
      await app.db.transaction(async (tx) => {
        await app.queue.send('test-commit', { n: 1 }, { tx });
      });
      await app.db
        .transaction(async (tx) => {
          await app.queue.send('test-commit', { n: 2 }, { tx });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await app.queue.settled(['test-commit']);
      expect(seen).toEqual([1]);
    } finally {
      await app.close();
    }
  });

  it('runs a job sent in a transaction once it commits, not at the next poll, and never one rolled back', async () => {
    const handled: unknown[] = [];
    let arrived = () => {};
    const app = await buildApp({ config: testConfig(), db });
    // A poll a minute apart: only a wake can bring the job in time.
    app.queue.handle('test-wake', { ...quick, pollingIntervalSeconds: 60 }, async (jobs) => {
      for (const job of jobs) handled.push(job.data.n);
      arrived();
    });
    await app.ready();
    const noPoll = (n: number) =>
      new Promise<void>((resolve, reject) => {
        arrived = () => {
          if (handled.includes(n)) resolve();
        };
        setTimeout(() => reject(new Error(`job ${n} waited for the poll`)), 30_000).unref();
      });
    try {
      await app.db
        .transaction(async (tx) => {
          await app.queue.send('test-wake', { n: 0 }, { tx });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      for (const n of [1, 2]) {
        const seen = noPoll(n);
        await app.db.transaction(async (tx) => {
          await app.queue.send('test-wake', { n }, { tx });
          // More of the transaction's work after the send, longer than any guess of a delay.
          await tx.query('SELECT pg_sleep(1.5)');
        });
        await seen;
      }
      await app.queue.settled(['test-wake']);
      expect(handled).toEqual([1, 2]);
    } finally {
      await app.close();
    }
  }, 90_000);

  it('tries a failing job again until it succeeds', async () => {
    let tries = 0;
    const app = await appWith(db, {
      'test-retry': async () => {
        tries += 1;
        if (tries < 3) throw new Error(`refused ${tries}`);
      },
    });
    try {
      await app.queue.send('test-retry', {});
      await app.queue.settled(['test-retry']);
      expect(tries).toBe(3);
    } finally {
      await app.close();
    }
  });

  it('keeps a job across a restart: queued by one process, run by the next', async () => {
    const first = await appWith(db, { 'test-restart': async () => {} });
    const due = new Date(Date.now() + 1500);
    await first.queue.send('test-restart', { n: 7 }, { startAfter: due });
    await first.close(); // the process ends before the job is due

    const seen: unknown[] = [];
    const second = await appWith(db, { 'test-restart': async (d) => void seen.push(d.n) });
    try {
      await expect.poll(() => seen, { timeout: 10_000, interval: 100 }).toEqual([7]);
    } finally {
      await second.close();
    }
  });

  it('runs each job once, one at a time, with two processes on one database', async () => {
    const runs = new Map<number, number>();
    let active = 0;
    let mostRunsOfOne = 0;
    const handler = async (d: Record<string, unknown>) => {
      const n = Number(d.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      active += 1;
      mostRunsOfOne = Math.max(mostRunsOfOne, runs.get(n)!);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
    };
    const a: App = await appWith(db, { 'test-two': handler });
    const b: App = await appWith(db, { 'test-two': handler });
    try {
      await a.queue.sendMany(
        'test-two',
        Array.from({ length: 40 }, (_, n) => ({ n })),
      );
      await Promise.all([a.queue.settled(['test-two']), b.queue.settled(['test-two'])]);
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(mostRunsOfOne).toBe(1);
      expect(active).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('starts once the database answers, when it could not at first', async () => {
    let down = true;
    const away = () => Promise.reject(new Error('database away'));
    const flaky: Db = {
      ...db,
      query: (sql, params) => (down ? away() : db.query(sql, params)),
      exec: (sql) => (down ? away() : db.exec(sql)),
    };
    const seen: unknown[] = [];
    const app = await appWith(flaky, { 'test-late': async (d) => void seen.push(d.n) });
    try {
      await expect(app.queue.send('test-late', { n: 1 })).rejects.toThrow(/not started/);
      down = false;
      await expect
        .poll(
          () =>
            app.queue.send('test-late', { n: 2 }).then(
              () => true,
              () => false,
            ),
          {
            timeout: 10_000,
            interval: 200,
          },
        )
        .toBe(true);
      await app.queue.settled(['test-late']);
      expect(seen).toEqual([2]);
    } finally {
      await app.close();
    }
  });
});
