import type { Queryable } from '../db';
import { activePartnerSql, companyOwnerJoin } from './companies';

/** Someone a job can be assigned to, as the Assign Job screen lists them (spec §3 "Assignee"). */
export interface AssigneeRow {
  id: string;
  company_name: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  name: string;
  /** The user code: a company's is its owner's. */
  code: string | null;
  /** State alias; null when not known. */
  state: string | null;
  created_time: Date;
  /** Average rating (0–5, one decimal) of the approved or rejected jobs they did; 0 when none. */
  total_ratings: number;
}

/** The average rating of the assignee whose id is `of`.id. */
const ratingOf = (column: string, of = 'x') => `(
  SELECT round(avg(r.rating)::numeric, 1)::float8 FROM jobs r
   WHERE r.${column} = ${of}.id AND r.status IN ('approved', 'rejected') AND r.rating IS NOT NULL)`;

export function createJobsAssigneesRepository(db: Queryable) {
  return {
    /**
     * Partner companies that may take work now (marked by the provider, owner confirmed and
     * active), except `exceptCompanyId`. A company goes by its name and user code, never its
     * owner's personal name: the name fields all carry the company's name (its code without one).
     */
    async companies(exceptCompanyId: string | null, q: Queryable = db) {
      const r = await q.query<AssigneeRow>(
        `SELECT c.id, c.name AS company_name, n.name AS full_name, n.name AS first_name,
                '' AS last_name, n.name, o.unique_code AS code, c.state,
                c.created_at AS created_time,
                coalesce(${ratingOf('assignee_company_id', 'c')}, 0) AS total_ratings
           FROM companies c ${companyOwnerJoin}
           CROSS JOIN LATERAL (SELECT coalesce(c.name, o.unique_code) AS name) n
          WHERE ${activePartnerSql} AND c.id IS DISTINCT FROM $1::uuid
          ORDER BY lower(n.name), c.id`,
        [exceptCompanyId],
      );
      return r.rows;
    },

    /** Active field agents, with the state of their approved application. */
    async agents(q: Queryable = db) {
      const r = await q.query<AssigneeRow>(
        `SELECT x.id, NULL AS company_name, x.first_name || ' ' || x.last_name AS full_name,
                x.first_name, x.last_name, x.first_name || ' ' || x.last_name AS name,
                x.unique_code AS code, p.state,
                x.created_at AS created_time,
                coalesce(${ratingOf('assignee_agent_id')}, 0) AS total_ratings
           FROM accounts x
           LEFT JOIN agent_applications p ON p.account_id = x.id
          WHERE x.role = 'agent' AND x.status = 1
          ORDER BY lower(x.first_name), lower(x.last_name), x.id`,
      );
      return r.rows;
    },

    /** The assignee by type and id if it may receive jobs (an active partner company or agent). */
    async find(type: 'company' | 'agent', id: string, q: Queryable = db) {
      const list =
        type === 'agent'
          ? await q.query<{ id: string; name: string }>(
              `SELECT id, first_name || ' ' || last_name AS name FROM accounts
                WHERE id = $1 AND role = 'agent' AND status = 1`,
              [id],
            )
          : await q.query<{ id: string; name: string }>(
              `SELECT c.id, coalesce(c.name, o.unique_code) AS name
                 FROM companies c ${companyOwnerJoin}
                WHERE c.id = $1 AND ${activePartnerSql}`,
              [id],
            );
      return list.rows[0];
    },
  };
}
