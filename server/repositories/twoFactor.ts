import type { Queryable } from '../db';

export interface TwoFactorRow {
  pending_secret_sealed: string | null;
  secret_sealed: string | null;
  enabled_at: Date | null;
  last_step: string | null;
}

/** Two-factor secrets, recovery codes and the policies that require them (migration 0024). */
export function createTwoFactorRepository(db: Queryable) {
  return {
    async find(accountId: string, q: Queryable = db) {
      const r = await q.query<TwoFactorRow>(
        `SELECT pending_secret_sealed, secret_sealed, enabled_at, last_step::text AS last_step
           FROM two_factor WHERE account_id = $1`,
        [accountId],
      );
      return r.rows[0];
    },

    /** Keeps a new secret until a code confirms it; never touches one in force. */
    async setPending(accountId: string, sealed: string, q: Queryable = db) {
      await q.query(
        `INSERT INTO two_factor (account_id, pending_secret_sealed) VALUES ($1, $2)
         ON CONFLICT (account_id) DO UPDATE SET pending_secret_sealed = EXCLUDED.pending_secret_sealed`,
        [accountId, sealed],
      );
    },

    /**
     * Puts the pending secret in force, with `step` as its last accepted code and these recovery
     * codes (hashes) replacing any older ones. False when it was enabled meanwhile.
     */
    async enable(accountId: string, step: number, codeHashes: string[], q: Queryable = db) {
      const r = await q.query(
        `UPDATE two_factor SET secret_sealed = pending_secret_sealed, pending_secret_sealed = NULL,
                enabled_at = now(), last_step = $2
          WHERE account_id = $1 AND enabled_at IS NULL AND pending_secret_sealed IS NOT NULL
          RETURNING 1`,
        [accountId, step],
      );
      if (!r.rows.length) return false;
      await q.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
      await q.query(
        `INSERT INTO two_factor_recovery_codes (account_id, code_hash)
         SELECT $1, unnest($2::text[])`,
        [accountId, codeHashes],
      );
      return true;
    },

    /**
     * Records `step` as the last accepted TOTP step, if it is later than the one before: false
     * when it is not (a replay, or a parallel request that won), in one statement.
     */
    async acceptStep(accountId: string, step: number, q: Queryable = db) {
      const r = await q.query(
        `UPDATE two_factor SET last_step = $2
          WHERE account_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1`,
        [accountId, step],
      );
      return r.rows.length > 0;
    },

    /** Spends an unused recovery code: false when unknown or spent. */
    async spendRecoveryCode(accountId: string, codeHash: string, q: Queryable = db) {
      const r = await q.query(
        `UPDATE two_factor_recovery_codes SET used_at = now()
          WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
        [accountId, codeHash],
      );
      return r.rows.length > 0;
    },

    async unusedRecoveryCodes(accountId: string, q: Queryable = db) {
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM two_factor_recovery_codes
          WHERE account_id = $1 AND used_at IS NULL`,
        [accountId],
      );
      return r.rows[0]!.n;
    },

    /** Turns two-factor sign-in off: the secret and the recovery codes go. */
    async disable(accountId: string, q: Queryable = db) {
      await q.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
      await q.query('DELETE FROM two_factor WHERE account_id = $1', [accountId]);
    },

    async setAdminAreaPolicy(required: boolean, q: Queryable = db) {
      await q.query('UPDATE admin_area_settings SET require_two_factor = $1', [required]);
    },

    async setCompanyPolicy(companyId: string, required: boolean, q: Queryable = db) {
      await q.query('UPDATE companies SET require_two_factor = $2 WHERE id = $1', [
        companyId,
        required,
      ]);
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
