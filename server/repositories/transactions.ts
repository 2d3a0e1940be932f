import type { Queryable } from '../db';
import type { JobKind } from '../../reference/jobKinds';
import type { PayeeType } from '../../reference/money';
import { lagosOffsetSql } from '../../reference/lagosTime';
import { stateName } from '../../reference/locations';
import type { JobStatus } from '../services/jobStateMachine';
import { containsPattern } from './sqlWhere';

/** Whose money a user sees: everyone's (provider staff) or one company's. */
export type MoneyScope = { kind: 'all' } | { kind: 'company'; companyId: string };

export interface TransactionFilter {
  createdFrom?: Date;
  createdBefore?: Date;
  kind?: string;
  status?: string;
  companyId?: string;
  agentId?: string;
  jobId?: string;
  /** Fees and payouts only, to agents or to partner companies. */
  payeeType?: PayeeType;
  /** The agent or the company paid. */
  payeeId?: string;
  /** Part of the payee's name. */
  payee?: string;
  ids?: string[];
}

export interface TransactionSort {
  field: 'id' | 'created_at' | 'amount' | 'kind';
  order: 'ASC' | 'DESC';
}

export interface TransactionRow {
  id: string;
  reference: string;
  kind: 'funding' | 'charge' | 'refund' | 'fee' | 'payout';
  amount_kobo: number;
  status: 'successful' | 'pending' | 'failed' | 'refunded';
  created_at: Date;
  company_id: string | null;
  company_name: string | null;
  agent_id: string | null;
  agent_name: string | null;
  job_id: string | null;
  job_code: string | null;
  job_type: JobKind | null;
  identity_type: string | null;
  name: string | null;
  guarantor: string | null;
  job_assigned_at: Date | null;
  price_kobo: number | null;
  job_status: JobStatus | null;
  job_state: string | null;
  /** Who the job belongs to and who does it: whether a company may see it is decided on these. */
  job_company_id: string | null;
  job_assignee_company_id: string | null;
  payout_id: string | null;
  payout_reference: string | null;
  details: Record<string, unknown>;
}

/** Movements as transactions: a payout's settlement shows as its payout's status instead. */
const selectTransactions = `SELECT m.id, m.reference, m.kind, m.amount_kobo::float8 AS amount_kobo,
    CASE
      WHEN m.kind = 'payout' THEN CASE p.status WHEN 'paid' THEN 'successful'
                                                WHEN 'failed' THEN 'failed' ELSE 'pending' END
      WHEN m.kind = 'charge' AND EXISTS (
        SELECT 1 FROM ledger_movements r WHERE r.reference = 'refund:' || m.job_id) THEN 'refunded'
      ELSE 'successful' END AS status,
    m.created_at, m.company_id, c.name AS company_name,
    m.agent_id, ag.first_name || ' ' || ag.last_name AS agent_name,
    m.job_id, j.code AS job_code, j.type AS job_type, j.fields ->> 'id_type' AS identity_type,
    j.subject_name AS name, j.fields ->> 'guarantor_name' AS guarantor,
    j.assigned_at AS job_assigned_at, j.price_kobo::float8 AS price_kobo, j.status AS job_status,
    j.state AS job_state, j.company_id AS job_company_id,
    j.assignee_company_id AS job_assignee_company_id, m.payout_id, p.reference AS payout_reference, m.details
  FROM ledger_movements m
  LEFT JOIN companies c ON c.id = m.company_id
  LEFT JOIN accounts ag ON ag.id = m.agent_id
  LEFT JOIN jobs j ON j.id = m.job_id
  LEFT JOIN payouts p ON p.id = m.payout_id
 WHERE m.kind IN ('funding', 'charge', 'refund', 'fee', 'payout')`;

