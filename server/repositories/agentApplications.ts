import type { Queryable } from '../db';

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
}

export type NewAgentApplication = Omit<
  AgentApplicationRow,
  'id' | 'code' | 'status' | 'created_at' | 'decided_at' | 'decided_by' | 'account_id'
>;

export const applicationSortFields = ['id', 'created_at', 'last_name', 'state', 'status'] as const;
export type ApplicationSortField = (typeof applicationSortFields)[number];

export interface ApplicationFilter {
  status?: ApplicationStatus;
  /** Name, email, phone, NIN or code contains it. */
  q?: string;
  ids?: string[];
}

/** Which of the one-pending-application rules a new application broke. */
export class DuplicatePendingApplicationError extends Error {
  constructor(readonly field: 'email' | 'phone' | 'nin') {
    super(`duplicate pending application (${field})`);
  }
}

const duplicateFieldOf: Record<string, 'email' | 'phone' | 'nin'> = {
  agent_applications_pending_email_key: 'email',
  agent_applications_pending_phone_key: 'phone',
  agent_applications_pending_nin_key: 'nin',
};

function where(f: ApplicationFilter, params: unknown[]) {
  const out: string[] = [];
  if (f.status) out.push(`status = $${params.push(f.status)}`);
  if (f.ids) out.push(`id = ANY($${params.push(f.ids)}::uuid[])`);
  if (f.q) {
    const p = `$${params.push(`%${f.q.replace(/[\\%_]/g, '\\$&')}%`)}`;
    out.push(
      `(first_name || ' ' || last_name ILIKE ${p} OR email ILIKE ${p} OR phone ILIKE ${p}
        OR nin ILIKE ${p} OR code ILIKE ${p})`,
    );
  }
  return out.length ? `WHERE ${out.join(' AND ')}` : '';
}

export function createAgentApplicationsRepository(db: Queryable) {
  return {
    /** Inserts a pending application; a second pending one of the same person is refused. */
    async create(a: NewAgentApplication, q: Queryable = db): Promise<AgentApplicationRow> {
      try {
        const r = await q.query<AgentApplicationRow>(
          `INSERT INTO agent_applications (code, first_name, last_name, email, phone, state, lgas,
             nin, bank_code, account_number, account_name, photo_key, photo_sha256)
           VALUES ('APP-' || lpad(nextval('agent_application_code_seq')::text, 6, '0'),
             $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           RETURNING *`,
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
        return r.rows[0]!;
      } catch (err) {
        const e = err as { code?: string; constraint?: string };
        const field = e.code === '23505' ? duplicateFieldOf[e.constraint ?? ''] : undefined;
        if (field) throw new DuplicatePendingApplicationError(field);
        throw err;
      }
    },

    /** Which of email, phone and NIN a pending application already holds. */
    async pendingDuplicates(a: Pick<NewAgentApplication, 'email' | 'phone' | 'nin'>) {
      const r = await db.query<{ email: boolean; phone: boolean; nin: boolean }>(
        `SELECT coalesce(bool_or(lower(email) = lower($1)), false) AS email,
                coalesce(bool_or(phone = $2), false) AS phone,
                coalesce(bool_or(nin = $3), false) AS nin
           FROM agent_applications
          WHERE status = 'pending' AND (lower(email) = lower($1) OR phone = $2 OR nin = $3)`,
        [a.email, a.phone, a.nin],
      );
      return r.rows[0]!;
    },

    async findById(id: string, q: Queryable = db) {
      const r = await q.query<AgentApplicationRow>(
        'SELECT * FROM agent_applications WHERE id = $1',
        [id],
      );
      return r.rows[0];
    },

    /** The application, locked until the transaction ends: one decision at a time. */
    async lockForDecision(id: string, tx: Queryable) {
      const r = await tx.query<AgentApplicationRow>(
        'SELECT * FROM agent_applications WHERE id = $1 FOR UPDATE',
        [id],
      );
      return r.rows[0];
    },

    async decide(
      id: string,
      d: { status: 'approved' | 'rejected'; decidedBy: string | null; accountId: string | null },
      tx: Queryable,
    ) {
      const r = await tx.query<AgentApplicationRow>(
        `UPDATE agent_applications
            SET status = $2, decided_at = now(), decided_by = $3, account_id = $4
          WHERE id = $1 RETURNING *`,
        [id, d.status, d.decidedBy, d.accountId],
      );
      return r.rows[0]!;
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
        `SELECT * FROM agent_applications ${w}
          ORDER BY ${sort.field === 'id' ? 'created_at' : sort.field} ${sort.order}, id ${sort.order}
          LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
        params,
      );
      return r.rows;
    },

    async count(f: ApplicationFilter) {
      const params: unknown[] = [];
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM agent_applications ${where(f, params)}`,
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
