import type { Queryable } from '../db';
import type { JobStatus } from '../services/jobStateMachine';
import { Where } from './sqlWhere';
import { type JobRow, type JobScope, scopeWhere, selectJob } from './jobsView';

/** One job as its profile shows it: the job, its history and its attachments. */

export interface JobEventRow {
  id: number;
  actor_id: string | null;
  actor_name: string | null;
  from_status: JobStatus | null;
  to_status: JobStatus;
  reason: string | null;
  kind: 'move' | 'overdue';
  created_at: Date;
}

export interface JobAttachmentRow {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  created_at: Date;
}

export function jobsDetailQueries(db: Queryable) {
  return {
    /** One visible job, or undefined for an unknown id or another tenant's job. */
    async findVisible(id: string, scope: JobScope, q: Queryable = db) {
      const w = new Where([id]);
      w.add('j.id = $1');
      scopeWhere(w, scope);
      const r = await q.query<JobRow>(`${selectJob(w, scope)} ${w.sql}`, w.params);
      return r.rows[0];
    },

    async events(jobId: string, q: Queryable = db) {
      const r = await q.query<JobEventRow>(
        `SELECT e.id, e.actor_id, a.first_name || ' ' || a.last_name AS actor_name,
                e.from_status, e.to_status, e.reason, e.kind, e.created_at
           FROM job_events e LEFT JOIN accounts a ON a.id = e.actor_id
          WHERE e.job_id = $1 ORDER BY e.id`,
        [jobId],
      );
      return r.rows;
    },

    /** When the job's personal data was erased (services/retention.ts), or null. */
    async erasedAt(jobId: string, q: Queryable = db) {
      const r = await q.query<{ erased_at: Date | null }>(
        'SELECT erased_at FROM jobs WHERE id = $1',
        [jobId],
      );
      return r.rows[0]?.erased_at ?? null;
    },

    async addAttachment(
      jobId: string,
      a: Omit<JobAttachmentRow, 'id' | 'created_at'>,
      q: Queryable = db,
    ) {
      await q.query(
        `INSERT INTO job_attachments (job_id, file_name, content_type, size_bytes, sha256, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [jobId, a.file_name, a.content_type, a.size_bytes, a.sha256, a.storage_key],
      );
    },

    async attachments(jobId: string, q: Queryable = db) {
      const r = await q.query<JobAttachmentRow>(
        `SELECT id, file_name, content_type, size_bytes, sha256, storage_key, created_at
           FROM job_attachments WHERE job_id = $1 ORDER BY created_at, file_name, id`,
        [jobId],
      );
      return r.rows;
    },
  };
}
