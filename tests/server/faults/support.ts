import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../../server/db';
import { openPostgres } from '../../../server/db/postgres';
import { testConfig } from '../helpers';

/** What the fault tests' servers sign tokens with: sessions made in-process work in the child. */
export const jwtSecret = testConfig().jwtSecret;

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed so far. */
  log: () => string;
  /** Sends `signal` and waits for the exit: its code, or the signal that ended it. */
  stop: (signal?: NodeJS.Signals) => Promise<number | NodeJS.Signals | null>;
}

/**
 * `server/server.ts` as its own process (node with tsx as a loader, not the tsx CLI, which would
 * run the server in a grandchild that a SIGKILL of ours would not reach), on a free port, with
 * these variables. DATABASE_URL is passed only when given. Resolves once /health answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    JWT_SECRET: jwtSecret,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v2/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, log: () => output, stop };
}

/** Polls `check` until it returns a value other than undefined (or the time is up). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The newest PostgreSQL's programs of a Debian-style install (what .ci/run installs). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version && path.join(root, version, 'bin');
}

export interface PgCluster {
  url: string;
  /** `pg_ctl stop` in this mode: the server goes away under whoever is connected. */
  stop: (mode?: 'fast' | 'immediate') => void;
  start: () => void;
  /** Stops it if running and removes its folder. */
  destroy: () => void;
}

/**
 * A throwaway PostgreSQL server of our own in a temporary folder on a free port: the tests stop
 * and start it, which CI's shared server must not suffer. As root (CI) its programs run as the
 * `postgres` user, as .ci/run does.
 */
export async function startPgCluster(bin: string): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const command = [path.join(bin, program), ...args].map((a) => `'${a}'`).join(' ');
    const r = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
      : spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${program} failed: ${r.stderr}${r.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: () => {
      try {
        stop('immediate');
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser() {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error('no postgres user to run PostgreSQL as (apt-get install postgresql)');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/**
 * A data folder (and, on CI's PostgreSQL pass, a database of its own on DATABASE_URL) for servers
 * started one after the other: `start` a server on it, `withDb` to open its database in this
 * process (on PGlite only while no server runs), `stopAll` (after each test) to kill what a failed
 * test left running, `drop` at the end.
 */
export async function serverSite(dataDir: string, databaseUrl = process.env.DATABASE_URL) {
  const started = new Set<ServerProcess>();
  let url: string | undefined;
  const name = `faults_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  if (databaseUrl) {
    const admin = await openPostgres(databaseUrl, 1);
    await admin.exec(`CREATE DATABASE ${name}`);
    await admin.close();
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  return {
    dataDir,
    kind: url ? ('PostgreSQL' as const) : ('PGlite' as const),
    async start(env: Record<string, string> = {}) {
      const server = await startServerProcess({
        ...env,
        DATA_DIR: dataDir,
        ...(url ? { DATABASE_URL: url } : {}),
      });
      started.add(server);
      return server;
    },
    /** Its database, opened in this process (the caller closes it). */
    open: (): Promise<Db> => (url ? openPostgres(url, 2) : openDb({ dataDir }, 'the fault tests')),
    async withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
      const db = await this.open();
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    async stopAll() {
      for (const server of started) await server.stop('SIGKILL');
      started.clear();
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!databaseUrl) return;
      const admin = await openPostgres(databaseUrl, 1);
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export type ServerSite = Awaited<ReturnType<typeof serverSite>>;
