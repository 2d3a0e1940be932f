import type { Queryable } from '../db';
import { containsPattern } from './sqlWhere';

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface AgentApplicationRow {
  id: string;
  code: string;
  status: ApplicationStatus;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  state: string;
  lgas: string[];
  nin: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  photo_key: string;
  photo_sha256: string;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  account_id: string | null;
  /** What it shares with another pending or approved application: a duplicate to review. */
  duplicates: DuplicateField[];
}

export const duplicateFields = ['email', 'phone', 'nin'] as const;
export type DuplicateField = (typeof duplicateFields)[number];

export type NewAgentApplication = Omit<
  AgentApplicationRow,
  | 'id'
  | 'code'
  | 'status'
  | 'created_at'
  | 'decided_at'
  | 'decided_by'
  | 'account_id'
  | 'duplicates'
>;

export const applicationSortFields = ['id', 'created_at', 'last_name', 'state', 'status'] as const;
export type ApplicationSortField = (typeof applicationSortFields)[number];

export interface ApplicationFilter {
  status?: ApplicationStatus;
  /** Name, email, phone, NIN or code contains it. */
  q?: string;
  ids?: string[];
}

/** Approving would make a second agent of one person: the approved application it matches. */
export class DuplicateAgentError extends Error {
  constructor(
    readonly field: DuplicateField,
    readonly code?: string,
  ) {
    super(`an approved application has the same ${field}`);
  }
}

const approvedKeyField: Record<string, DuplicateField> = {
  agent_applications_approved_email_key: 'email',
  agent_applications_approved_phone_key: 'phone',
  agent_applications_approved_nin_key: 'nin',
};

/** Whether another pending or approved application holds the same value as `a`. */
const sameAs: Record<DuplicateField, string> = {
  email: 'lower(o.email) = lower(a.email)',
  phone: 'o.phone = a.phone',
  nin: 'o.nin = a.nin',
};
const withDuplicates = `a.*, ARRAY(SELECT f FROM (VALUES ${duplicateFields
  .map(
    (f) =>
      `('${f}', EXISTS (SELECT 1 FROM agent_applications o WHERE o.id <> a.id
                          AND o.status <> 'rejected' AND ${sameAs[f]}))`,
  )
  .join(', ')}) AS d (f, hit) WHERE hit) AS duplicates`;

function where(f: ApplicationFilter, params: unknown[]) {
  const out: string[] = [];
  if (f.status) out.push(`status = $${params.push(f.status)}`);
  if (f.ids) out.push(`id = ANY($${params.push(f.ids)}::uuid[])`);
  if (f.q) {
    const p = `$${params.push(containsPattern(f.q))}`;
    out.push(
      `(first_name || ' ' || last_name ILIKE ${p} OR email ILIKE ${p} OR phone ILIKE ${p}
        OR nin ILIKE ${p} OR code ILIKE ${p})`,
    );
  }
  return out.length ? `WHERE ${out.join(' AND ')}` : '';
}

export function createAgentApplicationsRepository(db: Queryable) {
  async function findById(id: string, q: Queryable = db) {
    const r = await q.query<AgentApplicationRow>(
      `SELECT ${withDuplicates} FROM agent_applications a WHERE a.id = $1`,
      [id],
    );
    return r.rows[0];
  }

  return {
    /** Inserts a pending application (a duplicate too: the reviewer sees it as one). */
    async create(a: NewAgentApplication, q: Queryable = db): Promise<AgentApplicationRow> {
      const r = await q.query<{ id: string }>(
        `INSERT INTO agent_applications (code, first_name, last_name, email, phone, state, lgas,
           nin, bank_code, account_number, account_name, photo_key, photo_sha256)
         VALUES ('APP-' || lpad(nextval('agent_application_code_seq')::text, 6, '0'),
           $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING id`,
        [
          a.first_name,
          a.last_name,
          a.email,
          a.phone,
          a.state,
          a.lgas,
          a.nin,
          a.bank_code,
          a.account_number,
          a.account_name,
          a.photo_key,
          a.photo_sha256,
        ],
      );
      return (await findById(r.rows[0]!.id, q))!;
    },

    /** The approved application with the same email, phone or NIN as `a`, if any. */
    async approvedDuplicate(a: AgentApplicationRow, q: Queryable = db) {
      const r = await q.query<{ code: string; email: boolean; phone: boolean }>(
        `SELECT code, lower(email) = lower($1) AS email, phone = $2 AS phone
           FROM agent_applications
          WHERE status = 'approved' AND id <> $4
            AND (lower(email) = lower($1) OR phone = $2 OR nin = $3)
          LIMIT 1`,
        [a.email, a.phone, a.nin, a.id],
      );
      const hit = r.rows[0];
      if (!hit) return undefined;
      return new DuplicateAgentError(hit.email ? 'email' : hit.phone ? 'phone' : 'nin', hit.code);
    },

    findById,

    /** The application, locked until the transaction ends: one decision at a time. */
    async lockForDecision(id: string, tx: Queryable) {
      const r = await tx.query<AgentApplicationRow>(
        `SELECT ${withDuplicates} FROM agent_applications a WHERE a.id = $1 FOR UPDATE OF a`,
        [id],
      );
      return r.rows[0];
    },

    async decide(
      id: string,
      d: { status: 'approved' | 'rejected'; decidedBy: string | null; accountId: string | null },
      tx: Queryable,
    ) {
      try {
        await tx.query(
          `UPDATE agent_applications
              SET status = $2, decided_at = now(), decided_by = $3, account_id = $4
            WHERE id = $1`,
          [id, d.status, d.decidedBy, d.accountId],
        );
      } catch (err) {
        const e = err as { code?: string; constraint?: string };
        const field = e.code === '23505' ? approvedKeyField[e.constraint ?? ''] : undefined;
        if (field) throw new DuplicateAgentError(field);
        throw err;
      }
      return (await findById(id, tx))!;
    },

    async list(
      f: ApplicationFilter,
      sort: { field: ApplicationSortField; order: 'ASC' | 'DESC' },
      offset: number,
      limit: number,
    ) {
      const params: unknown[] = [];
      const w = where(f, params);
      const r = await db.query<AgentApplicationRow>(
        `SELECT ${withDuplicates} FROM agent_applications a ${w}
          ORDER BY a.${sort.field === 'id' ? 'created_at' : sort.field} ${sort.order}, a.id ${sort.order}
          LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
        params,
      );
      return r.rows;
    },

    async count(f: ApplicationFilter) {
      const params: unknown[] = [];
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM agent_applications a ${where(f, params)}`,
        params,
      );
      return r.rows[0]!.n;
    },

    /** Where a photo is stored, for the photo route. */
    async photoKey(id: string) {
      const r = await db.query<{ photo_key: string }>(
        'SELECT photo_key FROM agent_applications WHERE id = $1',
        [id],
      );
      return r.rows[0]?.photo_key;
    },
  };
}

export type AgentApplicationsRepository = ReturnType<typeof createAgentApplicationsRepository>;