function where(scope: MoneyScope, f: TransactionFilter, params: unknown[]) {
  const parts: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (scope.kind === 'company') parts.push(`t.company_id = ${p(scope.companyId)}`);
  if (f.ids) parts.push(`t.id = ANY(${p(f.ids)}::uuid[])`);
  if (f.createdFrom) parts.push(`t.created_at >= ${p(f.createdFrom)}`);
  if (f.createdBefore) parts.push(`t.created_at < ${p(f.createdBefore)}`);
  if (f.kind) parts.push(`t.kind = ${p(f.kind)}`);
  if (f.status) parts.push(`t.status = ${p(f.status)}`);
  if (f.companyId) parts.push(`t.company_id = ${p(f.companyId)}`);
  if (f.agentId) parts.push(`t.agent_id = ${p(f.agentId)}`);
  if (f.jobId) parts.push(`t.job_id = ${p(f.jobId)}`);
  if (f.payeeType || f.payeeId || f.payee) parts.push(`t.kind IN ('fee', 'payout')`);
  if (f.payeeType)
    parts.push(`t.${f.payeeType === 'agent' ? 'agent_id' : 'company_id'} IS NOT NULL`);
  if (f.payeeId) parts.push(`${p(f.payeeId)} IN (t.agent_id, t.company_id)`);
  if (f.payee?.trim()) {
    const like = p(containsPattern(f.payee.trim()));
    parts.push(`coalesce(t.agent_name, t.company_name) ILIKE ${like}`);
  }
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

const sortColumn = {
  id: 'created_at',
  created_at: 'created_at',
  amount: 'amount_kobo',
  kind: 'kind',
};

export function createTransactionsRepository(db: Queryable) {
  return {
    async list(
      scope: MoneyScope,
      filter: TransactionFilter,
      sort: TransactionSort,
      offset: number,
      limit: number,
      q: Queryable = db,
    ) {
      const params: unknown[] = [];
      const w = where(scope, filter, params);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      params.push(limit, offset);
      const r = await q.query<TransactionRow>(
        `SELECT * FROM (${selectTransactions}) t ${w}
          ORDER BY t.${sortColumn[sort.field]} ${dir}, t.id ${dir}
          LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return r.rows;
    },

    async count(scope: MoneyScope, filter: TransactionFilter, q: Queryable = db) {
      const params: unknown[] = [];
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (${selectTransactions}) t ${where(scope, filter, params)}`,
        params,
      );
      return r.rows[0]!.n;
    },

    /** One transaction this scope may see, or undefined (another tenant's is unknown). */
    async find(id: string, scope: MoneyScope, q: Queryable = db) {
      const rows = await this.list(
        scope,
        { ids: [id] },
        { field: 'created_at', order: 'DESC' },
        0,
        1,
        q,
      );
      return rows[0];
    },

    /** Every fee ever credited to a company or an agent, in kobo. */
    async feesEarned(party: { companyId?: string; agentId?: string }, q: Queryable = db) {
      const r = await q.query<{ n: number }>(
        `SELECT coalesce(sum(amount_kobo), 0)::float8 AS n FROM ledger_movements
          WHERE kind = 'fee' AND (company_id = $1 OR agent_id = $2)`,
        [party.companyId ?? null, party.agentId ?? null],
      );
      return r.rows[0]!.n;
    },

    /** A company and its owner's contact, for invoices and receipts. */
    /** The invoiced company: its address ends in its state's name (`…, Akwa Ibom`). */
    async company(companyId: string, q: Queryable = db) {
      const r = await q.query<{
        id: string;
        name: string | null;
        contact_name: string | null;
        email: string | null;
        phone: string | null;
        address: string | null;
        state: string | null;
      }>(
        `SELECT c.id, c.name, c.address, c.state,
                o.first_name || ' ' || o.last_name AS contact_name, o.email, o.phone
           FROM companies c
           LEFT JOIN LATERAL (SELECT a.first_name, a.last_name, a.email, a.phone FROM accounts a
                               WHERE a.company_id = c.id AND a.role = 'company'
                               ORDER BY a.created_at LIMIT 1) o ON true
          WHERE c.id = $1`,
        [companyId],
      );
      const row = r.rows[0];
      if (!row) return undefined;
      const { state, ...company } = row;
      const where = [row.address, state && stateName(state)].filter(Boolean).join(', ');
      return { ...company, address: where || null };
    },

    /**
     * The months (Lagos time) in which a company was charged, newest first, at most `limit`:
     * each with its invoice's total (charges less refunds, kobo) and the jobs charged.
     */
    async invoiceMonths(companyId: string, limit: number, q: Queryable = db) {
      const r = await q.query<{ month: string; total_kobo: number; jobs: number }>(
        `SELECT to_char(created_at AT TIME ZONE ${lagosOffsetSql}, 'YYYY-MM') AS month,
                sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)::float8
                  AS total_kobo,
                (count(*) FILTER (WHERE kind = 'charge' AND job_id IS NOT NULL)
                 + coalesce(sum((details ->> 'jobs')::int)
                     FILTER (WHERE kind = 'charge' AND job_id IS NULL), 0))::int AS jobs
           FROM ledger_movements
          WHERE company_id = $1 AND kind IN ('charge', 'refund')
          GROUP BY 1 ORDER BY 1 DESC LIMIT $2`,
        [companyId, limit],
      );
      return r.rows;
    },

    /** A company's charges and refunds in [from, to): the lines of its invoice. */
    async invoiceLines(companyId: string, from: Date, to: Date, q: Queryable = db) {
      const r = await q.query<TransactionRow>(
        `SELECT * FROM (${selectTransactions}) t
          WHERE t.company_id = $1 AND t.kind IN ('charge', 'refund')
            AND t.created_at >= $2 AND t.created_at < $3
          ORDER BY t.created_at, t.id`,
        [companyId, from, to],
      );
      return r.rows;
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
