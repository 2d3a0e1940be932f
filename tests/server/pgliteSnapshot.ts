import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite cluster (`dumpDataDir`), or '' on PostgreSQL. */
    pgliteSnapshot: string;
    /** A folder of this run, removed after it: the demo snapshot is built there on first use. */
    testRunDir: string;
  }
}

/**
 * Global setup of the API suite: migrates one PGlite once and keeps its files, so each test file's
 * fresh database loads them (≈0.4 s) instead of running initdb and every migration (≈1.5 s).
 * It also makes the run's folder where ./demoSnapshot.ts seeds the demo once, when a file asks.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'pglite-snapshot-'));
  project.provide('testRunDir', dir);
  const cleanup = async () => {
    if (process.env.DATABASE_URL) {
      const admin = await openPostgres(process.env.DATABASE_URL, 1);
      await admin.exec(`DROP DATABASE IF EXISTS ${demoTemplateName(dir)} WITH (FORCE)`);
      await admin.close();
    }
    await rm(dir, { recursive: true, force: true });
  };
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return cleanup;
  }
  const file = path.join(dir, 'migrated.tar');
  const db = await openPglite();
  await migrate(db);
  await writeFile(file, await db.dumpDataDir());
  await db.close();
  project.provide('pgliteSnapshot', file);
  return cleanup;
}

/** On PostgreSQL, the database ./demoSnapshot.ts seeds for the run in `runDir`. */
export const demoTemplateName = (runDir: string) =>
  `demo_${path.basename(runDir).replace(/\W/g, '_').toLowerCase()}`;
