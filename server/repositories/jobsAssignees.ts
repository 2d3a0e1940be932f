import type { Queryable } from '../db';

/** Someone a job can be assigned to, as the Assign Job screen lists them (spec §3 "Assignee"). */
export interface AssigneeRow {
  id: string;
  company_name: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  name: string;
  created_time: Date;
  /** Average rating (0–5, one decimal) of the approved or rejected jobs they did; 0 when none. */
  total_ratings: number;
}

const ratingOf = (column: string) => `(
  SELECT round(avg(r.rating)::numeric, 1)::float8 FROM jobs r
   WHERE r.${column} = x.id AND r.status IN ('approved', 'rejected') AND r.rating IS NOT NULL)`;

export function createJobsAssigneesRepository(db: Queryable) {
  return {
    /**
     * Client companies with an active owner account, except `exceptCompanyId`. The owner is the
     * company's first company-role account; a company without a name goes by its owner's name.
     */
    async companies(exceptCompanyId: string | null, q: Queryable = db) {
      const r = await q.query<AssigneeRow>(
        `SELECT x.id, x.name AS company_name,
                o.first_name || ' ' || o.last_name AS full_name, o.first_name, o.last_name,
                coalesce(x.name, o.first_name || ' ' || o.last_name) AS name,
                x.created_at AS created_time,
                coalesce(${ratingOf('assignee_company_id')}, 0) AS total_ratings
           FROM companies x
           JOIN LATERAL (
             SELECT a.first_name, a.last_name FROM accounts a
              WHERE a.company_id = x.id AND a.role = 'company' AND a.status = 1
              ORDER BY a.created_at LIMIT 1) o ON true
          WHERE x.id IS DISTINCT FROM $1::uuid
          ORDER BY lower(coalesce(x.name, o.first_name || ' ' || o.last_name)), x.id`,
        [exceptCompanyId],
      );
      return r.rows;
    },

    /** Active field agents. */
    async agents(q: Queryable = db) {
      const r = await q.query<AssigneeRow>(
        `SELECT x.id, NULL AS company_name, x.first_name || ' ' || x.last_name AS full_name,
                x.first_name, x.last_name, x.first_name || ' ' || x.last_name AS name,
                x.created_at AS created_time,
                coalesce(${ratingOf('assignee_agent_id')}, 0) AS total_ratings
           FROM accounts x
          WHERE x.role = 'agent' AND x.status = 1
          ORDER BY lower(x.first_name), lower(x.last_name), x.id`,
      );
      return r.rows;
    },

    /** The assignee by type and id if it may receive jobs (an active company or agent). */
    async find(type: 'company' | 'agent', id: string, q: Queryable = db) {
      const list =
        type === 'agent'
          ? await q.query<{ id: string; name: string }>(
              `SELECT id, first_name || ' ' || last_name AS name FROM accounts
                WHERE id = $1 AND role = 'agent' AND status = 1`,
              [id],
            )
          : await q.query<{ id: string; name: string }>(
              `SELECT c.id, coalesce(c.name, o.first_name || ' ' || o.last_name) AS name
                 FROM companies c
                 JOIN LATERAL (SELECT first_name, last_name FROM accounts a
                                WHERE a.company_id = c.id AND a.role = 'company' AND a.status = 1
                                ORDER BY a.created_at LIMIT 1) o ON true
                WHERE c.id = $1`,
              [id],
            );
      return list.rows[0];
    },
  };
}
