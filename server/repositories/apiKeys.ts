import type { Role } from '../../reference/permissions';
import type { Queryable } from '../db';
import type { apiKeySortFields } from '../schemas/apiKeys';
import { containsPattern, Where } from './sqlWhere';

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  permission: string[];
  company_id: string;
  company_name: string | null;
  created_by: string;
  created_by_name: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** What a request signed with a key is decided from: the key, its creator now, its company. */
export interface KeyHolderRow {
  id: string;
  company_id: string;
  permission: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  creator_id: string;
  creator_unique_code: string;
  creator_role: Role;
  creator_company_id: string | null;
  creator_permissions: string[];
  creator_status: number;
  company_name: string | null;
  company_state: string | null;
  company_address: string | null;
  company_suspended_at: Date | null;
}

export interface NewApiKeyRow {
  company_id: string;
  created_by: string;
  name: string;
  prefix: string;
  hash: string;
  permission: string[];
  created_at?: Date;
  last_used_at?: Date | null;
}

export type ApiKeySortField = (typeof apiKeySortFields)[number];

export interface ApiKeyListFilter {
  /** The company whose keys are listed; absent: every company's (provider staff). */
  companyId?: string;
  status?: 'active' | 'revoked';
  q?: string;
  ids?: string[];
}

const selectKey = `SELECT k.id, k.name, k.prefix, k.permission, k.company_id,
    c.name AS company_name, k.created_by, a.first_name || ' ' || a.last_name AS created_by_name,
    k.created_at, k.last_used_at, k.revoked_at
  FROM api_keys k JOIN companies c ON c.id = k.company_id JOIN accounts a ON a.id = k.created_by`;

const sortColumns: Record<ApiKeySortField, string> = {
  id: 'k.created_at',
  created_at: 'k.created_at',
  name: 'k.name',
  last_used_at: 'k.last_used_at',
};

function whereOf(w: Where, f: ApiKeyListFilter) {
  if (f.companyId) w.add(`k.company_id = ${w.param(f.companyId)}`);
  if (f.status) w.add(`k.revoked_at IS ${f.status === 'revoked' ? 'NOT ' : ''}NULL`);
  if (f.ids) w.add(`k.id = ANY(${w.param(f.ids)}::uuid[])`);
  const q = f.q?.trim();
  if (q) {
    const p = w.param(containsPattern(q));
    w.add(`(k.name ILIKE ${p} OR k.prefix ILIKE ${p} OR c.name ILIKE ${p})`);
  }
}

export function createApiKeysRepository(db: Queryable) {
  return {
    async insert(k: NewApiKeyRow, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO api_keys (company_id, created_by, name, prefix, hash, permission,
           created_at, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now()), $8) RETURNING id`,
        [
          k.company_id,
          k.created_by,
          k.name,
          k.prefix,
          k.hash,
          k.permission,
          k.created_at ?? null,
          k.last_used_at ?? null,
        ],
      );
      return r.rows[0]!.id;
    },

    /**
     * The company's active keys, counted with its row locked: two creations at once cannot both
     * slip under the limit. Inside the creation's transaction.
     */
    async countActiveLocked(companyId: string, q: Queryable) {
      await q.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
      const r = await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM api_keys WHERE company_id = $1 AND revoked_at IS NULL',
        [companyId],
      );
      return r.rows[0]!.n;
    },

    /** The key of this hash, revoked or not, with its creator and company as they are now. */
    async findHolder(hash: string) {
      // Every request signed with a key runs it: planned once, one call into the database.
      const r = await db.queryPrepared<KeyHolderRow>(
        `SELECT k.id, k.company_id, k.permission, k.created_at, k.last_used_at, k.revoked_at,
            a.id AS creator_id, a.unique_code AS creator_unique_code, a.role AS creator_role,
            a.company_id AS creator_company_id, a.permissions AS creator_permissions,
            a.status AS creator_status, c.name AS company_name, c.state AS company_state,
            c.address AS company_address, c.suspended_at AS company_suspended_at
           FROM api_keys k JOIN accounts a ON a.id = k.created_by
           JOIN companies c ON c.id = k.company_id
          WHERE k.hash = $1`,
        [hash],
      );
      return r.rows[0];
    },

    /** Marks the key used now, unless it was within the last minute: not a write per request. */
    async touch(id: string) {
      await db.query(
        `UPDATE api_keys SET last_used_at = now()
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [id],
      );
    },

    async find(id: string, companyId?: string, q: Queryable = db) {
      const w = new Where([id]);
      w.add('k.id = $1');
      if (companyId) w.add(`k.company_id = ${w.param(companyId)}`);
      const r = await q.query<ApiKeyRow>(`${selectKey} ${w.sql}`, w.params);
      return r.rows[0];
    },

    async list(
      filter: ApiKeyListFilter,
      sort: { field: ApiKeySortField; order: 'ASC' | 'DESC' },
      offset: number,
      limit: number,
    ) {
      const w = new Where();
      whereOf(w, filter);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      const r = await db.query<ApiKeyRow>(
        `${selectKey} ${w.sql} ORDER BY ${sortColumns[sort.field]} ${dir} NULLS LAST, k.id ${dir}
         LIMIT ${w.param(limit)} OFFSET ${w.param(offset)}`,
        w.params,
      );
      return r.rows;
    },

    async count(filter: ApiKeyListFilter) {
      const w = new Where();
      whereOf(w, filter);
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM api_keys k JOIN companies c ON c.id = k.company_id ${w.sql}`,
        w.params,
      );
      return r.rows[0]!.n;
    },

    /** Revokes the key (once: a second revoke keeps the first time). */
    async revoke(id: string, q: Queryable = db) {
      await q.query('UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [
        id,
      ]);
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
