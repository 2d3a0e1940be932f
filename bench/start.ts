import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApiProcess } from '../scripts/cluster';
import { freePorts } from '../scripts/ports';
import { fmt, markdownTable, median } from './report';

const startHeading = '## Server start on a demo data folder (BENCH_ONLY=start)';

const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const env = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  CHECKS: 'off',
  JWT_SECRET: 'bench-start-secret-bench-start-secret',
  LOG_LEVEL: 'warn',
});

/** Milliseconds from spawning `node --import tsx bench/startFloor.ts` to its database being open. */
function openAlone(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/startFloor.ts'], {
    env: env(dataDir),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<number>((resolve, reject) => {
    let opened = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!opened && chunk.toString().includes('open')) opened = performance.now() - started;
    });
    child.once('exit', (code) =>
      code === 0 && opened ? resolve(opened) : reject(new Error(`startFloor exited ${code}`)),
    );
  });
}

/**
 * How long the real server (`server/server.ts`, as `npm start` and the tests run it) takes from its
 * spawn to answering its health check on a copy of a seeded demo folder, against the floor of the
 * same run: a process that only opens that database (PGlite on its thread) and loads nothing else.
 * The two alternate, each on a fresh copy.
 */
export async function benchStart() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-start-'));
  try {
    const demo = path.join(dir, 'demo');
    const seeder = await startApiProcess({
      port: await freePorts(1),
      env: { ...env(demo), DEMO_DATA: 'true' },
    });
    await seeder.stop('SIGINT');
    const copy = async (n: number) => {
      const target = path.join(dir, `run-${n}`);
      await cp(demo, target, { recursive: true });
      return target;
    };
    const starts: number[] = [];
    const floors: number[] = [];
    // One of each first, not counted: the files are in the page cache for both after it.
    for (let i = -1; i < runs; i++) {
      const floor = await openAlone(await copy(2 * i + 2));
      // The copy and the port are made before the clock starts, as the floor's copy is.
      const opts = { port: await freePorts(1), env: env(await copy(2 * i + 3)) };
      const t = performance.now();
      const server = await startApiProcess(opts);
      const start = performance.now() - t;
      await server.stop('SIGINT');
      if (i >= 0) {
        floors.push(floor);
        starts.push(start);
      }
    }
    const s = median(starts);
    const f = median(floors);
    return [
      startHeading,
      '',
      `${runs} runs each, alternating, median. The floor opens the same database and loads nothing else.`,
      '',
      ...markdownTable([
        ['', 'ms', '× floor'],
        ['open the database alone (floor)', fmt(f), '1.00'],
        ['server start to health check', fmt(s), fmt(s / f, 2)],
      ]),
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
