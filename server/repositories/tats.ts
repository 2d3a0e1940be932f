import type { JobKind } from '../../reference/jobKinds';
import type { Queryable } from '../db';

export interface TatRow {
  id: string;
  state: string;
  job_type: JobKind;
  audience: 'company' | 'agent';
  amount_kobo: number;
  tat_in_hours: number;
  created_at: Date;
  updated_at: Date | null;
}

/** What the Set Amount list may be narrowed to; `audience` is also the company users' scope. */
export interface TatFilter {
  state?: string;
  job_type?: JobKind;
  audience?: 'company' | 'agent';
}

const whereOf = (f: TatFilter) => ({
  sql: `($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR job_type = $2)
    AND ($3::text IS NULL OR audience = $3)`,
  params: [f.state ?? null, f.job_type ?? null, f.audience ?? null],
});

export interface TatInput {
  state: string;
  job_type: JobKind;
  audience: 'company' | 'agent';
  amount_kobo: number;
  tat_in_hours: number;
}

/** A second setting for the same (state, job type, audience). */
export class DuplicateTatError extends Error {}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export function createTatsRepository(db: Queryable) {
  return {
    /** A page of the settings matching `filter` (all of them without `limit`), by state. */
    async list(filter: TatFilter = {}, offset = 0, limit?: number, q: Queryable = db) {
      const where = whereOf(filter);
      const r = await q.query<TatRow>(
        `SELECT * FROM tat_settings WHERE ${where.sql}
          ORDER BY state, job_type, audience, id OFFSET $4 LIMIT $5`,
        [...where.params, offset, limit ?? null],
      );
      return r.rows;
    },

    async count(filter: TatFilter = {}, q: Queryable = db) {
      const where = whereOf(filter);
      const r = await q.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM tat_settings WHERE ${where.sql}`,
        where.params,
      );
      return Number(r.rows[0]!.n);
    },

    /** The states that have a setting for (job type, audience). */
    async pricedStates(jobType: JobKind, audience: 'company' | 'agent', q: Queryable = db) {
      const r = await q.query<{ state: string }>(
        'SELECT DISTINCT state FROM tat_settings WHERE job_type = $1 AND audience = $2',
        [jobType, audience],
      );
      return new Set(r.rows.map((row) => row.state));
    },

    async findById(id: string, q: Queryable = db) {
      const r = await q.query<TatRow>('SELECT * FROM tat_settings WHERE id = $1', [id]);
      return r.rows[0];
    },

    async create(t: TatInput, q: Queryable = db) {
      try {
        const r = await q.query<TatRow>(
          `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
           VALUES ($1, $2, $3, $4, $5) RETURNING *`,
          [t.state, t.job_type, t.audience, t.amount_kobo, t.tat_in_hours],
        );
        return r.rows[0]!;
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateTatError();
        throw err;
      }
    },

    async update(id: string, t: TatInput, q: Queryable = db) {
      try {
        const r = await q.query<TatRow>(
          `UPDATE tat_settings SET state = $2, job_type = $3, audience = $4, amount_kobo = $5,
             tat_in_hours = $6, updated_at = now()
            WHERE id = $1 RETURNING *`,
          [id, t.state, t.job_type, t.audience, t.amount_kobo, t.tat_in_hours],
        );
        return r.rows[0];
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateTatError();
        throw err;
      }
    },

    /** The Company price of each (state, job type) that has one, keyed `state/type`. */
    async companyPrices(states: string[], type: JobKind, q: Queryable = db) {
      const r = await q.query<{ state: string; amount_kobo: string | number }>(
        `SELECT state, amount_kobo FROM tat_settings
          WHERE audience = 'company' AND job_type = $2 AND state = ANY($1::text[])`,
        [states, type],
      );
      return new Map(r.rows.map((row) => [row.state, Number(row.amount_kobo)]));
    },
  };
}

export type TatsRepository = ReturnType<typeof createTatsRepository>;
