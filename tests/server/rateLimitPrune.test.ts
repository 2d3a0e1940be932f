import { expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';
import { createRateLimitsRepository } from '../../server/repositories/rateLimits';
import { onPostgresServer } from './postgresServer';

/**
 * The prune of finished windows runs inside a request of whichever API process is due. If it waited
 * for a row another transaction holds (a hit resetting that old window, in a transaction that
 * takes a second counter next), each could wait for the other.
 */
onPostgresServer('the prune of finished rate-limit windows', 'rate_limit_prune', (scratch) => {
  const keys = async () =>
    (
      await scratch.db.query<{ key: string }>(
        `SELECT key FROM rate_limits WHERE bucket = 'login' ORDER BY key`,
      )
    ).rows.map((r) => r.key);

  it('waits for no row another transaction holds: it deletes the others and leaves that one', async () => {
    await scratch.db.query(
      `INSERT INTO rate_limits (bucket, key, hits, window_start) VALUES
           ('login', 'held', 5, now() - interval '2 days'),
           ('login', 'stale', 5, now() - interval '2 days'),
           ('login', 'current', 1, now())`,
    );
    // A process whose prune would wait gives up after a second here, instead of for ever.
    const pruning = await openPostgres(
      `${scratch.url}?options=${encodeURIComponent('-c lock_timeout=1s')}`,
      1,
    );
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // Another process's hit resets the old window of 'held' (as `hit` does) and keeps its
    // transaction open.
    const holder = scratch.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE rate_limits SET window_start = now(), hits = 1
            WHERE bucket = 'login' AND key = 'held'`,
      );
      held();
      await released;
    });
    await holding;
    try {
      // The first hit of a process prunes before it counts.
      const hit = await createRateLimitsRepository(pruning)
        .hit('signup', 'x', 5, 60)
        .catch((err: Error) => err.message);
      expect(hit).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await keys()).toEqual(['current', 'held']);
    } finally {
      release();
      await holder;
      await pruning.close();
    }
    // The transaction that held it had started a new window: kept, counted once.
    const row = await scratch.db.query<{ hits: number }>(
      `SELECT hits FROM rate_limits WHERE bucket = 'login' AND key = 'held'`,
    );
    expect(row.rows[0]!.hits).toBe(1);
  });
});
