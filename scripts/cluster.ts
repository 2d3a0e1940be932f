import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePorts } from './ports';
import { migrate } from '../server/db/migrate';
import { openPostgres } from '../server/db/postgres';
import { demoAccounts, seedDemoData } from '../server/seed/demoData';
import { createCaptureLinks } from '../server/services/captureLinks';
import { createLocalStorage } from '../server/services/storage';
import { twoFactorSealer } from '../server/services/twoFactor';
import { webhookSealer } from '../server/services/webhooks';

/**
 * N API processes on one PostgreSQL, as behind a load balancer (README, Scaling): a throwaway
 * PostgreSQL cluster (or a scratch database on the server `databaseUrl` names), migrated and
 * seeded once, then N real servers (`server/server.ts`) on consecutive ports sharing the JWT
 * secret and the stored files (one folder here; S3 in production).
 *
 *   npm run cluster -- [--processes 2] [--port 3001] [--no-demo]
 *
 * prints the processes' URLs and stops everything on Ctrl-C (with DATABASE_URL set, a scratch
 * database on that server rather than a cluster of its own). The scaling test and the mixed
 * benchmark start the same way, through `startCluster`.
 */

export interface ApiProcess {
  url: string;
  port: number;
  pid: number;
  /** Resident memory of the process, in bytes (Linux's /proc). */
  rss: () => number;
  /** What it printed (the last megabyte), when started with `output: 'quiet'`. */
  log: () => string;
  /**
   * Sends `signal` (SIGTERM: the server's own graceful stop, killed if it hangs 15 s) and waits for
   * the exit: its code, or the signal that ended it.
   */
  stop: (signal?: NodeJS.Signals) => Promise<number | NodeJS.Signals | null>;
}

export interface Cluster {
  /** The database every process uses. */
  databaseUrl: string;
  /** The shared DATA_DIR (its `files` folder is the shared file store). */
  dataDir: string;
  jwtSecret: string;
  processes: ApiProcess[];
  urls: string[];
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  /** API processes to start (default 2). */
  processes?: number;
  /** The first one's port (default: a free run of ports). */
  port?: number;
  /** Seed the demo business (README) into the new database; default true. */
  demo?: boolean;
  /**
   * Migrate (and seed) before any process starts; default true. False leaves the new database
   * empty for the processes to migrate at their own start, all at once, as N processes deployed
   * together on a new database do.
   */
  migrateFirst?: boolean;
  /** Use this PostgreSQL server (a scratch database on it) rather than starting one. */
  databaseUrl?: string;
  /** Extra environment for the API processes (LOG_LEVEL, throttles, …). */
  env?: NodeJS.ProcessEnv;
  /** Where the processes' output goes: this process's own, or kept (shown if one fails). */
  output?: 'inherit' | 'quiet';
}

