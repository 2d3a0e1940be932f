import type { Queryable } from '../db';

export interface PayoutRow {
  id: string;
  agent_id: string;
  agent_name: string;
  agent_email: string;
  amount_kobo: number;
  status: 'pending' | 'paid' | 'failed';
  reference: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  settled_at: Date | null;
  /** Where the money goes: the bank account on the agent's application. */
  bank_code: string | null;
  account_number: string | null;
  account_name: string | null;
}

export interface PayoutFilter {
  status?: string;
  agentId?: string;
  ids?: string[];
}

export interface PayoutSort {
  field: 'id' | 'created_at' | 'amount' | 'status';
  order: 'ASC' | 'DESC';
}

const selectPayout = `SELECT p.id, p.agent_id, a.first_name || ' ' || a.last_name AS agent_name,
    a.email AS agent_email, p.amount_kobo::float8 AS amount_kobo, p.status, p.reference, p.reason,
    p.created_at, p.updated_at, p.settled_at, ap.bank_code, ap.account_number, ap.account_name
  FROM payouts p JOIN accounts a ON a.id = p.agent_id
  LEFT JOIN agent_applications ap ON ap.account_id = p.agent_id`;

function where(f: PayoutFilter, params: unknown[]) {
  const parts: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.ids) parts.push(`p.id = ANY(${p(f.ids)}::uuid[])`);
  if (f.status) parts.push(`p.status = ${p(f.status)}`);
  if (f.agentId) parts.push(`p.agent_id = ${p(f.agentId)}`);
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

    async find(id: string, q: Queryable = db) {
      const r = await q.query<PayoutRow>(`${selectPayout} WHERE p.id = $1`, [id]);
      return r.rows[0];
    },

    /** Active agents among these ids. */
    async agents(ids: string[], q: Queryable = db) {
      const r = await q.query<{ id: string; name: string }>(
        `SELECT id, first_name || ' ' || last_name AS name FROM accounts
          WHERE id = ANY($1::uuid[]) AND role = 'agent'`,
        [ids],
      );
      return r.rows;
    },

    async insert(agentId: string, amountKobo: number, createdBy: string, q: Queryable) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO payouts (agent_id, amount_kobo, created_by) VALUES ($1, $2, $3) RETURNING id`,
        [agentId, amountKobo, createdBy],
      );
      return r.rows[0]!.id;
    },

    /** The payout under a row lock, so that two settlements of it cannot both pass. */
    async lock(id: string, q: Queryable) {
      const r = await q.query<{
        id: string;
        agent_id: string;
        amount_kobo: number;
        status: string;
      }>(
        `SELECT id, agent_id, amount_kobo::float8 AS amount_kobo, status FROM payouts
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
