import { roles, type Role } from '../../reference/permissions';
import type { Queryable } from '../db';
import { Where } from './sqlWhere';

export { roles, type Role };

export interface AccountRow {
  id: string;
  unique_code: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  company_id: string | null;
  company_name: string | null;
  /** The company's state alias and address (companies.state, .address). */
  company_state: string | null;
  company_address: string | null;
  /** When the provider suspended the account's company; null while it is active (or none). */
  company_suspended_at: Date | null;
  permissions: string[];
  status: number;
  email_confirmed_at: Date | null;
  created_at: Date;
  address: string | null;
  /** The last sign-in or token refresh. */
  last_seen_at: Date | null;
  /** Where the profile picture is stored; null when there is none. */
  picture_key: string | null;
  /** Two-factor sign-in is on for the account (two_factor.enabled_at). */
  two_factor_enabled: boolean;
  /** A policy of its area (admin_area_settings) or company requires two-factor sign-in of it. */
  two_factor_required: boolean;
}

export interface NewAccount {
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  company_id?: string | null;
  permissions?: string[];
  confirmed?: boolean;
  address?: string | null;
}

/**
 * The password of an invited account until its owner follows the mailed link and chooses one: no
 * password matches it (it is not an argon2 hash), so the account cannot sign in before.
 */
export const pendingInvitationHash = '!invited: chooses a password through the mailed link';

const codePrefix: Record<Role, string> = {
  admin: 'ADM',
  'sub-admin': 'SUB',
  company: 'CMP',
  agent: 'AGT',
};

/** Two-factor sign-in is on for account `a`. */
const twoFactorEnabledSql = `EXISTS (SELECT 1 FROM two_factor t
    WHERE t.account_id = a.id AND t.enabled_at IS NOT NULL)`;

/**
 * A policy requires two-factor sign-in of account `a`: the admin area's for provider staff
 * (`areaOf`: admins, sub-admins without a company), the company's for its owner and sub-users.
 */
const twoFactorRequiredSql = `CASE WHEN a.role = 'agent' THEN false
    WHEN a.company_id IS NULL
      THEN coalesce((SELECT s.require_two_factor FROM admin_area_settings s), false)
    ELSE coalesce((SELECT rc.require_two_factor FROM companies rc WHERE rc.id = a.company_id), false)
  END`;

const twoFactorColumns = `${twoFactorEnabledSql} AS two_factor_enabled,
    ${twoFactorRequiredSql} AS two_factor_required`;

const selectAccount = `SELECT a.*, c.name AS company_name, c.state AS company_state,
    c.address AS company_address, c.suspended_at AS company_suspended_at, ${twoFactorColumns}
  FROM accounts a LEFT JOIN companies c ON c.id = a.company_id`;

/** `a`'s session `sid` if it is live: not revoked and younger than `hours` (placeholders). */
const liveSessionJoin = (sid: string, hours: string) =>
  `JOIN sessions s ON s.account_id = a.id AND s.id = ${sid} AND s.revoked_at IS NULL
                   AND s.created_at > now() - make_interval(hours => ${hours})`;

/** What a signed-in request's access and job scope are decided from (`access`, `jobScopeOf`). */
export type AccessFacts = Pick<
  AccountRow,
  | 'id'
  | 'role'
  | 'company_id'
  | 'permissions'
  | 'email'
  | 'two_factor_enabled'
  | 'two_factor_required'
>;

/**
 * An SQL condition, true while the session is live, the account and its company active and its
 * access facts still `facts`: a statement that also reads data can check a signed-in request (as
 * `findBySession` and `authenticate` do) in the same call, from the same snapshot.
 */
export function unchangedSessionSql(
  params: unknown[],
  facts: AccessFacts,
  sessionId: string,
  maxHours: number,
) {
  const w = new Where(params);
  return `EXISTS (SELECT 1 FROM accounts a ${liveSessionJoin(w.param(sessionId), w.param(maxHours))}
     WHERE a.id = ${w.param(facts.id)} AND a.status = 1 AND a.role = ${w.param(facts.role)}
       AND a.company_id IS NOT DISTINCT FROM ${w.param(facts.company_id)}::uuid
       AND a.permissions = ${w.param(facts.permissions)}::text[] AND a.email = ${w.param(facts.email)}
       AND ${twoFactorEnabledSql} = ${w.param(facts.two_factor_enabled)}::boolean
       AND ${twoFactorRequiredSql} = ${w.param(facts.two_factor_required)}::boolean
       AND NOT EXISTS (SELECT 1 FROM companies c
                        WHERE c.id = a.company_id AND c.suspended_at IS NOT NULL))`;
}

export function createAccountsRepository(db: Queryable) {
  return {
    async findById(id: string, q: Queryable = db) {
      const r = await q.query<AccountRow>(`${selectAccount} WHERE a.id = $1`, [id]);
      return r.rows[0];
    },

    async findByEmail(email: string, q: Queryable = db) {
      const r = await q.query<AccountRow>(`${selectAccount} WHERE lower(a.email) = lower($1)`, [
        email,
      ]);
      return r.rows[0];
    },

    /**
     * The account, if `sessionId` is one of its sessions, not revoked and younger than
     * `maxHours`: one query per request.
     */
    async findBySession(id: string, sessionId: string, maxHours: number) {
      // Every signed-in request runs it: planned once, one call into the database.
      const r = await db.queryPrepared<AccountRow>(
        `${selectAccount} ${liveSessionJoin('$2', '$3')} WHERE a.id = $1`,
        [id, sessionId, maxHours],
      );
      return r.rows[0];
    },

    async createCompany(name: string | null, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        'INSERT INTO companies (name) VALUES ($1) RETURNING id',
        [name],
      );
      return r.rows[0]!.id;
    },

    /**
     * Deletes the account of `email` if it is an invitation nobody accepted (no password chosen,
     * mailbox never proved): an unanswered invitation holds no claim on an address. Such an
     * account never signed in, so nothing refers to it but its tokens and messages, which go too.
     */
    async removePendingInvitation(email: string, q: Queryable = db) {
      await q.query(
        `DELETE FROM accounts WHERE lower(email) = lower($1) AND password_hash = $2
            AND email_confirmed_at IS NULL`,
        [email, pendingInvitationHash],
      );
    },

    /** Inserts an account; a taken email (any case) surfaces as `EmailTakenError`. */
    async create(a: NewAccount, q: Queryable = db): Promise<AccountRow> {
      try {
        const r = await q.query<{ id: string }>(
          `INSERT INTO accounts (unique_code, role, first_name, last_name, email, phone,
             password_hash, company_id, permissions, email_confirmed_at, address)
           VALUES ($1 || '-' || lpad(nextval('account_code_seq')::text, 6, '0'),
             $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10::boolean THEN now() END, $11)
           RETURNING id`,
          [
            codePrefix[a.role],
            a.role,
            a.first_name,
            a.last_name,
            a.email,
            a.phone,
            a.password_hash,
            a.company_id ?? null,
            a.permissions ?? [],
            a.confirmed ?? false,
            a.address ?? null,
          ],
        );
        return (await this.findById(r.rows[0]!.id, q))!;
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new EmailTakenError();
        throw err;
      }
    },

    async confirmEmail(id: string, q: Queryable = db) {
      await q.query(
        'UPDATE accounts SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1',
        [id],
      );
    },

    async setPasswordHash(id: string, passwordHash: string, q: Queryable = db) {
      await q.query('UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1', [
        id,
        passwordHash,
      ]);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}
