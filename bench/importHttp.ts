import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressCsv } from './addressCsv';
import { withBenchServer } from './benchServerProcess';
import { poll, signIn } from './nostall';

/**
 * The no-stall import alone, quickly (`ROWS=20000 npx tsx bench/importHttp.ts`): the bench server
 * on a new PGlite folder, 10,000 jobs loaded first, then a ROWS-row upload while the owner's
 * `/auth/me` and another company's first jobs page are each polled every 50 ms (as
 * `BENCH_ONLY=nostall` does), then the plain-INSERT floor of the same rows. POLL_LIST=0 leaves
 * the list's poll out. Profiling: NODE_OPTIONS reaches the server through tsx's own child.
 */
const rows = Number(process.env.ROWS ?? 20_000);
const pollList = process.env.POLL_LIST !== '0';
const format = (p: Awaited<ReturnType<typeof poll>>) =>
  `n ${p.n}, p50 ${Math.round(p.p50)} ms, p99 ${Math.round(p.p99)} ms, max ${Math.round(p.max)} ms`;

delete process.env.DATABASE_URL; // PGlite's stall is the question
await withBenchServer(async ({ url, company }) => {
  const auth = await signIn(url, company.email, company.password);
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
  const partner = await signIn(url, actors.partner.email, actors.partner.password);
  const csv = addressCsv(rows, 2);
  const form = new FormData();
  form.append('type', 'address');
  form.append('file', new Blob([csv], { type: 'text/csv' }), `jobs-${rows}.csv`);
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  const upload = fetch(`${url}/api/v2/job/upload`, { method: 'POST', headers: auth, body: form });
  const page = `${url}/api/v2/jobs?${new URLSearchParams({ filter: '{}', sort: '["created_at","DESC"]', range: '[0,24]' })}`;
  const polls = await Promise.all([
    poll(`${url}/api/v2/auth/me`, auth, upload).then(format),
    pollList
      ? poll(page, { ...partner, 'accept-encoding': 'gzip' }, upload).then(format)
      : 'not polled',
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
});
