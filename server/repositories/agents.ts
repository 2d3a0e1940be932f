import type { Queryable } from '../db';
import type { JobStatus } from '../services/jobStateMachine';
import { containsPattern } from './sqlWhere';

/** An approved agent: its account with its profile (the approved application, if any). */
export interface AgentRow {
  id: string;
  code: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: number;
  created_at: Date;
  application_id: string | null;
  state: string | null;
  lgas: string[] | null;
  nin: string | null;
  bank_code: string | null;
  account_number: string | null;
  account_name: string | null;
  photo_key: string | null;
  jobs_total: number;
  average_rating: number;
}

export interface AgentRecentJobRow {
  id: string;
  code: string;
  type: string;
  status: JobStatus;
  state: string;
  rating: number | null;
  assigned_at: Date | null;
  created_at: Date;
}

export const agentSortFields = ['id', 'created_at', 'last_name', 'state', 'status'] as const;
export type AgentSortField = (typeof agentSortFields)[number];

export interface AgentFilter {
  /** Name, email, phone, code, state or an LGA contains it. */
  q?: string;
  status?: 0 | 1;
  state?: string;
  ids?: string[];
}

const sortColumn: Record<AgentSortField, string> = {
  id: 'a.created_at',
  created_at: 'a.created_at',
  last_name: 'lower(a.last_name)',
  state: 'p.state',
  status: 'a.status',
};

const selectAgents = `
  SELECT a.id, a.unique_code AS code, a.first_name, a.last_name, a.email, a.phone, a.status,
         a.created_at, p.id AS application_id, p.state, p.lgas, p.nin, p.bank_code,
         p.account_number, p.account_name, p.photo_key,
         (SELECT count(*)::int FROM jobs j WHERE j.assignee_agent_id = a.id) AS jobs_total,
         coalesce((SELECT round(avg(j.rating)::numeric, 1)::float8 FROM jobs j
                    WHERE j.assignee_agent_id = a.id AND j.status IN ('approved', 'rejected')
                      AND j.rating IS NOT NULL), 0) AS average_rating
    FROM accounts a
    LEFT JOIN agent_applications p ON p.account_id = a.id`;

function where(f: AgentFilter, params: unknown[]) {
  const out = [`a.role = 'agent'`];
  if (f.status !== undefined) out.push(`a.status = $${params.push(f.status)}`);
  if (f.state) out.push(`p.state = $${params.push(f.state)}`);
  if (f.ids) out.push(`a.id = ANY($${params.push(f.ids)}::uuid[])`);
  if (f.q) {
    const p = `$${params.push(containsPattern(f.q))}`;
    out.push(
      `(a.first_name || ' ' || a.last_name ILIKE ${p} OR a.email ILIKE ${p}
        OR a.phone ILIKE ${p} OR a.unique_code ILIKE ${p} OR p.state ILIKE ${p}
        OR EXISTS (SELECT 1 FROM unnest(p.lgas) l WHERE l ILIKE ${p}))`,
    );
  }
  return `WHERE ${out.join(' AND ')}`;
}

export function createAgentsRepository(db: Queryable) {
  return {
    async list(
      f: AgentFilter,
      sort: { field: AgentSortField; order: 'ASC' | 'DESC' },
      offset: number,
      limit: number,
    ) {
      const params: unknown[] = [];
      const r = await db.query<AgentRow>(
        `${selectAgents} ${where(f, params)}
          ORDER BY ${sortColumn[sort.field]} ${sort.order} NULLS LAST, a.id ${sort.order}
          LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
        params,
      );
      return r.rows;
    },

    async count(f: AgentFilter) {
      const params: unknown[] = [];
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM accounts a
           LEFT JOIN agent_applications p ON p.account_id = a.id ${where(f, params)}`,
        params,
      );
      return r.rows[0]!.n;
    },

    async findById(id: string, q: Queryable = db) {
      const params: unknown[] = [];
      const r = await q.query<AgentRow>(`${selectAgents} ${where({ ids: [id] }, params)}`, params);
      return r.rows[0];
    },

    async jobCounts(id: string) {
      const r = await db.query<{ status: JobStatus; n: number }>(
        `SELECT status, count(*)::int AS n FROM jobs WHERE assignee_agent_id = $1 GROUP BY status`,
        [id],
      );
      return r.rows;
    },

    async recentJobs(id: string, limit = 10) {
      const r = await db.query<AgentRecentJobRow>(
        `SELECT id, code, type, status, state, rating, assigned_at, created_at FROM jobs
          WHERE assignee_agent_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [id, limit],
      );
      return r.rows;
    },

    /** Activates (1) or deactivates (0) an agent; undefined when no agent has this id. */
    /** Sets an agent's status; returns its name, or undefined for no such agent. */
    async setStatus(id: string, status: 0 | 1, q: Queryable = db) {
      const r = await q.query<{ name: string }>(
        `UPDATE accounts SET status = $2, updated_at = now()
          WHERE id = $1 AND role = 'agent' RETURNING first_name || ' ' || last_name AS name`,
        [id, status],
      );
      return r.rows[0]?.name;
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
