import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { openDb, type Db } from '../../db';
import { DataDirInUseError, lockDataDir } from '../../db/dataDirLock';
import { privateDir } from '../../db/ownerOnly';
import { openPglite } from '../../db/pglite';
import { openPostgres } from '../../db/postgres';
import { requestDump } from './dumpSocket';
import { runPgTool } from './pgTools';
import { BadArchiveError, createTar, readTar, type TarEntry } from './tar';
import { databaseVersions } from './versions';

export { BadArchiveError } from './tar';
export { PgToolMissingError } from './pgTools';
export { DumpUnavailableError, serveDumps } from './dumpSocket';

const archiveFormat = 'verification-backoffice-backup';
const manifestName = 'manifest.json';
const pgliteEntry = 'database/pglite.tar';
const postgresEntry = 'database/postgres.dump';
const filesPrefix = 'files/';

/** What `manifest.json`, the archive's last entry, says about the rest. */
export interface Manifest {
  format: typeof archiveFormat;
  formatVersion: 1;
  createdAt: string;
  appVersion: string;
  database: {
    kind: Db['kind'];
    /** The last migration applied: a restored database needs this code or newer. */
    migration: string;
    serverVersion: string;
  };
  /** `folder`: the files are in the archive; `s3`: the bucket is backed up on its own. */
  files: { store: 'folder' | 's3'; count: number };
  /** Every other entry with its size and SHA-256, checked before a restore writes anything. */
  entries: TarEntry[];
}

