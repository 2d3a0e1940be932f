import type { Queryable } from '../db';

export const missWindowMinutes = 15;
/**
 * Unknown capture links one IP may try per window. Generous: agents on one mobile carrier often
 * share an IP (carrier-grade NAT), and a mistyped link is a miss too; guessing a 256-bit token
 * needs vastly more.
 */
export const maxMissesPerIp = 30;

/** Capture-link lookups that matched nothing, per client IP over the last window. */
export function createCaptureLinkMissesRepository(db: Queryable) {
  return {
    async count(ip: string) {
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM capture_link_misses
          WHERE ip = $1 AND at > now() - make_interval(mins => $2)`,
        [ip, missWindowMinutes],
      );
      return r.rows[0]!.n;
    },

    async record(ip: string) {
      await db.query('INSERT INTO capture_link_misses (ip) VALUES ($1)', [ip]);
      // Old rows say nothing about the current window.
      await db.query(`DELETE FROM capture_link_misses WHERE at < now() - interval '1 day'`);
    },
  };
}
