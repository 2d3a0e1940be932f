import type { Queryable } from '../db';

export const loginWindowMinutes = 15;
export const maxFailuresPerEmail = 10;
export const maxFailuresPerIp = 50;

/** Failed sign-ins per email and per IP over the last window, in the database (DESIGN §1). */
export function createLoginFailuresRepository(db: Queryable) {
  return {
    async counts(email: string, ip: string) {
      const r = await db.query<{ by_email: number; by_ip: number }>(
        `SELECT count(*) FILTER (WHERE email = $1)::int AS by_email,
                count(*) FILTER (WHERE ip = $2)::int AS by_ip
           FROM login_failures
          WHERE at > now() - make_interval(mins => $3) AND (email = $1 OR ip = $2)`,
        [email.toLowerCase(), ip, loginWindowMinutes],
      );
      return r.rows[0]!;
    },

    async record(email: string, ip: string) {
      await db.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [
        email.toLowerCase(),
        ip,
      ]);
      // Old rows say nothing about the current window.
      await db.query(`DELETE FROM login_failures WHERE at < now() - interval '1 day'`);
    },

    async clear(email: string) {
      await db.query('DELETE FROM login_failures WHERE email = $1', [email.toLowerCase()]);
    },
  };
}