const appVersion = () =>
  (
    JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

/** Every file under `dir`, as paths relative to it with `/`, in a stable order. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) return filesUnder(path.join(dir, e.name), rel);
      return e.isFile() ? [rel] : [];
    });
}

/** A backup or restore that will not go ahead; the message says why. */
export class BackupRefusedError extends Error {}

type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

/**
 * Writes one archive: the database (PGlite's data folder as a tar, or `pg_dump`'s custom format),
 * then the stored files, then the manifest. The database comes first: a file deleted after it was
 * dumped is the only gap, where files first would miss every upload made during the dump. The
 * archive is written beside `out` and renamed when complete, so a failed backup leaves nothing
 * that looks like one. Returns the manifest and how the database was read.
 */
export async function createBackup(config: BackupConfig, out: string) {
  if (existsSync(out)) throw new BackupRefusedError(`${out} exists already: choose another name`);
  const partial = `${out}.partial`;
  const tar = await createTar(partial);
  let source: string;
  try {
    let database: Manifest['database'];
    if (config.databaseUrl) {
      const db = await openPostgres(config.databaseUrl, 1);
      database = { kind: 'postgres', ...(await databaseVersions(db).finally(() => db.close())) };
      const work = await mkdtemp(path.join(tmpdir(), 'backup-'));
      try {
        const file = path.join(work, 'postgres.dump');
        // One snapshot of the whole database (pg_dump reads in one repeatable-read transaction).
        await runPgTool('pg_dump', config.databaseUrl, [
          '--format=custom',
          '--no-owner',
          '--no-acl',
          `--file=${file}`,
        ]);
        await tar.addFile(postgresEntry, file);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      source = 'pg_dump';
    } else {
      const dump = await dumpPglite(config.dataDir);
      database = { kind: 'pglite', ...dump.versions };
      await tar.addBuffer(pgliteEntry, dump.tar);
      source = dump.source;
    }
    const filesRoot = path.join(config.dataDir, 'files');
    const files = config.s3 ? [] : filesUnder(filesRoot);
    for (const rel of files) await tar.addFile(filesPrefix + rel, path.join(filesRoot, rel));
    const manifest: Manifest = {
      format: archiveFormat,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      database,
      files: { store: config.s3 ? 's3' : 'folder', count: files.length },
      entries: [...tar.entries],
    };
    await tar.addBuffer(manifestName, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.close();
    await rename(partial, out);
    return { manifest, source };
  } catch (err) {
    await tar.abort().catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * The embedded database of `dataDir`: read directly when no process holds the folder, else asked
 * of the server that does (see `dumpSocket.ts`).
 */
async function dumpPglite(dataDir: string) {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupRefusedError(`There is no embedded database in ${dataDir} (DATA_DIR)`);
  }
  let db: Db;
  try {
    db = await openDb({ dataDir }, 'npm run backup');
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    return { ...(await requestDump(dataDir)), source: 'the running server' };
  }
  try {
    return {
      tar: await db.dumpDataDir!(),
      versions: await databaseVersions(db),
      source: 'the data folder',
    };
  } finally {
    await db.close();
  }
}

export interface RestoreTarget {
  /** Where the files go, and on PGlite the database too. */
  dataDir: string;
  /** Set: restore the database into this PostgreSQL database. */
  databaseUrl?: string;
  /** Replace what the target holds instead of refusing. */
  force: boolean;
}

/** Reads the whole archive and checks every entry against the manifest; writes nothing. */
async function verifyBackup(archive: string): Promise<Manifest> {
  const manifestChunks: Buffer[] = [];
  const read = await readTar(archive, async (name) =>
    name === manifestName ? async (chunk) => void manifestChunks.push(chunk) : undefined,
  );
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(Buffer.concat(manifestChunks).toString('utf8')) as Manifest;
  } catch {
    // reported below
  }
  if (!manifest || manifest.format !== archiveFormat || manifest.formatVersion !== 1) {
    throw new BadArchiveError(`${archive} is not an archive made by npm run backup (no manifest)`);
  }
  matchManifest(manifest, read);
  return manifest;
}

/** Every entry read is the one the manifest lists, and none is missing. */
function matchManifest(manifest: Manifest, read: TarEntry[]) {
  const listed = new Map(manifest.entries.map((e) => [e.name, e]));
  for (const entry of read) {
    if (entry.name === manifestName) continue;
    const expected = listed.get(entry.name);
    if (!expected) {
      throw new BadArchiveError(
        `The archive holds ${entry.name}, which its manifest does not list`,
      );
    }
    if (expected.sha256 !== entry.sha256 || expected.size !== entry.size) {
      throw new BadArchiveError(
        `The archive is damaged: ${entry.name} does not match its SHA-256 checksum in the manifest`,
      );
    }
    listed.delete(entry.name);
  }
  const missing = [...listed.keys()];
  if (missing.length) throw new BadArchiveError(`The archive is missing ${missing.join(', ')}`);
}

/**
 * Restores an archive into an empty target, after checking every checksum. PGlite: the data
 * folder `dataDir` (database and files). PostgreSQL: the database at `databaseUrl`, in one
 * transaction, and the files into `dataDir/files`.
 */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<Manifest> {
  const manifest = await verifyBackup(archive);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupRefusedError(
      manifest.database.kind === 'postgres'
        ? 'This archive holds a PostgreSQL database: restore it with DATABASE_URL set'
        : 'This archive holds an embedded (PGlite) database: restore it without DATABASE_URL, into a data folder',
    );
  }
  const filesRoot = path.join(target.dataDir, 'files');
  if (target.databaseUrl) {
    await checkEmptyDatabase(target.databaseUrl, target.force);
    checkEmptyFolder(filesRoot, target.force);
  } else {
    checkEmptyFolder(target.dataDir, target.force);
  }
  const unlock = target.databaseUrl
    ? () => undefined
    : lockDataDir(target.dataDir, 'npm run restore');
  const work = await mkdtemp(path.join(tmpdir(), 'restore-'));
  try {
    if (target.force) {
      await rm(filesRoot, { recursive: true, force: true });
      if (!target.databaseUrl)
        await rm(path.join(target.dataDir, 'pglite'), { recursive: true, force: true });
    }
    privateDir(filesRoot);
    const database: Buffer[] = [];
    const pgDumpFile = path.join(work, 'postgres.dump');
    let current: FileHandle | undefined;
    const closeCurrent = async () => {
      await current?.close();
      current = undefined;
    };
    const extracted = await readTar(archive, async (name) => {
      await closeCurrent();
      if (name === pgliteEntry) return async (chunk) => void database.push(chunk);
      const file =
        name === postgresEntry
          ? pgDumpFile
          : name.startsWith(filesPrefix)
            ? insideFolder(filesRoot, name.slice(filesPrefix.length))
            : undefined;
      if (!file) return undefined;
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const handle = (current = await open(file, 'wx', 0o600));
      return async (chunk) => void (await handle.write(chunk));
    }).finally(closeCurrent);
    // Checked again as written: the archive could have changed since it was verified.
    matchManifest(manifest, extracted);
    if (target.databaseUrl) {
      await runPgTool('pg_restore', target.databaseUrl, [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        ...(target.force ? ['--clean', '--if-exists'] : []),
        pgDumpFile,
      ]);
    } else {
      const db = await openPglite(
        path.join(target.dataDir, 'pglite'),
        new Blob([Buffer.concat(database)]),
      );
      await db.close();
    }
    return manifest;
  } catch (err) {
    // The target was empty (or is to be replaced): a failed restore leaves nothing half written.
    await rm(filesRoot, { recursive: true, force: true });
    if (!target.databaseUrl) {
      await rm(path.join(target.dataDir, 'pglite'), { recursive: true, force: true });
    }
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
    unlock();
  }
}

/** `key` under `root`, refusing names that would leave it. */
function insideFolder(root: string, key: string) {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) {
    throw new BadArchiveError(`The archive holds a file outside the files folder: ${key}`);
  }
  return full;
}

function checkEmptyFolder(dir: string, force: boolean) {
  if (force || !existsSync(dir) || readdirSync(dir).length === 0) return;
  throw new BackupRefusedError(
    `${dir} is not empty: restore into a new folder, or add --force to replace what it holds`,
  );
}

async function checkEmptyDatabase(databaseUrl: string, force: boolean) {
  const db = await openPostgres(databaseUrl, 1);
  try {
    const r = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    if (force || r.rows[0]!.n === 0) return;
    throw new BackupRefusedError(
      `The database at DATABASE_URL is not empty (${r.rows[0]!.n} tables): restore into a new ` +
        'database (createdb), or add --force to drop and replace what the backup holds',
    );
  } finally {
    await db.close();
  }
}
