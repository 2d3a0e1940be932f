import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite cluster (`dumpDataDir`), or '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/**
 * Global setup of the API suite: migrates one PGlite once and keeps its files, so each test file's
 * fresh database loads them (≈0.4 s) instead of running initdb and every migration (≈1.5 s).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const db = await openPglite();
  await migrate(db);
  await writeFile(file, await db.dumpDataDir());
  await db.close();
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}
