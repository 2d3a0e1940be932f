import type { Config } from '../config';
import type { Queryable } from '../db';
import { randomToken, sha256 } from '../services/secrets';

const refreshTokenDays = 30;

/** At most this many of a user's live sessions are listed (newest use first). */
export const sessionsListed = 50;

export type SessionLimits = Pick<Config, 'sessionMaxHours' | 'sessionIdleMinutes'>;

/** Where a sign-in or refresh came from: the device's User-Agent (stored trimmed) and address. */
export interface SeenFrom {
  userAgent: string | null;
  ip: string;
}

/** A live session as its owner sees it in Settings → Signed-in devices. */
export interface SessionRow {
  id: string;
  user_agent: string | null;
  created_ip: string | null;
  last_ip: string | null;
  created_at: Date;
  last_used_at: Date;
}

export type RotateResult =
  | { ok: true; accountId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

/** Sessions and their rotating refresh tokens (reuse of a spent token revokes the session). */
export function createSessionsRepository(db: Queryable) {
  async function issueRefreshToken(sessionId: string, q: Queryable) {
    const token = randomToken();
    await q.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
       VALUES ($1, $2, now() + make_interval(days => $3))`,
      [sha256(token), sessionId, refreshTokenDays],
    );
    return token;
  }

  /** A sign-in or a refresh (the app refreshes while it is open) is the user being seen. */
  const markSeen = (accountId: string, q: Queryable) =>
    q.query('UPDATE accounts SET last_seen_at = now() WHERE id = $1', [accountId]);

  return {
    async start(accountId: string, from: SeenFrom | null = null, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO sessions (account_id, user_agent, created_ip, last_ip)
         VALUES ($1, $2, $3, $3) RETURNING id`,
        [accountId, from?.userAgent ?? null, from?.ip ?? null],
      );
      const sessionId = r.rows[0]!.id;
      await markSeen(accountId, q);
      return { sessionId, refreshToken: await issueRefreshToken(sessionId, q) };
    },

    /**
     * Spends `token` and issues the next one; must run in a transaction. A session past its
     * lifetime, or idle (its newest refresh token is the one presented, so its age is the time
     * since the last sign-in or refresh), ends here.
     */
    async rotate(
      token: string,
      limits: SessionLimits,
      from: SeenFrom,
      q: Queryable,
    ): Promise<RotateResult> {
      const r = await q.query<{
        session_id: string;
        account_id: string;
        used_at: Date | null;
        revoked_at: Date | null;
        expired: boolean;
        ended: boolean;
      }>(
        `SELECT t.session_id, s.account_id, t.used_at, s.revoked_at, t.expires_at < now() AS expired,
                s.created_at < now() - make_interval(hours => $2)
                  OR t.created_at < now() - make_interval(mins => $3) AS ended
           FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
          WHERE t.token_hash = $1
          FOR UPDATE OF t, s`,
        [sha256(token), limits.sessionMaxHours, limits.sessionIdleMinutes],
      );
      const row = r.rows[0];
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      if (row.used_at) {
        // A spent token presented again: someone else may hold the chain. End the session.
        await this.revoke(row.session_id, q);
        return { ok: false, reason: 'reused' };
      }
      if (row.ended) {
        await this.revoke(row.session_id, q);
        return { ok: false, reason: 'expired' };
      }
      if (row.expired) return { ok: false, reason: 'expired' };
      await q.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [
        sha256(token),
      ]);
      await markSeen(row.account_id, q);
      // The refresh is the session's use: its address and time, one write per refresh.
      // The device stays the one that signed in: a refresh names only where it came from.
      await q.query('UPDATE sessions SET last_used_at = now(), last_ip = $2 WHERE id = $1', [
        row.session_id,
        from.ip,
      ]);
      return {
        ok: true,
        accountId: row.account_id,
        sessionId: row.session_id,
        refreshToken: await issueRefreshToken(row.session_id, q),
      };
    },

    /**
     * The account's live sessions (not revoked, within their lifetime, not idle), last used
     * first: the same limits `rotate` ends a session by. Sign-ins are not limited in number, so
     * at most `sessionsListed` are listed, `currentId` (the caller's own) always among them.
     */
    async liveOf(accountId: string, currentId: string, limits: SessionLimits, q: Queryable = db) {
      const r = await q.query<SessionRow>(
        `SELECT * FROM (
           SELECT id, user_agent, created_ip, last_ip, created_at, last_used_at
             FROM sessions
            WHERE account_id = $1 AND revoked_at IS NULL
              AND created_at > now() - make_interval(hours => $2)
              AND last_used_at > now() - make_interval(mins => $3)
            ORDER BY id = $5 DESC, last_used_at DESC, created_at DESC, id
            LIMIT $4) listed
          ORDER BY last_used_at DESC, created_at DESC, id`,
        [accountId, limits.sessionMaxHours, limits.sessionIdleMinutes, sessionsListed, currentId],
      );
      return r.rows;
    },

    /** Ends the account's session `sessionId`; false when the account has no such live session. */
    async revokeOwn(accountId: string, sessionId: string, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `UPDATE sessions SET revoked_at = now()
          WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING id`,
        [sessionId, accountId],
      );
      return r.rows.length > 0;
    },

    async sessionOf(token: string, q: Queryable = db) {
      const r = await q.query<{ session_id: string }>(
        'SELECT session_id FROM refresh_tokens WHERE token_hash = $1',
        [sha256(token)],
      );
      return r.rows[0]?.session_id;
    },

    async revoke(sessionId: string, q: Queryable = db) {
      await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
        sessionId,
      ]);
    },

    async revokeAllOf(accountId: string, q: Queryable = db) {
      await q.query(
        'UPDATE sessions SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL',
        [accountId],
      );
    },

    /** Ends every session of every account of the company (a suspension). */
    async revokeAllOfCompany(companyId: string, q: Queryable = db) {
      await q.query(
        `UPDATE sessions SET revoked_at = now()
          WHERE revoked_at IS NULL
            AND account_id IN (SELECT id FROM accounts WHERE company_id = $1)`,
        [companyId],
      );
    },

    /** Ends every session of the account but `keepSessionId` (the one changing the password). */
    async revokeOthersOf(accountId: string, keepSessionId: string, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `UPDATE sessions SET revoked_at = now()
          WHERE account_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id`,
        [accountId, keepSessionId],
      );
      return r.rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
