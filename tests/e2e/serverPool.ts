import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPriority, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { randomPorts } from '../../scripts/ports';

export const jwtSecret = 'e2e-secret-e2e-secret-e2e-secret-e2e';

/** How much lower the spare's CPU priority is than the test file's, while nothing uses it. */
const spareNicer = 10;

/** A server child process; its stdout and stderr go to `logPath`, so any process can read them. */
export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  logPath: string;
  /** Resolves once /health answers; rejects with the log if the server exits first. */
  up: Promise<void>;
  exited: Promise<number | null>;
}

export const readLog = (logPath: string) =>
  existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * The processes of a process group, from /proc (the suite runs on Linux): a server is tsx and the
 * node process tsx starts, and the second one outlives a SIGKILL of the first.
 */
function groupMembers(pgid: number) {
  const members: { pid: number; ppid: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // After "pid (command)", which may hold spaces: state, ppid, pgrp.
    const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid) members.push({ pid: Number(name), ppid: Number(ppid) });
  }
  return members;
}

/** Whether the group holds a server of ours: a pid, and so a group id, may be reused. */
function isServerGroup(pgid: number) {
  return groupMembers(pgid).some(({ pid }) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/server.ts');
    } catch {
      return false;
    }
  });
}

/** `signal` to every process of the group; false if none is left. */
function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}

/**
 * Puts every thread of the server's processes to `niceness`: Linux keeps a niceness per thread,
 * and node's threads (V8's, libuv's) started with the process's.
 */
function setServerPriority(pgid: number, niceness: number) {
  for (const { pid } of groupMembers(pgid)) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        setPriority(Number(tid), niceness);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
      }
    }
  }
}

/**
 * Whether this process may put a process it lowered back to its own priority: root or
 * CAP_SYS_NICE may (CI runs as root, it installs packages with apt-get); others may only lower.
 */
async function canRestorePriority(niceness: number) {
  const probe = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('spawn', resolve);
      probe.once('error', reject);
    });
    setPriority(probe.pid!, Math.min(niceness + spareNicer, 19));
    setPriority(probe.pid!, niceness);
    return true;
  } catch {
    return false;
  } finally {
    probe.kill('SIGKILL');
  }
}

/**
 * The real server (`server/server.ts`) as a child process on a free port, on `env.DATA_DIR`,
 * serving the built app from dist/. The browser suite runs on the embedded database. It is the
 * leader of a process group of its own, so that a kill reaches the node process tsx starts; with
 * `nicer`, it runs at that much lower CPU priority than this process until put back
 * (`setServerPriority`).
 */
