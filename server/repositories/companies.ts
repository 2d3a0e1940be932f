import type { Queryable } from '../db';
import type { companySortFields } from '../schemas/companies';
import type { BankAccount } from '../services/bankAccount';
import type { JobStatus } from '../services/jobStateMachine';
import { containsPattern } from './sqlWhere';

/**
 * A company's owner: its first company-role account (sign-up makes it with the company). The
 * company's user code is the owner's, and the owner's status and confirmation stand for the
 * company's. `c` is the companies row; index accounts_company_owner_idx reads it without a sort.
 */
export const companyOwnerJoin = `LEFT JOIN LATERAL (
    SELECT a.id, a.unique_code, a.first_name, a.last_name, a.email, a.phone, a.status,
           a.email_confirmed_at
      FROM accounts a
     WHERE a.company_id = c.id AND a.role = 'company'
     ORDER BY a.created_at, a.id LIMIT 1) o ON true`;

/**
 * A partner that may receive assigned work: marked by the provider, not suspended, owner confirmed
 * and active.
 */
export const activePartnerSql = `(c.is_partner AND c.suspended_at IS NULL AND o.status = 1
  AND o.email_confirmed_at IS NOT NULL)`;

export interface CompanyRow {
  id: string;
  name: string | null;
  /** The owner's user code; null for a company without an owner account. */
  code: string | null;
  state: string | null;
  address: string | null;
  is_partner: boolean;
  /** When the provider suspended it; null: active. */
  suspended_at: Date | null;
  owner_id: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string | null;
  owner_phone: string | null;
  /** The owner's status: 1 active, 0 disabled; null without an owner. */
  owner_status: number | null;
  owner_confirmed: boolean;
  created_at: Date;
  updated_at: Date | null;
}

export interface CompanyListFilter {
  /** Part of the name, the user code or the owner's email. */
  q?: string;
  is_partner?: boolean;
  state?: string;
  status?: 'active' | 'suspended';
  ids?: string[];
}

export type CompanySortField = (typeof companySortFields)[number];

export interface CompanySort {
  field: CompanySortField;
  order: 'ASC' | 'DESC';
}

export interface CompanyUserRow {
  id: string;
  unique_code: string;
  role: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: number;
  created_at: Date;
}

const selectCompany = `SELECT c.id, c.name, o.unique_code AS code, c.state, c.address, c.is_partner,
    c.suspended_at,
    o.id AS owner_id, o.first_name AS owner_first_name, o.last_name AS owner_last_name,
    o.email AS owner_email, o.phone AS owner_phone, o.status AS owner_status,
    o.email_confirmed_at IS NOT NULL AS owner_confirmed, c.created_at, c.updated_at
  FROM companies c ${companyOwnerJoin}`;

const sortColumns: Record<CompanySortField, string> = {
  id: 'c.created_at',
  name: 'lower(c.name)',
  code: 'o.unique_code',
  state: 'c.state',
  is_partner: 'c.is_partner',
  created_at: 'c.created_at',
};

function whereOf(f: CompanyListFilter, params: unknown[]) {
  const parts: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.ids) parts.push(`c.id = ANY(${p(f.ids)}::uuid[])`);
  if (f.is_partner !== undefined) parts.push(`c.is_partner = ${p(f.is_partner)}`);
  if (f.state) parts.push(`c.state = ${p(f.state)}`);
  if (f.status) parts.push(`c.suspended_at IS ${f.status === 'suspended' ? 'NOT ' : ''}NULL`);
  const q = f.q?.trim();
  if (q) {
    const like = p(containsPattern(q));
    parts.push(`(c.name ILIKE ${like} OR o.unique_code ILIKE ${like} OR o.email ILIKE ${like})`);
  }
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

export function createCompaniesRepository(db: Queryable) {
  return {
    async list(
      filter: CompanyListFilter,
      sort: CompanySort,
      offset: number,
      limit: number,
      q: Queryable = db,
    ) {
      const params: unknown[] = [];
      const where = whereOf(filter, params);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      params.push(limit, offset);
      const r = await q.query<CompanyRow>(
        `${selectCompany} ${where}
          ORDER BY ${sortColumns[sort.field]} ${dir} NULLS LAST, c.id ${dir}
          LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return r.rows;
    },

    async count(filter: CompanyListFilter, q: Queryable = db) {
      const params: unknown[] = [];
      const where = whereOf(filter, params);
      // The owner is only needed to search by code or email.
      const owner = filter.q?.trim() ? companyOwnerJoin : '';
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM companies c ${owner} ${where}`,
        params,
      );
      return r.rows[0]!.n;
    },

    async find(id: string, q: Queryable = db) {
      const r = await q.query<CompanyRow>(`${selectCompany} WHERE c.id = $1`, [id]);
      return r.rows[0];
    },

    /** Marks or unmarks a partner; false for an unknown company. */
    async setPartner(id: string, isPartner: boolean, q: Queryable = db) {
      const r = await q.query(
        'UPDATE companies SET is_partner = $2, updated_at = now() WHERE id = $1',
        [id, isPartner],
      );
      return r.rowCount > 0;
    },

    /**
     * Suspends (`suspended`) or reactivates the company; false for an unknown company. A company
     * already suspended keeps its first time.
     */
    async setSuspended(id: string, suspended: boolean, q: Queryable = db) {
      const r = await q.query(
        `UPDATE companies
            SET suspended_at = CASE WHEN $2 THEN coalesce(suspended_at, now()) END,
                updated_at = now()
          WHERE id = $1`,
        [id, suspended],
      );
      return r.rowCount > 0;
    },

    /** The owner's change of where the company is (undefined: unchanged). */
    async updateLocation(
      id: string,
      change: { state?: string; address?: string },
      q: Queryable = db,
    ) {
      if (change.state === undefined && change.address === undefined) return;
      await q.query(
        `UPDATE companies SET state = coalesce($2, state), address = coalesce($3, address),
                updated_at = now() WHERE id = $1`,
        [id, change.state ?? null, change.address ?? null],
      );
    },

    /** Where the company's earnings are paid out; undefined without bank details. */
    async bankAccount(id: string, q: Queryable = db) {
      const r = await q.query<BankAccount>(
        `SELECT bank_code, account_number, account_name FROM companies
          WHERE id = $1 AND account_number IS NOT NULL`,
        [id],
      );
      return r.rows[0];
    },

    /** The owner's bank details (checked by services/bankAccount.ts). */
    async setBankAccount(id: string, a: BankAccount, q: Queryable = db) {
      await q.query(
        `UPDATE companies SET bank_code = $2, account_number = $3, account_name = $4,
                updated_at = now() WHERE id = $1`,
        [id, a.bank_code, a.account_number, a.account_name],
      );
    },

    /** The company's accounts (owner and sub-users), the owner first. */
    async users(companyId: string, q: Queryable = db) {
      const r = await q.query<CompanyUserRow>(
        `SELECT id, unique_code, role, first_name, last_name, email, phone, status, created_at
           FROM accounts WHERE company_id = $1
          ORDER BY role = 'company' DESC, created_at, id`,
        [companyId],
      );
      return r.rows;
    },

    /** Jobs per status it owns and that are assigned to it, from the counters the triggers keep. */
    async jobCounts(companyId: string, q: Queryable = db) {
      const r = await q.query<{
        party_kind: 'owner' | 'assignee_company';
        status: JobStatus;
        n: number;
      }>(
        `SELECT party_kind, status, n::int AS n FROM job_counts
          WHERE party_kind IN ('owner', 'assignee_company') AND party_id = $1 AND n <> 0`,
        [companyId],
      );
      return r.rows;
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
