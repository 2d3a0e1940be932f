import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import {
  createLocalStorage,
  createS3Storage,
  type FileStorage,
} from '../../../server/services/storage';
import {
  orphanGraceMs,
  storageKeyColumns,
  sweepOrphanFiles,
} from '../../../server/services/storage/orphans';
import { createUser, freshDb } from '../helpers';
import { startS3, type S3Peer } from '../storage/s3rver';

let db: Db;
let s3: S3Peer;
let root: string;
beforeAll(async () => {
  db = await freshDb();
  s3 = await startS3();
  root = mkdtempSync(path.join(tmpdir(), 'orphans-'));
});
afterAll(async () => {
  await db?.close();
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the list of columns that name stored files', () => {
  it('holds every key column of the schema, so no named file is ever taken for an orphan', async () => {
    const r = await db.query<{ c: string }>(
      `SELECT table_name || '.' || column_name AS c FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name ~ '(storage|photo|picture|file)_key$'
        ORDER BY 1`,
    );
    expect(r.rows.map((row) => row.c)).toEqual([...storageKeyColumns].sort());
  });
});

const stores: [string, () => FileStorage][] = [
  ['local folder', () => createLocalStorage(path.join(root, 'files'))],
  ['S3 bucket', () => createS3Storage(s3.config)],
];

describe.each(stores)('the orphan-file sweep: %s', (_name, create) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = create();
  });
  afterAll(() => storage.close());

  const keysOf = async () => {
    const keys: string[] = [];
    for await (const f of storage.list()) keys.push(f.key);
    return keys.sort();
  };

  it('deletes files no row names once past the grace period, and only those', async () => {
    const { account } = await createUser(db, { role: 'company' });
    const orphan = await storage.put(Buffer.from('crashed upload'), 'captures/job-x', '.jpg');
    const picture = await storage.put(Buffer.from('profile'), `pictures/${account.id}`, '.png');
    await db.query('UPDATE accounts SET picture_key = $2 WHERE id = $1', [account.id, picture.key]);
    const queued = await storage.put(Buffer.from('erased'), 'attachments', '.pdf');
    await db.query('INSERT INTO file_deletions (storage_key) VALUES ($1)', [queued.key]);
    const before = await keysOf();

    // Within the grace period nothing goes: a live request may be about to name its file.
    expect(await sweepOrphanFiles({ db, storage })).toBe(0);
    expect(await keysOf()).toEqual(before);

    const later = new Date(Date.now() + orphanGraceMs + 60_000);
    expect(await sweepOrphanFiles({ db, storage }, later)).toBeGreaterThanOrEqual(1);
    const after = await keysOf();
    expect(after).not.toContain(orphan.key);
    expect(after).toContain(picture.key);
    expect(after).toContain(queued.key);
    // Every file left is named by a row.
    expect(await sweepOrphanFiles({ db, storage }, later)).toBe(0);
  });
});
