import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressCsv } from './addressCsv';

/**
 * The no-stall import alone, quickly (`ROWS=20000 npx tsx bench/importHttp.ts`): the bench server
 * on a new PGlite folder, 10,000 jobs loaded first, then a ROWS-row upload while the owner's
 * `/auth/me` and another company's first jobs page are each polled every 50 ms (as
 * `BENCH_ONLY=nostall` does), then the plain-INSERT floor of the same rows. POLL_LIST=0 leaves
 * the list's poll out. Profiling: NODE_OPTIONS reaches the server through tsx's own child.
 */
const rows = Number(process.env.ROWS ?? 20_000);
const pollList = process.env.POLL_LIST !== '0';

const dataDir = mkdtempSync(path.join(tmpdir(), 'import-http-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  IDLE_TIMEOUT_SECONDS: '1200',
  REQUEST_TIMEOUT_SECONDS: '1200',
};
delete env.DATABASE_URL;
const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/benchServer.ts'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const first = await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout! }).once('line', resolve);
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const info = JSON.parse(first) as { port: number; company: { email: string; password: string } };
const url = `http://127.0.0.1:${info.port}`;

const signIn = async (email: string, password: string) => {
  const r = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await r.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
};

async function poll(target: string, headers: Record<string, string>, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true)).catch(() => undefined);
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const r = await fetch(target, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${target} answered ${r.status}`);
    const ms = performance.now() - t;
    times.push(ms);
    if (ms < 50) await sleep(50 - ms);
  }
  const s = times.sort((a, b) => a - b);
  const q = (p: number) => Math.round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!);
  return `n ${s.length}, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`;
}

try {
  const auth = await signIn(info.company.email, info.company.password);
  await fetch(`${url}/bench/load-jobs`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: addressCsv(10_000, 1),
  });
  const actors = (await (
    await fetch(`${url}/bench/nostall/actors`, { method: 'POST' })
  ).json()) as {
    partner: { email: string; password: string };
  };
  const partner = await signIn(actors.partner.email, actors.partner.password);
  const csv = addressCsv(rows, 2);
  const form = new FormData();
  form.append('type', 'address');
  form.append('file', new Blob([csv], { type: 'text/csv' }), `jobs-${rows}.csv`);
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  const upload = fetch(`${url}/api/v2/job/upload`, { method: 'POST', headers: auth, body: form });
  const page = `${url}/api/v2/jobs?${new URLSearchParams({ filter: '{}', sort: '["created_at","DESC"]', range: '[0,24]' })}`;
  const polls = await Promise.all([
    poll(`${url}/api/v2/auth/me`, auth, upload),
    pollList ? poll(page, { ...partner, 'accept-encoding': 'gzip' }, upload) : 'not polled',
  ]);
  const answer = await upload;
  const importMs = performance.now() - started;
  const body = (await answer.json()) as { created?: number };
  if (body.created !== rows) throw new Error(`upload: ${JSON.stringify(body).slice(0, 300)}`);
  await sleep(3000); // the vacuum after the import
  const floor = await fetch(`${url}/bench/floor-import?mode=insert`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  const insertMs = ((await floor.json()) as { ms: number }).ms;
  console.log(
    `${rows} rows: import ${Math.round(importMs)} ms, plain INSERT ${Math.round(insertMs)} ms, ` +
      `ratio ${(importMs / insertMs).toFixed(2)}; load ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
  );
  console.log(`/auth/me during: ${polls[0]}`);
  console.log(`other company's list during: ${polls[1]}`);
} finally {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
