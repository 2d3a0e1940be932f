import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const jwtSecret = 'e2e-secret-e2e-secret-e2e-secret-e2e';

/** A server child process; its stdout and stderr go to `logPath`, so any process can read them. */
export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  logPath: string;
  /** Resolves once /health answers; rejects with the log if the server exits or never answers. */
  ready: Promise<void>;
  exited: Promise<number | null>;
}

export const readLog = (logPath: string) =>
  existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';

/**
 * The real server (`server/server.ts`) as a child process on a free port, on `env.DATA_DIR`,
 * serving the built app from dist/. The browser suite runs on the embedded database.
 */
export function spawnServer(
  env: Record<string, string> & { DATA_DIR: string },
  logPath: string,
  startTimeoutMs = 60_000,
): SpawnedServer {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    JWT_SECRET: jwtSecret,
    DEMO_DATA: 'false',
    // The machine checks (OCR, faces) would take the two cores at each demo start: one file
    // turns them on (captureChecks.test.ts).
    CHECKS: 'off',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  // The child writes its log itself: it does not depend on the process that started it reading a
  // pipe, and the test file that uses a server started by the global setup reads the same file.
  const fd = openSync(logPath, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/server.ts'], {
      env: childEnv,
      stdio: ['ignore', fd, fd],
    });
  } finally {
    closeSync(fd);
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const ready = (async () => {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited early (${child.exitCode}):\n${readLog(logPath)}`);
      try {
        const res = await fetch(`${url}/api/v2/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`server did not start in ${startTimeoutMs} ms:\n${readLog(logPath)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  ready.catch(() => {}); // awaited by whoever uses the server; not an unhandled rejection here
  return { child, url, logPath, ready, exited };
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`; its exit code. */
async function terminate(server: SpawnedServer, graceMs = 15_000) {
  if (server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

/** A server a test file started itself: only a pid to the global setup. */
async function terminatePid(pid: number, graceMs = 15_000) {
  // The pid may have been reused since: only a server of ours is killed.
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return false; // gone
  }
  if (!cmdline.includes('server/server.ts')) return false;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  process.kill(pid, 'SIGTERM');
  for (const end = Date.now() + graceMs; alive() && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
  return true;
}

/** What a test file gets for a server of the pool, over HTTP. */
export interface PooledServer {
  id: string;
  url: string;
  dataDir: string;
  jwtSecret: string;
  logPath: string;
}

interface Owned extends SpawnedServer {
  id: string;
  dataDir: string;
  taken?: boolean;
}

/**
 * The browser suite's servers, kept by its global setup (./runDir.ts): it seeds the demo data
 * folder once, and keeps one demo server with the default env started ahead of need, so that a
 * test file's start-up (about 9 s) overlaps the file before it. Test files reach it through a small
 * HTTP endpoint on 127.0.0.1 (./harness.ts); it also knows the servers the files start themselves,
 * so that its teardown leaves none running.
 */
export async function startServerPool(runDir: string) {
  const logs = path.join(runDir, 'logs');
  await mkdir(logs, { recursive: true });
  const live = new Map<string, Owned>();
  const started = new Map<number, string | null>(); // pid → data folder to remove, of the files'
  let closing = false;
  let count = 0;

  const launch = (env: Record<string, string> & { DATA_DIR: string }, timeoutMs?: number) => {
    const id = String(++count);
    const server = spawnServer(env, path.join(logs, `pool-${id}.log`), timeoutMs);
    const owned: Owned = { ...server, id, dataDir: env.DATA_DIR };
    live.set(id, owned);
    return owned;
  };

  const stop = async (owned: Owned) => {
    const code = await terminate(owned);
    live.delete(owned.id);
    await rm(owned.dataDir, { recursive: true, force: true });
    return code;
  };

  // A new folder seeds the demo in the server (half a minute on CI's two cores); a copy takes a
  // second. Seeding a new folder at start is itself tested in serverLifecycle.test.ts.
  const demo = (async () => {
    const seeding = path.join(runDir, 'seeding');
    const seeder = launch({ DATA_DIR: seeding, DEMO_DATA: 'true' }, 180_000);
    await seeder.ready;
    const code = await terminate(seeder);
    live.delete(seeder.id);
    if (code !== 0)
      throw new Error(`the demo server exited with ${code}:\n${readLog(seeder.logPath)}`);
    const folder = path.join(runDir, 'demo');
    await rename(seeding, folder);
    return folder;
  })();
  demo.catch(() => {});

  const startSpare = async () => {
    const folder = await demo;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-demo-'));
    await cp(folder, dataDir, { recursive: true });
    if (closing) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error('the browser run is over');
    }
    return launch({ DATA_DIR: dataDir });
  };
  let spare: Promise<Owned> | null = startSpare();
  spare.catch(() => {});

  const take = async (): Promise<Owned> => {
    const next = spare ?? startSpare();
    spare = null;
    try {
      const server = await next;
      try {
        await server.ready;
      } catch (e) {
        await stop(server);
        throw e;
      }
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        const code = await stop(server);
        throw new Error(
          `the spare demo server exited (${code}) before it was taken:\n${readLog(server.logPath)}`,
        );
      }
      server.taken = true;
      return server;
    } finally {
      // The next one starts once this one is up, not beside its start (the two cores).
      if (!closing) {
        spare = startSpare();
        spare.catch(() => {});
      }
    }
  };

  const routes: Record<string, (q: URLSearchParams) => Promise<unknown>> = {
    '/demo': async () => ({ demo: await demo }),
    '/take': async (): Promise<PooledServer> => {
      const s = await take();
      return { id: s.id, url: s.url, dataDir: s.dataDir, jwtSecret, logPath: s.logPath };
    },
    '/stop': async (q) => {
      const owned = live.get(q.get('id') ?? '');
      if (!owned) throw new Error(`no server ${q.get('id')} of the pool is running`);
      return { code: await stop(owned) };
    },
    '/started': async (q) => {
      started.set(Number(q.get('pid')), q.get('dir'));
      return {};
    },
    '/stopped': async (q) => {
      started.delete(Number(q.get('pid')));
      return {};
    },
  };
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://pool');
    const route = routes[url.pathname];
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!route) return answer(404, { error: `no route ${url.pathname}` });
    route(url.searchParams).then(
      (body) => answer(200, body),
      (e: unknown) => answer(500, { error: e instanceof Error ? e.message : String(e) }),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /**
     * Kills every server still running (the spare, any a file did not stop) and removes its folder;
     * the ones a file started or took and left running, to report.
     */
    close: async () => {
      closing = true;
      const killed: string[] = [];
      const stopAll = () =>
        Promise.all(
          [...live.values()].map(async (s) => {
            const running = s.child.exitCode === null && s.child.signalCode === null;
            if (running && s.taken) killed.push(s.url);
            await stop(s);
          }),
        );
      await stopAll();
      await spare?.catch(() => {});
      await stopAll(); // one launched while the first round waited
      for (const [pid, dir] of started) {
        if (await terminatePid(pid)) killed.push(`pid ${pid}`);
        if (dir) await rm(dir, { recursive: true, force: true });
      }
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      return killed;
    },
  };
}
