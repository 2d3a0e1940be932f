import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { StoredFileMissingError } from '../../../server/services/storage';
import { lastMailLink } from '../helpers';
import { assign, goodFields, photoSet, submit, tokenOf, type Cast } from '../capture/support';
import { addressFields, moveThrough, multipart, pdfFile } from '../jobs/support';

/**
 * A job of the owner with an attachment, assigned to the agent, with photos, GPS and a place
 * description submitted through its link, then approved with a reason naming the subject: every
 * kind of personal data a job holds.
 */
export async function fullJob(app: App, db: Db, c: Cast, fields = addressFields()) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v2/job/create-address',
    headers: c.owner.headers,
    payload: multipart(fields, [
      {
        field: 'attachments',
        filename: 'utility-bill.pdf',
        data: pdfFile(),
        type: 'application/pdf',
      },
    ]),
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const { id } = created.json() as { id: string };
  const assigned = await assign(app, c.admin.headers, 'agent', c.agent.account.id, [id]);
  if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.statusCode}`);
  const token = tokenOf(await lastMailLink(db, c.agent.account.email));
  const res = await submit(app, token, goodFields(), await photoSet());
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  await moveThrough(
    app,
    id,
    () => [{ action: 'approve', reason: `Met ${fields.first_name} at the gate` }],
    () => c.admin.account.id,
  );
  return id;
}

/** Moves a job's whole history `days` back: it closed that long ago. */
export const closedDaysAgo = (db: Db, jobId: string, days: number) =>
  db.query(
    `UPDATE job_events SET created_at = created_at - make_interval(days => $2) WHERE job_id = $1`,
    [jobId, days],
  );

/** The stored files of a job: its photos and attachments. */
export async function filesOf(db: Db, jobId: string) {
  const r = await db.query<{ storage_key: string }>(
    `SELECT storage_key FROM capture_photos WHERE job_id = $1
     UNION ALL SELECT storage_key FROM capture_uploads WHERE job_id = $1
     UNION ALL SELECT storage_key FROM job_attachments WHERE job_id = $1`,
    [jobId],
  );
  return r.rows.map((f) => f.storage_key);
}

/** Whether the store still holds the file. */
export async function stored(app: App, key: string) {
  try {
    await app.storage.get(key);
    return true;
  } catch (err) {
    if (err instanceof StoredFileMissingError) return false;
    throw err;
  }
}

/** Every column of a job and what hangs on it that can hold personal data. */
export async function personalDataOf(db: Db, jobId: string) {
  const job = await db.query<{ subject_name: string; fields: Record<string, string> }>(
    'SELECT subject_name, fields FROM jobs WHERE id = $1',
    [jobId],
  );
  const submission = await db.query(
    `SELECT lat, lng, accuracy_m, location_text, captured_at FROM capture_submissions
      WHERE job_id = $1`,
    [jobId],
  );
  const reasons = await db.query<{ reason: string }>(
    'SELECT reason FROM job_events WHERE job_id = $1 AND reason IS NOT NULL',
    [jobId],
  );
  const webhookJobs = await db.query<{ job: { subject_name: string; fields: object } }>(
    `SELECT payload -> 'job' AS job FROM webhook_events WHERE job_id = $1`,
    [jobId],
  );
  const texts = await db.query<{ to_phone: string }>(
    'SELECT to_phone FROM sms_outbox WHERE job_id = $1',
    [jobId],
  );
  return {
    subject_name: job.rows[0]!.subject_name,
    fields: job.rows[0]!.fields,
    submission: submission.rows,
    reasons: reasons.rows.map((r) => r.reason),
    files: await filesOf(db, jobId),
    webhookJobs: webhookJobs.rows.map((r) => r.job),
    texts: texts.rows.map((r) => r.to_phone),
  };
}

/** What `ledgerInvariants` answers for a ledger that balances. */
export const balancedLedger = { mismatched: [], total: 0, unbalanced: [], negative: [] };