/** The newest installed PostgreSQL's programs (Debian's layout), as `.ci/run` finds them. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : undefined;
}

/** Whether a cluster can start here: PostgreSQL's programs, or a server named in DATABASE_URL. */
export const canStartCluster = () => Boolean(process.env.DATABASE_URL || postgresBinDir());

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user. */
function asPostgres(bin: string, args: string[]) {
  const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  if (userInfo().uid === 0) {
    execFileSync('runuser', ['-u', 'postgres', '--', 'sh', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync('sh', ['-c', quoted], { stdio: 'pipe' });
  }
}

/**
 * A PostgreSQL cluster in a temporary folder on a free port, removed by `stop`. `halt` stops the
 * server and keeps its folder (it goes away under whoever is connected) and `resume` starts it
 * again: the fault tests take the database away under a running API.
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = mkdtempSync(path.join(tmpdir(), 'cluster-pg-'));
  if (userInfo().uid === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), 0);
  const data = path.join(dir, 'data');
  const port = await freePorts(1);
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = path.join(bin, 'pg_ctl');
  const resume = () =>
    asPostgres(pgCtl, ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const halt = (mode: 'fast' | 'immediate' = 'fast') =>
    asPostgres(pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
  resume();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt,
    resume,
    stop: async () => {
      try {
        halt();
      } catch {
        // already halted
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export type Postgres = Awaited<ReturnType<typeof startPostgres>>;

/** A new, empty database on the server `url` names, dropped (with its sessions) by `drop`. */
export async function scratchDatabase(url: string, prefix = 'cluster') {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Migrates the database once, before any process starts, and seeds the demo into it with the
 * cluster's secret and files (the API seeds only a new embedded database itself).
 */
export async function prepareDatabase(
  databaseUrl: string,
  opts: { dataDir: string; jwtSecret: string; publicUrl: string; demo: boolean },
) {
  const db = await openPostgres(databaseUrl, 2);
  try {
    const applied = await migrate(db);
    if (opts.demo && applied.includes('0001_foundation')) {
      await seedDemoData(db, {
        storage: createLocalStorage(path.join(opts.dataDir, 'files')),
        captureLinks: createCaptureLinks({ secret: opts.jwtSecret, publicUrl: opts.publicUrl }),
        webhookSealer: webhookSealer(opts.jwtSecret),
        twoFactorSealer: twoFactorSealer(opts.jwtSecret),
      });
    }
  } finally {
    await db.close();
  }
}

/** Resident memory of `pid` in bytes, from /proc (0 where there is none). */
function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * One real API server (`server/server.ts`, as `npm start` runs it) on `port`, ready once its
 * health check answers. Node runs it directly (tsx as a loader, not its CLI, which would put a
 * second process in between), so `pid` is the server's own.
 */
export async function startApiProcess(opts: {
  port: number;
  env: NodeJS.ProcessEnv;
  output?: 'inherit' | 'quiet';
  name?: string;
}): Promise<ApiProcess> {
  const root = path.resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server', 'server.ts')],
    {
      cwd: root,
      env: { ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const name = opts.name ?? `api:${opts.port}`;
  let kept = '';
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      if (opts.output === 'inherit') {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          console.log(`[${name}] ${line}`);
        }
      } else {
        kept = (kept + chunk.toString()).slice(-1_000_000);
      }
    });
  }
  let exited: number | NodeJS.Signals | null | undefined;
  const exit = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal;
      resolve(exited);
    }),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) {
      throw new Error(`${name} exited with ${exited} while starting:\n${kept}`);
    }
    const ok = await fetch(`${url}/api/v2/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer within 2 minutes:\n${kept}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: opts.port,
    pid: child.pid!,
    rss: () => rssOf(child.pid!),
    log: () => kept,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (exited !== undefined) return exited;
      child.kill(signal);
      const force = signal === 'SIGTERM' && setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exit;
      if (force) clearTimeout(force);
      return result;
    },
  };
}

/**
 * PostgreSQL (started here, or a scratch database on `databaseUrl`), migrated and seeded once,
 * and N API processes on it sharing one JWT secret and one file folder. `stop` ends all of it.
 */
export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const count = opts.processes ?? 2;
  const undo: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    undo.length = 0;
  };
  try {
    let databaseUrl: string;
    if (opts.databaseUrl) {
      const scratch = await scratchDatabase(opts.databaseUrl);
      undo.push(scratch.drop);
      databaseUrl = scratch.url;
    } else {
      const server = await startPostgres();
      undo.push(server.stop);
      databaseUrl = server.url;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-data-'));
    undo.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const jwtSecret = randomBytes(48).toString('base64url');
    const firstPort = opts.port ?? (await freePorts(count));
    const publicUrl = `http://127.0.0.1:${firstPort}`;
    if (opts.migrateFirst ?? true) {
      await prepareDatabase(databaseUrl, {
        dataDir,
        jwtSecret,
        publicUrl,
        demo: opts.demo ?? true,
      });
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...opts.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: publicUrl,
    };
    // Together, as a deployment starts them: each migrates at start, under the migrations' lock.
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        startApiProcess({
          port: firstPort + i,
          env,
          output: opts.output ?? 'quiet',
          name: `api ${i + 1}`,
        }),
      ),
    );
    const processes: ApiProcess[] = [];
    for (const s of started) {
      if (s.status === 'fulfilled') {
        processes.push(s.value);
        undo.push(async () => void (await s.value.stop()));
      }
    }
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return {
      databaseUrl,
      dataDir,
      jwtSecret,
      processes,
      urls: processes.map((p) => p.url),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function argValue(args: string[], name: string) {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

async function main() {
  const args = process.argv.slice(2);
  const processes = Number(argValue(args, '--processes') ?? 2);
  const port = argValue(args, '--port');
  if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
    throw new Error('--processes must be a whole number from 1 to 16');
  }
  console.log(`Starting PostgreSQL and ${processes} API processes…`);
  const cluster = await startCluster({
    processes,
    port: port ? Number(port) : undefined,
    demo: !args.includes('--no-demo'),
    databaseUrl: process.env.DATABASE_URL,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    output: 'inherit',
  });
  console.log(`\nPostgreSQL: ${cluster.databaseUrl}\nshared DATA_DIR: ${cluster.dataDir}`);
  for (const url of cluster.urls) console.log(`API process: ${url}`);
  if (!args.includes('--no-demo')) {
    console.log(
      `demo accounts: ${demoAccounts.map((a) => `${a.email} / ${a.password}`).join(', ')}`,
    );
  }
  console.log('Ctrl-C stops every process and removes the database.');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping…');
      cluster.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
