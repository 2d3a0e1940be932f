import { closedJobStatuses } from '../../reference/jobStatuses';
import type { Db, Queryable } from '../db';
import { createAuditRepository } from '../repositories/audit';
import type { FileStorage } from './storage';

/**
 * Erasure of closed jobs' personal data: after RETENTION_DAYS by the daily `retention` queue,
 * and on a data-subject request (services/dataSubject.ts) at once. What goes: the subject's name,
 * the kind's fields (names, phones, emails, ID numbers, addresses, notes), the capture evidence
 * (photos, GPS, place description, device time), attachments, the free text of the job's history
 * and the job in the webhook log. What stays, for prices, TAT and money: code, kind, status,
 * owner, assignee, state, LGA, dates, prices, fees, rating and the ledger.
 */

/** Jobs erased in one transaction: short locks, and a failure loses at most one batch's work. */
export const erasureBatchSize = 200;

/** Who erases and why: the audit entry each erased job gets. */
export interface ErasureCause {
  action: 'retention.erase' | 'data_request.erase';
  actorId: string | null;
}

export interface ErasedJob {
  id: string;
  company_id: string;
  files: number;
}

/**
 * Erases these jobs' personal data in `tx`, those that are closed and not erased yet (others are
 * left as they are), and audits each one. The files go to `file_deletions`: the caller deletes
 * them after the commit (`deleteErasedFiles`), so that no committed row points at a deleted file
 * and no rolled-back erasure loses one.
 */
export async function eraseJobs(
  tx: Queryable,
  jobIds: readonly string[],
  at: Date,
  cause: ErasureCause,
): Promise<{ erased: ErasedJob[]; keys: string[] }> {
  if (!jobIds.length) return { erased: [], keys: [] };
  const locked = await tx.query<{ id: string; company_id: string }>(
    `SELECT id, company_id FROM jobs
      WHERE id = ANY($1::uuid[]) AND erased_at IS NULL AND status = ANY($2::text[])
      ORDER BY id FOR UPDATE`,
    [jobIds, closedJobStatuses],
  );
  const ids = locked.rows.map((j) => j.id);
  if (!ids.length) return { erased: [], keys: [] };
  const files = await tx.query<{ job_id: string; storage_key: string }>(
    `WITH photos AS (
       DELETE FROM capture_photos WHERE job_id = ANY($1::uuid[]) RETURNING job_id, storage_key),
     uploads AS (
       DELETE FROM capture_uploads WHERE job_id = ANY($1::uuid[]) RETURNING job_id, storage_key),
     attachments AS (
       DELETE FROM job_attachments WHERE job_id = ANY($1::uuid[]) RETURNING job_id, storage_key)
     SELECT * FROM photos UNION ALL SELECT * FROM uploads UNION ALL SELECT * FROM attachments`,
    [ids],
  );
  // Without coordinates a submission reads as "no GPS": the constraint that ties the two holds.
  await tx.query(
    `UPDATE capture_submissions
        SET lat = NULL, lng = NULL, accuracy_m = NULL, no_gps = true, location_text = NULL,
            captured_at = NULL
      WHERE job_id = ANY($1::uuid[])`,
    [ids],
  );
  // The machine checks read the bill: its text names the subject and the address.
  await tx.query('DELETE FROM capture_checks WHERE job_id = ANY($1::uuid[])', [ids]);
  // Reasons are typed by people (a decline's or a rejection's why) and may name the subject.
  await tx.query(
    `UPDATE job_events SET reason = NULL WHERE job_id = ANY($1::uuid[]) AND reason IS NOT NULL`,
    [ids],
  );
  await tx.query(
    `UPDATE webhook_events
        SET payload = jsonb_set(jsonb_set(payload, '{job,subject_name}', '""'), '{job,fields}', '{}')
      WHERE job_id = ANY($1::uuid[]) AND payload ? 'job'`,
    [ids],
  );
  // A text of the capture link names the agent's (or a given) phone number.
  await tx.query('DELETE FROM sms_outbox WHERE job_id = ANY($1::uuid[])', [ids]);
  await tx.query(
    `UPDATE jobs SET subject_name = '', fields = '{}'::jsonb, erased_at = $2
      WHERE id = ANY($1::uuid[])`,
    [ids, at],
  );
  const keys = files.rows.map((f) => f.storage_key);
  await queueFileDeletions(tx, keys);
  const audit = createAuditRepository(tx);
  const erased = locked.rows.map((j) => ({
    ...j,
    files: files.rows.filter((f) => f.job_id === j.id).length,
  }));
  for (const j of erased) {
    await audit.record(
      {
        action: cause.action,
        actorId: cause.actorId,
        companyId: j.company_id,
        targetType: 'job',
        targetId: j.id,
        outcome: 200,
        detail: { files: j.files },
      },
      tx,
    );
  }
  return { erased, keys };
}

