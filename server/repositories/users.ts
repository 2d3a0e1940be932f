import type { Queryable } from '../db';
import type { AccountRow, Role } from './accounts';
import { containsPattern } from './sqlWhere';

/**
 * Whose users a signed-in account manages: the provider's staff see every account (their lists
 * default to provider staff), a company's head and sub-users only the accounts of that company.
 */
export type UserScope = { kind: 'provider' } | { kind: 'company'; companyId: string };

export const userSortFields = [
  'id',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'unique_code',
  'status',
  'last_seen_at',
] as const;
export type UserSortField = (typeof userSortFields)[number];
export interface UserSort {
  field: UserSortField;
  order: 'ASC' | 'DESC';
}

export interface UserListFilter {
  /** Name, email, phone or user code, case-insensitive. */
  q?: string;
  ids?: string[];
  /**
   * A kind of user: the provider's sub-admins, or a company's sub-users, are 'sub-admin'. Without
   * it a provider list holds the provider's staff (admins and sub-admins).
   */
  type?: Role;
  status?: 0 | 1;
}

export interface PersonalChange {
  first_name: string;
  last_name: string;
  phone: string;
  address: string | null;
}

const selectUser = `SELECT a.*, c.name AS company_name
  FROM accounts a LEFT JOIN companies c ON c.id = a.company_id`;

/** The WHERE clause of a list in `scope`, its parameters numbered after `params`. */
function listWhere(scope: UserScope, f: UserListFilter, params: unknown[]) {
  const add = (v: unknown) => `$${params.push(v)}`;
  const where: string[] = [];
  if (scope.kind === 'company') {
    where.push(`a.company_id = ${add(scope.companyId)}`);
    if (f.type === 'admin' || f.type === 'agent') where.push('false');
  }
  if (f.type) {
    where.push(`a.role = ${add(f.type)}`);
    // The provider's sub-admins, not the companies' sub-users.
    if (f.type === 'sub-admin' && scope.kind === 'provider') where.push('a.company_id IS NULL');
  } else if (scope.kind === 'provider') {
    where.push(`a.company_id IS NULL AND a.role IN ('admin', 'sub-admin')`);
  }
  if (f.q) {
    const like = add(containsPattern(f.q));
    where.push(
      `(a.first_name || ' ' || a.last_name ILIKE ${like} OR a.email ILIKE ${like}
        OR a.phone ILIKE ${like} OR a.unique_code ILIKE ${like})`,
    );
  }
  if (f.ids) where.push(`a.id::text = ANY(${add(f.ids)}::text[])`);
  if (f.status !== undefined) where.push(`a.status = ${add(f.status)}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** Users as the people screens see them; the accounts repository keeps sign-in's queries. */
export function createUsersRepository(db: Queryable) {
  return {
    async list(
      scope: UserScope,
      filter: UserListFilter,
      sort: UserSort,
      offset: number,
      limit: number,
      q: Queryable = db,
    ) {
      const params: unknown[] = [];
      const where = listWhere(scope, filter, params);
      const r = await q.query<AccountRow>(
        `${selectUser} ${where}
          ORDER BY a.${sort.field === 'id' ? 'created_at' : sort.field} ${sort.order} NULLS LAST,
                   a.id ${sort.order}
          LIMIT ${limit} OFFSET ${offset}`,
        params,
      );
      return r.rows;
    },

    async count(scope: UserScope, filter: UserListFilter, q: Queryable = db) {
      const params: unknown[] = [];
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM accounts a ${listWhere(scope, filter, params)}`,
        params,
      );
      return r.rows[0]!.n;
    },

    /** The account if `scope` may see it; undefined (answered 404) for another tenant's. */
    async findVisible(id: string, scope: UserScope, q: Queryable = db) {
      const r =
        scope.kind === 'provider'
          ? await q.query<AccountRow>(`${selectUser} WHERE a.id = $1`, [id])
          : await q.query<AccountRow>(`${selectUser} WHERE a.id = $1 AND a.company_id = $2`, [
              id,
              scope.companyId,
            ]);
      return r.rows[0];
    },

    async setStatus(id: string, status: 0 | 1, q: Queryable = db) {
      await q.query('UPDATE accounts SET status = $2, updated_at = now() WHERE id = $1', [
        id,
        status,
      ]);
    },

    async setPersonal(id: string, p: PersonalChange, q: Queryable = db) {
      await q.query(
        `UPDATE accounts SET first_name = $2, last_name = $3, phone = $4, address = $5,
                updated_at = now()
          WHERE id = $1`,
        [id, p.first_name, p.last_name, p.phone, p.address],
      );
    },

    async setPermissions(id: string, permissions: readonly string[], q: Queryable = db) {
      await q.query('UPDATE accounts SET permissions = $2, updated_at = now() WHERE id = $1', [
        id,
        permissions,
      ]);
    },

    /** Demo data only: sign-ins set it otherwise (sessions repository). */
    async setLastSeen(id: string, at: Date | null, q: Queryable = db) {
      await q.query('UPDATE accounts SET last_seen_at = $2 WHERE id = $1', [id, at]);
    },

    async setPictureKey(id: string, key: string | null, q: Queryable = db) {
      await q.query('UPDATE accounts SET picture_key = $2, updated_at = now() WHERE id = $1', [
        id,
        key,
      ]);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
