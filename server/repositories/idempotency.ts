import type { Queryable } from '../db';

export interface IdempotencyRow {
  request_hash: string;
  status_code: number | null;
  body: string | null;
}

export function createIdempotencyRepository(db: Queryable) {
  return {
    /**
     * Claims the key for this request; answers the existing row when it was taken already. A
     * row given back between the two statements (its request failed) is claimed again, so that
     * "claimed" always means this request holds the key.
     */
    async claim(accountId: string, key: string, requestHash: string, q: Queryable = db) {
      for (;;) {
        const r = await q.query(
          `INSERT INTO idempotency_keys (account_id, key, request_hash) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING key`,
          [accountId, key, requestHash],
        );
        if (r.rows.length) return undefined;
        const existing = await q.query<IdempotencyRow>(
          `SELECT request_hash, status_code, body FROM idempotency_keys
            WHERE account_id = $1 AND key = $2`,
          [accountId, key],
        );
        if (existing.rows[0]) return existing.rows[0];
      }
    },

    async complete(accountId: string, key: string, statusCode: number, body: string, q = db) {
      await q.query(
        `UPDATE idempotency_keys SET status_code = $3, body = $4
          WHERE account_id = $1 AND key = $2`,
        [accountId, key, statusCode, body],
      );
    },

    /** A request that failed gives its key back, so a retry runs again. */
    async release(accountId: string, key: string, q: Queryable = db) {
      await q.query(
        'DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND status_code IS NULL',
        [accountId, key],
      );
    },
  };
}
