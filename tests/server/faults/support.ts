import { rmSync } from 'node:fs';
import { openDb, type Db } from '../../../server/db';
import { openPostgres } from '../../../server/db/postgres';
import { startApiProcess, type ApiProcess } from '../../../scripts/cluster';
import { freePorts } from '../../../scripts/ports';
import { testConfig } from '../helpers';

/** What the fault tests' servers sign tokens with: sessions made in-process work in the child. */
export const jwtSecret = testConfig().jwtSecret;

export type ServerProcess = ApiProcess;

/**
 * `server/server.ts` as its own process (scripts/cluster.ts: node with tsx as a loader, not the
 * tsx CLI, which would run the server in a grandchild that a SIGKILL of ours would not reach), on
 * a free port, with these variables. DATABASE_URL is passed only when given. Resolves once
 * /health answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePorts(1);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: jwtSecret,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Not about the machine checks: their OCR and face models would load beside the faults.
    CHECKS: 'off',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return startApiProcess({ port, env: childEnv, output: 'quiet' });
}

/**
 * A data folder (and, on CI's PostgreSQL pass, a database of its own on DATABASE_URL) for servers
 * started one after the other: `start` a server on it, `withDb` to open its database in this
 * process (on PGlite only while no server runs), `stopAll` (after each test) to kill what a failed
 * test left running, `drop` at the end.
 */
export async function serverSite(
  dataDir: string,
  /** null: the embedded database, whatever DATABASE_URL says. */
  databaseUrl: string | null = process.env.DATABASE_URL ?? null,
) {
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