export function spawnServer(
  env: Record<string, string> & { DATA_DIR: string },
  logPath: string,
  nicer = 0,
): SpawnedServer {
  // Below the range outgoing connections take their ports from: one picked there could be taken
  // between this pick and the server's listen (EADDRINUSE on 37544 seen in CI).
  const port = randomPorts();
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
  const command = [process.execPath, 'node_modules/tsx/dist/cli.mjs', 'server/server.ts'];
  // nice(1) rather than a setpriority after the start: every thread of both processes inherits it.
  if (nicer !== 0) command.unshift('nice', '-n', String(nicer));
  // The child writes its log itself: it does not depend on the process that started it reading a
  // pipe, and the test file that uses a server started by the global setup reads the same file.
  const fd = openSync(logPath, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command[0]!, command.slice(1), {
      env: childEnv,
      stdio: ['ignore', fd, fd],
      detached: true,
    });
  } finally {
    closeSync(fd);
  }
  let failed: Error | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (e) => {
      failed = e;
      resolve(null);
    });
  });
  const up = (async () => {
    for (;;) {
      if (failed) throw failed;
      if (!running(child))
        throw new Error(`server exited early (${child.exitCode}):\n${readLog(logPath)}`);
      try {
        const res = await fetch(`${url}/api/v2/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  up.catch(() => {}); // awaited by whoever uses the server; not an unhandled rejection here
  return { child, url, logPath, up, exited };
}

/** `server.up`, or an error with its log after `timeoutMs`. */
export async function serverReady(server: SpawnedServer, timeoutMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`server did not start in ${timeoutMs} ms:\n${readLog(server.logPath)}`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([server.up, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SIGTERM to the server's node process, then SIGKILL to the whole group once `gone` settles or
 * after `graceMs`. The SIGTERM goes to the node process tsx started, not to tsx nor the group: tsx,
 * signalled itself, waits 30 ms for the child's acknowledgement, then signals it again or kills it,
 * which on a loaded machine can cut the graceful stop short (a second SIGTERM exits the server
 * with 143). Before tsx has started node, tsx itself gets it and relays it.
 */
async function terminateGroup(pgid: number, gone: Promise<unknown>, graceMs: number) {
  const members = groupMembers(pgid);
  const inner = members.find((m) => m.ppid === pgid) ?? members.find((m) => m.pid !== pgid);
  if (members.length > 0) {
    try {
      process.kill(inner?.pid ?? pgid, 'SIGTERM');
    } catch {
      // exited meanwhile
    }
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
  clearTimeout(timer);
  signalGroup(pgid, 'SIGKILL'); // whatever of the group outlived the server's stop
}

/** Stops a server this process started (`terminateGroup`); the server's exit code. */
export async function stopServer(server: SpawnedServer, graceMs = 15_000) {
  const pid = server.child.pid;
  if (pid === undefined) return server.exited; // never started
  await terminateGroup(pid, server.exited, graceMs);
  return server.exited;
}

/**
 * A server a test file started itself, known by its pid only; true if it was still running. The pid
 * may have been reused since: only a group holding a server of ours is stopped.
 */
async function killServerGroup(pgid: number, graceMs = 15_000) {
  if (!isServerGroup(pgid)) return false;
  const end = Date.now() + graceMs;
  const gone = (async () => {
    while (groupMembers(pgid).length > 0 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
  })();
  await terminateGroup(pgid, gone, graceMs);
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
 *
 * The spare starts at a lower CPU priority than the test file it overlaps, which otherwise loses a
 * share of the two cores to it and its waits on the page time out; the file that takes it puts it
 * back to normal priority. Where this process may not do that (not root, no CAP_SYS_NICE), the
 * spare starts at normal priority.
 */
export async function startServerPool(runDir: string) {
  const logs = path.join(runDir, 'logs');
  await mkdir(logs, { recursive: true });
  const live = new Map<string, Owned>();
  const started = new Map<number, string | null>(); // pid → data folder to remove, of the files'
  let closing = false;
  let count = 0;
  const niceness = getPriority();
  const spareNice = (await canRestorePriority(niceness)) ? spareNicer : 0;

  const launch = (env: Record<string, string> & { DATA_DIR: string }, nicer = 0) => {
    const id = String(++count);
    const server = spawnServer(env, path.join(logs, `pool-${id}.log`), nicer);
    const owned: Owned = { ...server, id, dataDir: env.DATA_DIR };
    live.set(id, owned);
    return owned;
  };

  const stop = async (owned: Owned) => {
    const code = await stopServer(owned);
    live.delete(owned.id);
    await rm(owned.dataDir, { recursive: true, force: true });
    return code;
  };

  // vitest ends on SIGINT or SIGTERM (Ctrl-C, `timeout`) without the teardown: the servers are in
  // groups of their own, which the signal to the run's group no longer reaches.
  const killAllNow = () => {
    for (const s of live.values())
      if (s.child.pid !== undefined && running(s.child)) signalGroup(s.child.pid, 'SIGKILL');
    for (const pid of started.keys()) if (isServerGroup(pid)) signalGroup(pid, 'SIGKILL');
  };
  process.once('exit', killAllNow);

  // A new folder seeds the demo in the server (half a minute on CI's two cores); a copy takes a
  // second. Seeding a new folder at start is itself tested in serverLifecycle.test.ts.
  const demo = (async () => {
    const seeding = path.join(runDir, 'seeding');
    const seeder = launch({ DATA_DIR: seeding, DEMO_DATA: 'true' });
    let code: number | null;
    try {
      await serverReady(seeder, 180_000);
    } finally {
      code = await stopServer(seeder);
      live.delete(seeder.id);
    }
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
    return launch({ DATA_DIR: dataDir }, spareNice);
  };
  let spare: Promise<Owned> | null = startSpare();
  spare.catch(() => {});

  const take = async (): Promise<Owned> => {
    const next = spare ?? startSpare();
    spare = null;
    try {
      const server = await next;
      try {
        // Before its start is over, if it is not: the file waits on what remains of it.
        if (spareNice !== 0) setServerPriority(server.child.pid!, niceness);
        // Counted from now: at low priority beside a file, a start may take longer than this.
        await serverReady(server);
      } catch (e) {
        await stop(server);
        throw e;
      }
      if (!running(server.child)) {
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
            if (running(s.child) && s.taken) killed.push(s.url);
            await stop(s);
          }),
        );
      await stopAll();
      await spare?.catch(() => {});
      await stopAll(); // one launched while the first round waited
      for (const [pid, dir] of started) {
        if (await killServerGroup(pid)) killed.push(`pid ${pid}`);
        if (dir) await rm(dir, { recursive: true, force: true });
      }
      started.clear();
      process.off('exit', killAllNow);
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      return killed;
    },
  };
}