/** Files whose rows are gone, to delete once the transaction that erased them commits. */
export async function queueFileDeletions(tx: Queryable, keys: readonly string[]) {
  if (!keys.length) return;
  await tx.query(
    `INSERT INTO file_deletions (storage_key) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
    [keys],
  );
}

/**
 * Deletes queued files from the store (disk or S3): `keys` (those of an erasure just committed),
 * or the oldest queued before `queuedBefore` (those earlier runs could not delete). A file the
 * store fails to delete stays queued with its error, to be tried on the next run. Answers how
 * many were deleted.
 */
export async function deleteErasedFiles(
  db: Queryable,
  storage: FileStorage,
  which: { keys: readonly string[] } | { queuedBefore: Date },
  limit = 1000,
) {
  const r =
    'keys' in which
      ? await db.query<{ storage_key: string }>(
          'SELECT storage_key FROM file_deletions WHERE storage_key = ANY($1::text[])',
          [which.keys],
        )
      : await db.query<{ storage_key: string }>(
          `SELECT storage_key FROM file_deletions WHERE queued_at < $1
            ORDER BY queued_at LIMIT $2`,
          [which.queuedBefore, limit],
        );
  let deleted = 0;
  for (const { storage_key } of r.rows) {
    try {
      await storage.remove(storage_key);
      await db.query('DELETE FROM file_deletions WHERE storage_key = $1', [storage_key]);
      deleted += 1;
    } catch (err) {
      await db.query(
        `UPDATE file_deletions SET attempts = attempts + 1, last_error = $2 WHERE storage_key = $1`,
        [storage_key, String((err as Error).message ?? err).slice(0, 500)],
      );
    }
  }
  return deleted;
}

/**
 * When a job closed: its last move (no move leads out of a closed status); a job without
 * history (imported data) by its last update.
 */
const closedAtSql = `coalesce(
  (SELECT max(e.created_at) FROM job_events e WHERE e.job_id = j.id AND e.kind = 'move'),
  j.updated_at)`;

/**
 * One run of the retention: erases every closed job that closed more than `retentionDays` before
 * `now`, `erasureBatchSize` jobs per transaction (skipping jobs another transaction holds), then
 * deletes their files, and retries the files earlier runs could not delete.
 */
export async function runRetention(
  deps: { db: Db; storage: FileStorage },
  retentionDays: number,
  now = new Date(),
  batchSize = erasureBatchSize,
) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const started = new Date();
  let jobs = 0;
  let files = 0;
  for (;;) {
    const { erased, keys } = await deps.db.transaction(async (tx) => {
      const due = await tx.query<{ id: string }>(
        `SELECT j.id FROM jobs j
          WHERE j.erased_at IS NULL AND j.status = ANY($1::text[]) AND ${closedAtSql} < $2
          ORDER BY j.id LIMIT $3 FOR UPDATE SKIP LOCKED`,
        [closedJobStatuses, cutoff, batchSize],
      );
      return eraseJobs(
        tx,
        due.rows.map((j) => j.id),
        now,
        { action: 'retention.erase', actorId: null },
      );
    });
    jobs += erased.length;
    files += await deleteErasedFiles(deps.db, deps.storage, { keys });
    if (erased.length < batchSize) break;
  }
  // Those an earlier run could not delete (the store was away).
  files += await deleteErasedFiles(deps.db, deps.storage, { queuedBefore: started });
  return { jobs, files };
}
