import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';
import { openPostgres } from '../../../server/db/postgres';
import { seedDemoData } from '../../../server/seed/demoData';
import type { App } from '../../../server/app';
import { startServer as startApiServer } from '../../../server/server';
import { createCaptureLinks } from '../../../server/services/captureLinks';
import { createLocalStorage } from '../../../server/services/storage';
import { testConfig } from '../helpers';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- …` as an operator runs it, with these variables. */
function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(path.resolve('node_modules/.bin/tsx'), [`server/cli/${script}.ts`, ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every table's row count and a digest of its rows, and every sequence's value. */
async function contents(db: Db) {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const digests: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables.rows) {
    const r = await db.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM "${name}" t`,
    );
    digests[name] = r.rows[0]!;
  }
  const sequences = await db.query<{ name: string }>(
    `SELECT sequence_name AS name FROM information_schema.sequences
      WHERE sequence_schema = current_schema() ORDER BY 1`,
  );
  for (const { name } of sequences.rows) {
    const r = await db.query<{ last_value: number; is_called: boolean }>(
      `SELECT last_value::int AS last_value, is_called FROM "${name}"`,
    );
    digests[`sequence ${name}`] = {
      rows: r.rows[0]!.last_value,
      md5: String(r.rows[0]!.is_called),
    };
  }
  return digests;
}

/** Every file under `dir` with its SHA-256. */
function fileDigests(dir: string, prefix = ''): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.assign(
    {},
    ...readdirSync(dir, { withFileTypes: true }).map((e) => {
      const full = path.join(dir, e.name);
      const rel = `${prefix}${e.name}`;
      return e.isDirectory()
        ? fileDigests(full, `${rel}/`)
        : { [rel]: createHash('sha256').update(readFileSync(full)).digest('hex') };
    }),
  ) as Record<string, string>;
}

/** Every path under `dir` whose mode gives anything to group or others. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = statSync(p);
    if (st.mode & 0o077) found.push(`${(st.mode & 0o777).toString(8)} ${p}`);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found;
}

/** On CI's PostgreSQL pass, a database of its own on that server (dropped by `drop`). */
async function newPostgresDatabase(name: string) {
  const admin = await openPostgres(process.env.DATABASE_URL!, 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(name: string) {
  const admin = await openPostgres(process.env.DATABASE_URL!, 1);
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
}

/** `npm start` on a new embedded data folder (startServer reads the environment). */
async function startServer(dataDir: string) {
  const saved = { ...process.env };
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: testConfig().jwtSecret,
    DEMO_DATA: 'true',
    // The demo's checks would finish between the backup and the comparison.
    CHECKS: 'off',
  });
  delete process.env.DATABASE_URL;
  try {
    return await startApiServer();
  } finally {
    process.env = saved;
  }
}

const onPostgres = Boolean(process.env.DATABASE_URL);
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const databases = { source: `backup_source_${suffix}`, target: `backup_target_${suffix}` };

describe(`npm run backup and npm run restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let tmp: string;
  let source: Db;
  let app: App | undefined;
  const env: { source: Record<string, string>; target: Record<string, string> } = {
    source: {},
    target: {},
  };
  let archive: string;
  let sourceDir: string;
  let targetDir: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'backup-'));
    sourceDir = path.join(tmp, 'source');
    targetDir = path.join(tmp, 'restored');
    archive = path.join(tmp, 'demo.tar');
    env.source = { DATA_DIR: sourceDir };
    env.target = { DATA_DIR: path.join(tmp, 'unused') };
    if (onPostgres) {
      env.source.DATABASE_URL = await newPostgresDatabase(databases.source);
      env.target.DATABASE_URL = await newPostgresDatabase(databases.target);
      source = await openPostgres(env.source.DATABASE_URL);
      await migrate(source);
      await seedDemoData(source, {
        storage: createLocalStorage(path.join(sourceDir, 'files')),
        captureLinks: createCaptureLinks({
          secret: testConfig().jwtSecret,
          publicUrl: 'http://x.test',
        }),
      });
    } else {
      // The real server on a new data folder: it seeds the demo and holds the folder's lock.
      app = await startServer(sourceDir);
      source = app.db;
    }
  }, 120_000);

  afterAll(async () => {
    if (app) await app.close();
    else await source?.close();
    if (onPostgres) {
      await dropPostgresDatabase(databases.source);
      await dropPostgresDatabase(databases.target);
    }
    rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up a demo while it runs and restores it into a new target: every table and file the same', async () => {
    const backup = await cli('backup', ['--out', archive], env.source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      onPostgres ? /read from pg_dump/ : /read from the running server/,
    );

    const restore = await cli('restore', [archive, '--data-dir', targetDir], env.target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/every checksum matched/);

    const restored = onPostgres
      ? await openPostgres(env.target.DATABASE_URL!)
      : await openDb({ dataDir: targetDir }, 'the tests');
    try {
      const before = await contents(source);
      expect(before.jobs!.rows).toBeGreaterThan(50);
      expect(before.accounts!.rows).toBeGreaterThan(10);
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    const files = fileDigests(path.join(sourceDir, 'files'));
    expect(Object.keys(files).length).toBeGreaterThan(20);
    expect(fileDigests(path.join(targetDir, 'files'))).toEqual(files);
  });

  it('security: the archive, the restored folder and the dump socket are for their owner only', () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(openToOthers(targetDir)).toEqual([]);
    // The socket the running server answers backups on (PGlite; pg_dump needs none).
    const socket = path.join(sourceDir, 'backup.sock');
    expect(existsSync(socket)).toBe(!onPostgres);
    if (existsSync(socket)) expect(statSync(socket).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged archive, naming the entry whose checksum fails, and writes nothing', async () => {
    const damaged = path.join(tmp, 'damaged.tar');
    copyFileSync(archive, damaged);
    // The first entry is the database; a byte inside its data is changed.
    const file = await open(damaged, 'r+');
    const at = 512 + 2000;
    const byte = Buffer.alloc(1);
    await file.read(byte, 0, 1, at);
    await file.write(Buffer.from([byte[0]! ^ 0xff]), 0, 1, at);
    await file.close();

    const into = path.join(tmp, 'from-damaged');
    const run = await cli('restore', [damaged, '--data-dir', into], env.target);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/damaged: database\/\S+ does not match its SHA-256 checksum/);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(existsSync(into)).toBe(false);
  });

  it('refuses to restore over a target that is not empty, unless told', async () => {
    const run = await cli('restore', [archive, '--data-dir', targetDir], env.target);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/is not empty.*--force/);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);

    const forced = await cli('restore', [archive, '--data-dir', targetDir, '--force'], env.target);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
  });

  it('backs up the restored target too (PGlite: the command reads the folder, no server holds it)', async () => {
    const again = path.join(tmp, 'again.tar');
    const run = await cli('backup', ['--out', again], { ...env.target, DATA_DIR: targetDir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(onPostgres ? /read from pg_dump/ : /read from the data folder/);
    expect(run.stdout).toMatch(/\d{2,} stored files/);
    expect(existsSync(path.join(targetDir, 'pglite.lock'))).toBe(false);
  });
});
