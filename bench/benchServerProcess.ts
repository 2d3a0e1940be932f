import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

/** A scratch database on the PostgreSQL server at `url`, and how to drop it. */
export async function scratchPostgres(url: string) {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startBenchServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/benchServer.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const info = JSON.parse(first) as {
    port: number;
    loggedPort: number;
    company: { email: string; password: string };
    accountId: string;
    db: string;
  };
  return {
    ...info,
    url: `http://127.0.0.1:${info.port}`,
    loggedUrl: `http://127.0.0.1:${info.loggedPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * The bench server on a new data folder (and a scratch database with DATABASE_URL) while `fn`
 * runs; both are removed afterwards.
 */
export async function withBenchServer<T>(fn: (server: BenchServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const scratch = process.env.DATABASE_URL
    ? await scratchPostgres(process.env.DATABASE_URL)
    : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    // The 100,000-row upload sends nothing back until it is done: on a busy machine that can
    // pass the default 30 s idle timeout, and with the list's indexes five minutes.
    IDLE_TIMEOUT_SECONDS: '1200',
    REQUEST_TIMEOUT_SECONDS: '1200',
  };
  if (scratch) env.DATABASE_URL = scratch.url;
  else delete env.DATABASE_URL;
  try {
    const server = await startBenchServer(env);
    try {
      return await fn(server);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
