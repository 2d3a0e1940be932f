import { constants } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { seedDemoData } from '../../server/seed/demoData';
import { createCaptureLinks } from '../../server/services/captureLinks';
import { twoFactorSealer } from '../../server/services/twoFactor';
import { webhookSealer } from '../../server/services/webhooks';
import { createLocalStorage } from '../../server/services/storage';
import { createTestAppOn, testConfig, type TestAppOptions, type TestContext } from './helpers';
import { demoTemplateName } from './pgliteSnapshot';

/**
 * The seeded demo, built once per run and copied for each test file that only reads it: seeding
 * takes half a minute, a copy a second. The first file to ask builds it in the run's folder
 * (`testRunDir`) under a lock; the others wait for it. A run without such files builds nothing.
 *
 * What a copy holds: the demo's files (photos, attachments) in a data folder of its own, and its
 * database: a PGlite loaded from the dump, or on PostgreSQL a new database made from the seeded
 * one as template. The capture links were sealed with `testConfig()`'s secret, as the app's are.
 */
export async function createDemoTestApp(
  config: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const demo = await builtDemo(inject('testRunDir'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'demo-copy-'));
  await cp(demo.files, path.join(dataDir, 'files'), { recursive: true });
  const db = await demoDbCopy(demo);
  const t = await createTestAppOn(db, { dataDir, ...config }, options);
  return {
    ...t,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Demo {
  /** The folder of the demo's stored files. */
  files: string;
  /** PGlite: the dump of the seeded cluster. */
  dump: string;
  /** PostgreSQL: the seeded database, a template. */
  template: string;
}

async function builtDemo(runDir: string): Promise<Demo> {
  const dir = path.join(runDir, 'demo');
  const demo: Demo = {
    files: path.join(dir, 'files'),
    dump: path.join(dir, 'db.tar'),
    template: demoTemplateName(runDir),
  };
  const ready = path.join(dir, 'ready');
  const failed = path.join(dir, 'failed');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = await open(path.join(dir, 'lock'), constants.O_CREAT | constants.O_EXCL).catch(
    (err: { code?: string }) => {
      if (err.code === 'EEXIST') return undefined;
      throw err;
    },
  );
  if (lock) {
    await lock.close();
    try {
      await seedDemo(demo);
    } catch (err) {
      await writeFile(failed, String((err as Error).stack ?? err));
      throw err;
    }
    // Written whole, then renamed: a waiting file never sees half of it.
    await writeFile(`${ready}.tmp`, '');
    await rename(`${ready}.tmp`, ready);
    return demo;
  }
  for (;;) {
    if (await exists(ready)) return demo;
    if (await exists(failed)) {
      throw new Error(`seeding the shared demo failed:\n${await readFile(failed, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Seeds the demo as the app would, with the test apps' secret and public URL. */
async function seedDemo(demo: Demo) {
  const config = testConfig();
  const services = {
    storage: createLocalStorage(demo.files),
    captureLinks: createCaptureLinks({ secret: config.jwtSecret, publicUrl: config.publicUrl }),
    webhookSealer: webhookSealer(config.jwtSecret),
    twoFactorSealer: twoFactorSealer(config.jwtSecret),
  };
  const url = process.env.DATABASE_URL;
  if (!url) {
    // The suite's migrated cluster (./pgliteSnapshot.ts), seeded and dumped in turn.
    const db = await openPglite(undefined, new Blob([await readFile(inject('pgliteSnapshot'))]));
    await seedDemoData(db, services);
    await writeFile(demo.dump, await db.dumpDataDir());
    await db.close();
    return;
  }
  await adminExec(url, `CREATE DATABASE ${demo.template}`);
  const db = await openPostgres(databaseUrl(url, demo.template));
  try {
    await migrate(db);
    await seedDemoData(db, services);
  } finally {
    // A template may have no session open while it is copied.
    await db.close();
  }
}

async function demoDbCopy(demo: Demo): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite(undefined, new Blob([await readFile(demo.dump)]));
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminExec(url, `CREATE DATABASE ${name} TEMPLATE ${demo.template}`);
  const db = await openPostgres(databaseUrl(url, name));
  return {
    ...db,
    close: async () => {
      await db.close();
      await adminExec(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminExec(url: string, sql: string) {
  const admin = await openPostgres(url, 1);
  try {
    await admin.exec(sql);
  } finally {
    await admin.close();
  }
}

function databaseUrl(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
