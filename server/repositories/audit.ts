import type { Queryable } from '../db';

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
}

/** The append-only audit log (migration 0023): the database refuses edits. */
export function createAuditRepository(db: Queryable) {
  return {
    async record(e: AuditEntry, q: Queryable = db) {
      await q.query(
        `INSERT INTO audit_log
           (actor_id, company_id, action, target_type, target_id, outcome, ip, request_id, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
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
        ],
      );
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
