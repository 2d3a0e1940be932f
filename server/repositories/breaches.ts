import type { Queryable } from '../db';
import type { BreachStatus } from '../../reference/breaches';
import type { breachSortFields } from '../schemas/breaches';
import { Where } from './sqlWhere';

export type BreachSortField = (typeof breachSortFields)[number];

/** The fields a provider head writes. */
export interface BreachFields {
  description: string;
  occurred_at: Date | null;
  found_at: Date;
  data_affected: string;
  people_affected: number | null;
  who_was_told: string;
  ndpc_notified_at: Date | null;
  people_notified_at: Date | null;
  status: BreachStatus;
}

export interface BreachRow extends BreachFields {
  id: string;
  recorded_by: string;
  recorded_by_name: string;
  created_at: Date;
  updated_at: Date;
}

export interface BreachListFilter {
  status?: BreachStatus;
  ids?: string[];
}

const selectBreach = `SELECT b.id, b.description, b.occurred_at, b.found_at, b.data_affected,
    b.people_affected, b.who_was_told, b.ndpc_notified_at, b.people_notified_at, b.status,
    b.recorded_by, a.first_name || ' ' || a.last_name AS recorded_by_name, b.created_at,
    b.updated_at
  FROM breaches b JOIN accounts a ON a.id = b.recorded_by`;

const sortColumns: Record<BreachSortField, string> = {
  id: 'b.created_at',
  found_at: 'b.found_at',
  created_at: 'b.created_at',
  status: 'b.status',
};

function whereOf(w: Where, f: BreachListFilter) {
  if (f.status) w.add(`b.status = ${w.param(f.status)}`);
  if (f.ids) w.add(`b.id = ANY(${w.param(f.ids)}::uuid[])`);
}

const fieldValues = (b: BreachFields) => [
  b.description,
  b.occurred_at,
  b.found_at,
  b.data_affected,
  b.people_affected,
  b.who_was_told,
  b.ndpc_notified_at,
  b.people_notified_at,
  b.status,
];

/** The breach register (migration 0025): entries are added and corrected, never deleted. */
export function createBreachesRepository(db: Queryable) {
  return {
    async insert(b: BreachFields, recordedBy: string, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO breaches (description, occurred_at, found_at, data_affected, people_affected,
           who_was_told, ndpc_notified_at, people_notified_at, status, recorded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [...fieldValues(b), recordedBy],
      );
      return r.rows[0]!.id;
    },

    /** Rewrites the entry's fields; false when there is no such entry. */
    async update(id: string, b: BreachFields, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `UPDATE breaches SET description = $2, occurred_at = $3, found_at = $4, data_affected = $5,
           people_affected = $6, who_was_told = $7, ndpc_notified_at = $8,
           people_notified_at = $9, status = $10, updated_at = now()
         WHERE id = $1 RETURNING id`,
        [id, ...fieldValues(b)],
      );
      return r.rows.length > 0;
    },

    async find(id: string, q: Queryable = db) {
      const r = await q.query<BreachRow>(`${selectBreach} WHERE b.id = $1`, [id]);
      return r.rows[0];
    },

    async list(
      filter: BreachListFilter,
      sort: { field: BreachSortField; order: 'ASC' | 'DESC' },
      offset: number,
      limit: number,
    ) {
      const w = new Where();
      whereOf(w, filter);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      const r = await db.query<BreachRow>(
        `${selectBreach} ${w.sql} ORDER BY ${sortColumns[sort.field]} ${dir}, b.id ${dir}
         LIMIT ${w.param(limit)} OFFSET ${w.param(offset)}`,
        w.params,
      );
      return r.rows;
    },

    async count(filter: BreachListFilter) {
      const w = new Where();
      whereOf(w, filter);
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM breaches b ${w.sql}`,
        w.params,
      );
      return r.rows[0]!.n;
    },
  };
}

export type BreachesRepository = ReturnType<typeof createBreachesRepository>;
