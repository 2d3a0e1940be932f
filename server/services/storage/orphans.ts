import type { Queryable } from '../../db';
import type { FileStorage } from './types';

/**
 * Every column that holds a storage key, as `table.column`. A file no row names is an orphan: a
 * process that died between storing a file and committing its row (a capture upload, an
 * attachment, a profile picture), or a rolled-back write whose clean-up did not run. Files queued
 * in `file_deletions` are the retention's to delete. A test fails when a migration adds a key
 * column that is not listed here.
 */
export const storageKeyColumns = [
  'capture_photos.storage_key',
  'capture_uploads.storage_key',
  'job_attachments.storage_key',
  'agent_applications.photo_key',
  'accounts.picture_key',
  'file_deletions.storage_key',
] as const;

/**
 * How old an unnamed file must be before it is deleted: a request stores its files before the
 * transaction that names them commits, and a large upload on a busy server takes a while.
 */
export const orphanGraceMs = 60 * 60_000;

/** Keys checked against the database per query. */
const batchSize = 500;

const namedSql = `SELECT k FROM unnest($1::text[]) k WHERE ${storageKeyColumns
  .map((c) => {
    const [table, column] = c.split('.');
    return `EXISTS (SELECT 1 FROM ${table} WHERE ${column} = k)`;
  })
  .join(' OR ')}`;

/** Which of `keys` some row names. */
async function namedKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  const r = await db.query<{ k: string }>(namedSql, [keys]);
  return new Set(r.rows.map((row) => row.k));
}

/**
 * Deletes stored files that no row names and that were written before `now - graceMs`. Runs with
 * the hourly clean-up and at start-up, so a crash leaves no file behind for long. Answers how many
 * were deleted.
 */
export async function sweepOrphanFiles(
  deps: { db: Queryable; storage: FileStorage },
  now = new Date(),
  graceMs = orphanGraceMs,
): Promise<number> {
  const before = now.getTime() - graceMs;
  let deleted = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const named = await namedKeys(deps.db, batch);
    for (const key of batch) {
      if (named.has(key)) continue;
      await deps.storage.remove(key);
      deleted += 1;
    }
    batch = [];
  };
  for await (const file of deps.storage.list()) {
    if (file.modifiedAt.getTime() >= before) continue;
    batch.push(file.key);
    if (batch.length >= batchSize) await sweep();
  }
  if (batch.length) await sweep();
  return deleted;
}
