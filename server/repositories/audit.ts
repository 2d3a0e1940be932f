import type { Queryable } from '../db';
import type { auditSortFields } from '../schemas/audit';
import { containsPattern, Where } from './sqlWhere';

/** One audit entry as written; `outcome` is the HTTP status (or 200 for work done off a request). */
export interface AuditEntry {
  actorId: string | null;
  companyId: string | null;
  /** `<resource>.<verb>`, e.g. `job.create`, `auth.login`, `access.denied`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  outcome: number;
  ip?: string | null;
  requestId?: string | null;
  /** Small, already scrubbed facts (never a token, password, full phone number or NIN). */
  detail?: Record<string, unknown>;
  /** When it happened, for the demo's dated history only; otherwise the time of writing. */
  at?: Date;
}

/** An entry as the list shows it, with its actor's and company's names when they still exist. */
export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  company_id: string | null;
  company_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: number;
  ip: string | null;
  request_id: string | null;
  detail: Record<string, unknown>;
}

/** Whose entries a reader sees: every one (the provider's heads) or one company's. */
export type AuditScope = { kind: 'all' } | { kind: 'company'; companyId: string };

export interface AuditFilter {
  actorId?: string;
  /** Exact, or every action under a prefix ending in `.` (`job.`). */
  action?: string;
  companyId?: string;
  from?: Date;
  before?: Date;
  q?: string;
  ids?: string[];
}

export type AuditSort = { field: (typeof auditSortFields)[number]; order: 'ASC' | 'DESC' };

const sortColumn: Record<AuditSort['field'], string> = {
  id: 'l.id',
  at: 'l.at',
  action: 'l.action',
};

const selectEntries = `SELECT l.id::text AS id, l.at, l.actor_id, l.company_id, l.action,
    l.target_type, l.target_id, l.outcome, l.ip, l.request_id, l.detail,
    NULLIF(trim(a.first_name || ' ' || a.last_name), '') AS actor_name, a.email AS actor_email,
    c.name AS company_name
  FROM audit_log l
  LEFT JOIN accounts a ON a.id = l.actor_id
  LEFT JOIN companies c ON c.id = l.company_id`;

function where(scope: AuditScope, f: AuditFilter, params: unknown[]) {
  const w = new Where(params);
  if (scope.kind === 'company') w.add(`l.company_id = ${w.param(scope.companyId)}::uuid`);
  if (f.actorId) w.add(`l.actor_id = ${w.param(f.actorId)}::uuid`);
  if (f.companyId) w.add(`l.company_id = ${w.param(f.companyId)}::uuid`);
  if (f.action?.endsWith('.')) {
    w.add(`starts_with(l.action, ${w.param(f.action)})`);
  } else if (f.action) {
    w.add(`l.action = ${w.param(f.action)}`);
  }
  if (f.from) w.add(`l.at >= ${w.param(f.from)}`);
  if (f.before) w.add(`l.at < ${w.param(f.before)}`);
  if (f.ids) w.add(`l.id = ANY(${w.param(f.ids)}::bigint[])`);
  if (f.q) {
    const p = w.param(containsPattern(f.q));
    w.add(
      `(l.action ILIKE ${p} OR l.target_id ILIKE ${p} OR a.email ILIKE ${p} ` +
        `OR (a.first_name || ' ' || a.last_name) ILIKE ${p})`,
    );
  }
  return w.sql;
}

/**
 * The tables whose row says which company a target belongs to: an entry without a company (a
 * provider account acting) is filed under its target's, read in the same statement.
 */
const companyOfTarget: Record<string, string> = {
  job: 'jobs',
  api_key: 'api_keys',
  webhook: 'webhook_endpoints',
  user: 'accounts',
  payout: 'payouts',
};

/** `$2`, or the company of the target `$4`/`$5` names when `$2` is null. */
function companySql(targetType: string | null | undefined) {
  const table = targetType ? companyOfTarget[targetType] : undefined;
  if (!table) return '$2::uuid';
  return `COALESCE($2::uuid, (SELECT t.company_id FROM ${table} t WHERE t.id = CASE
            WHEN $5 ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            THEN $5::uuid END))`;
}

/** The append-only audit log (migration 0023): the database refuses edits. */
export function createAuditRepository(db: Queryable) {
  return {
    async record(e: AuditEntry, q: Queryable = db) {
      await q.query(
        `INSERT INTO audit_log
           (actor_id, company_id, action, target_type, target_id, outcome, ip, request_id, detail,
            at)
         VALUES ($1, ${companySql(e.targetType)}, $3, $4, $5, $6, $7, $8, $9,
                 COALESCE($10, now()))`,
        [
          e.actorId,
          e.companyId,
          e.action,
          e.targetType ?? null,
          e.targetId ?? null,
          e.outcome,
          e.ip ?? null,
          e.requestId ?? null,
          JSON.stringify(e.detail ?? {}),
          e.at ?? null,
        ],
      );
    },

    async list(
      scope: AuditScope,
      filter: AuditFilter,
      sort: AuditSort,
      offset: number,
      limit: number,
      q: Queryable = db,
    ) {
      const params: unknown[] = [];
      const w = where(scope, filter, params);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      params.push(limit, offset);
      const r = await q.query<AuditRow>(
        `${selectEntries} ${w}
          ORDER BY ${sortColumn[sort.field]} ${dir}, l.id ${dir}
          LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return r.rows;
    },

    async count(scope: AuditScope, filter: AuditFilter, q: Queryable = db) {
      const params: unknown[] = [];
      const w = where(scope, filter, params);
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log l
           LEFT JOIN accounts a ON a.id = l.actor_id ${w}`,
        params,
      );
      return r.rows[0]!.n;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
