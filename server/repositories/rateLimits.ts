import type { Queryable } from '../db';

/** Windows older than this are deleted; every throttle's window must be shorter. */
const keepWindowsHours = 24;
const pruneEveryMs = 10 * 60 * 1000;

export interface Hit {
  allowed: boolean;
  /** Seconds until the window ends: the client's `Retry-After` when refused. */
  retryAfterSeconds: number;
}

/**
 * Windowed counters for throttling, shared by every API process (DESIGN §1). `hit` counts and
 * checks in one statement, so parallel requests cannot all slip under the limit; a refused hit
 * is not counted, so a locked key stays at its limit.
 */
export function createRateLimitsRepository(db: Queryable) {
  let lastPrune = 0;

  async function pruneNowAndThen() {
    if (Date.now() - lastPrune < pruneEveryMs) return;
    lastPrune = Date.now();
    // Rows another transaction holds are left for the next prune: a prune that waited for them
    // could close a deadlock with that transaction (another process's hit, resetting one of them).
    await db.query(
      `DELETE FROM rate_limits r
        USING (SELECT bucket, key FROM rate_limits
                WHERE window_start < now() - make_interval(hours => $1)
                  FOR UPDATE SKIP LOCKED) old
        WHERE r.bucket = old.bucket AND r.key = old.key`,
      [keepWindowsHours],
    );
  }

  return {
    async hit(
      bucket: string,
      key: string,
      limit: number,
      windowSeconds: number,
      q: Queryable = db,
    ): Promise<Hit> {
      await pruneNowAndThen();
      const counted = await q.query<{ hits: number }>(
        `INSERT INTO rate_limits AS r (bucket, key, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, key) DO UPDATE SET
           window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $4)
                               THEN now() ELSE r.window_start END,
           hits = CASE WHEN r.window_start <= now() - make_interval(secs => $4)
                       THEN 1 ELSE r.hits + 1 END
         WHERE r.window_start <= now() - make_interval(secs => $4) OR r.hits < $3
         RETURNING hits`,
        [bucket, key, limit, windowSeconds],
      );
      if (counted.rows.length) return { allowed: true, retryAfterSeconds: 0 };
      const left = await q.query<{ seconds: number }>(
        `SELECT greatest(1, ceil(extract(epoch FROM
                  window_start + make_interval(secs => $3) - now())))::int AS seconds
           FROM rate_limits WHERE bucket = $1 AND key = $2`,
        [bucket, key, windowSeconds],
      );
      return { allowed: false, retryAfterSeconds: left.rows[0]?.seconds ?? windowSeconds };
    },

    /** Takes back one hit of the current window (an attempt that turned out to be legitimate). */
    async undo(bucket: string, key: string, q: Queryable = db) {
      await q.query(
        'UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND key = $2 AND hits > 0',
        [bucket, key],
      );
    },

    async clear(bucket: string, key: string, q: Queryable = db) {
      await q.query('DELETE FROM rate_limits WHERE bucket = $1 AND key = $2', [bucket, key]);
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
