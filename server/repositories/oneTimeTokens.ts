import type { Queryable } from '../db';
import { randomToken, sha256 } from '../services/secrets';

export type TokenPurpose = 'confirm_email' | 'reset_password' | 'invitation' | 'two_factor_ticket';

/** Tokens mailed in links: each works once, before it expires. */
export function createOneTimeTokensRepository(db: Queryable) {
  return {
    async issue(accountId: string, purpose: TokenPurpose, ttlMinutes: number, q: Queryable = db) {
      const token = randomToken();
      await q.query(
        `INSERT INTO one_time_tokens (token_hash, account_id, purpose, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [sha256(token), accountId, purpose, ttlMinutes],
      );
      return token;
    },

    /** Ends the account's unused tokens of these purposes, so that only the newest link works. */
    async endOutstanding(accountId: string, purposes: TokenPurpose[], q: Queryable = db) {
      await q.query(
        `UPDATE one_time_tokens SET used_at = now()
          WHERE account_id = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL`,
        [accountId, purposes],
      );
    },

    /** Whether the token could be spent for one of `purposes`, without spending it. */
    async isLive(token: string, purposes: TokenPurpose[], q: Queryable = db) {
      const r = await q.query(
        `SELECT 1 FROM one_time_tokens
          WHERE token_hash = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()`,
        [sha256(token), purposes],
      );
      return r.rows.length > 0;
    },

    /** The account of a live token, without spending it. */
    async accountOf(token: string, purpose: TokenPurpose, q: Queryable = db) {
      const r = await q.query<{ account_id: string }>(
        `SELECT account_id FROM one_time_tokens
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
        [sha256(token), purpose],
      );
      return r.rows[0]?.account_id;
    },

    /** Marks the token used and returns its account, or undefined if unknown, used or expired. */
    async spend(token: string, purpose: TokenPurpose, q: Queryable = db) {
      const r = await q.query<{ account_id: string }>(
        `UPDATE one_time_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          RETURNING account_id`,
        [sha256(token), purpose],
      );
      return r.rows[0]?.account_id;
    },
  };
}
