import type { PayeeType } from '../../reference/money';
import type { Queryable } from '../db';

export interface PayoutRow {
  id: string;
  payee_type: PayeeType;
  /** The agent's account or the company. */
  payee_id: string;
  payee_name: string;
  agent_id: string | null;
  agent_name: string | null;
  agent_email: string | null;
  company_id: string | null;
  amount_kobo: number;
  status: 'pending' | 'paid' | 'failed';
  reference: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  settled_at: Date | null;
  /** Where the money goes: the agent's application's bank account, or the company's. */
  bank_code: string | null;
  account_number: string | null;
  account_name: string | null;
}

export interface PayoutFilter {
  status?: string;
  agentId?: string;
  companyId?: string;
  payeeType?: PayeeType;
  ids?: string[];
}

export interface PayoutSort {
  field: 'id' | 'created_at' | 'amount' | 'status';
  order: 'ASC' | 'DESC';
}

/** A payee that may be paid out, and whether it has a bank account to pay into. */
export interface Payee {
  type: PayeeType;
  id: string;
  name: string;
  has_bank_account: boolean;
}

const selectPayout = `SELECT p.id,
    CASE WHEN p.agent_id IS NULL THEN 'company' ELSE 'agent' END AS payee_type,
    coalesce(p.agent_id, p.company_id) AS payee_id,
    coalesce(a.first_name || ' ' || a.last_name, c.name, '') AS payee_name,
    p.agent_id, a.first_name || ' ' || a.last_name AS agent_name, a.email AS agent_email,
    p.company_id, p.amount_kobo::float8 AS amount_kobo, p.status, p.reference, p.reason,
    p.created_at, p.updated_at, p.settled_at,
    coalesce(ap.bank_code, c.bank_code) AS bank_code,
    coalesce(ap.account_number, c.account_number) AS account_number,
    coalesce(ap.account_name, c.account_name) AS account_name
  FROM payouts p
  LEFT JOIN accounts a ON a.id = p.agent_id
  LEFT JOIN agent_applications ap ON ap.account_id = p.agent_id
  LEFT JOIN companies c ON c.id = p.company_id`;

function where(f: PayoutFilter, params: unknown[]) {
  const parts: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.ids) parts.push(`p.id = ANY(${p(f.ids)}::uuid[])`);
  if (f.status) parts.push(`p.status = ${p(f.status)}`);
  if (f.agentId) parts.push(`p.agent_id = ${p(f.agentId)}`);
  if (f.companyId) parts.push(`p.company_id = ${p(f.companyId)}`);
  if (f.payeeType)
    parts.push(`p.${f.payeeType === 'agent' ? 'agent_id' : 'company_id'} IS NOT NULL`);
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

const sortColumn = {
  id: 'created_at',
  created_at: 'created_at',
  amount: 'amount_kobo',
  status: 'status',
};

export function createPayoutsRepository(db: Queryable) {
  return {
    async list(filter: PayoutFilter, sort: PayoutSort, offset: number, limit: number, q = db) {
      const params: unknown[] = [];
      const w = where(filter, params);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      params.push(limit, offset);
      const r = await q.query<PayoutRow>(
        `${selectPayout} ${w} ORDER BY p.${sortColumn[sort.field]} ${dir}, p.id ${dir}
          LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return r.rows;
    },

    async count(filter: PayoutFilter, q: Queryable = db) {
      const params: unknown[] = [];
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payouts p ${where(filter, params)}`,
        params,
      );
      return r.rows[0]!.n;
    },

    /** One payout among those the filter allows (a company's own), or undefined. */
    async find(id: string, filter: PayoutFilter = {}, q: Queryable = db) {
      const sort = { field: 'created_at', order: 'DESC' } as const;
      return (await this.list({ ...filter, ids: [id] }, sort, 0, 1, q))[0];
    },

    /** The agents (accounts of role agent) or companies among these ids. */
    async payees(type: PayeeType, ids: string[], q: Queryable = db): Promise<Payee[]> {
      const r = await q.query<Payee>(
        type === 'agent'
          ? `SELECT 'agent' AS type, a.id, a.first_name || ' ' || a.last_name AS name,
                    EXISTS (SELECT 1 FROM agent_applications ap WHERE ap.account_id = a.id)
                      AS has_bank_account
               FROM accounts a WHERE a.id = ANY($1::uuid[]) AND a.role = 'agent'`
          : `SELECT 'company' AS type, c.id, coalesce(c.name, '') AS name,
                    c.account_number IS NOT NULL AS has_bank_account
               FROM companies c WHERE c.id = ANY($1::uuid[])`,
        [ids],
      );
      return r.rows;
    },

    async insert(payee: Payee, amountKobo: number, createdBy: string, q: Queryable) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO payouts (agent_id, company_id, amount_kobo, created_by)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [
          payee.type === 'agent' ? payee.id : null,
          payee.type === 'company' ? payee.id : null,
          amountKobo,
          createdBy,
        ],
      );
      return r.rows[0]!.id;
    },

    /** The payout under a row lock, so that two settlements of it cannot both pass. */
    async lock(id: string, q: Queryable) {
      const r = await q.query<{
        id: string;
        agent_id: string | null;
        company_id: string | null;
        amount_kobo: number;
        status: string;
      }>(
        `SELECT id, agent_id, company_id, amount_kobo::float8 AS amount_kobo, status FROM payouts
          WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return r.rows[0];
    },

    async settle(
      id: string,
      outcome: { status: 'paid'; reference: string } | { status: 'failed'; reason: string },
      q: Queryable,
    ) {
      await q.query(
        `UPDATE payouts SET status = $2, reference = $3, reason = $4, settled_at = now(),
                updated_at = now()
          WHERE id = $1`,
        [
          id,
          outcome.status,
          outcome.status === 'paid' ? outcome.reference : null,
          outcome.status === 'failed' ? outcome.reason : null,
        ],
      );
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
