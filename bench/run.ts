import { benchMoney } from './money';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { addressCsv } from './addressCsv';
import { scratchPostgres, withBenchServer } from './benchServerProcess';
import { canStartCluster } from '../scripts/cluster';
import { benchBills } from './bills';
import { benchCapture } from './capture';
import { benchChecks } from './checks';
import { benchFaces } from './faces';
import { benchMixed } from './mixed';
import { benchListGzip, benchNoStall } from './nostall';
import { benchScale } from './scale';
import { benchStart } from './start';
import { benchWebhooks } from './webhooks';
import { fmt, markdownTable, median, resultsFile, writeSection } from './report';

/**
 * `npm run bench`: seeds 110,000 jobs through the bulk import and measures, in one run,
 * the jobs list under load against a primary-key floor, bulk import against raw INSERT and COPY,
 * and the CSV export. On PGlite by default; with DATABASE_URL on that PostgreSQL (a scratch
 * database is created and dropped). Then the capture page on an emulated slow mobile network
 * (bench/capture.ts). Writes bench/results.md (bench/results-postgres.md with DATABASE_URL).
 * BENCH_ONLY=capture runs the capture part alone and replaces its section in that file.
 * BENCH_ONLY=list loads the same 110,000 jobs straight into the table (no import timing) and
 * measures the list part alone, printing its report without writing a results file.
 * BENCH_ONLY=mixed runs the mixed workload on one and two API processes (bench/mixed.ts), always on
 * PostgreSQL, into bench/results-postgres.md.
 * BENCH_ONLY=nostall: other calls during a 100,000-row import, and the list with gzip for every
 * caller and page (bench/nostall.ts). BENCH_ONLY=nostall-list: that list part alone, its jobs
 * loaded straight into the table, printed without writing a results file.
 * BENCH_ONLY=bills: the bill reader's warnings and time on the evaluation set (bench/bills.ts).
 * BENCH_ONLY=checks: capture submissions' machine checks while other calls are polled
 * (bench/checks.ts).
 * BENCH_ONLY=start: the server's start against opening its database alone (bench/start.ts).
 * BENCH_ONLY=faces: the face check's time, memory, detection and agent match on real photos
 * (bench/faces.ts; give it the folder of the face library's sample photos as the first argument).
 */
const connections = 10;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const listOnly = process.env.BENCH_ONLY === 'list';

async function timed<T>(fn: () => Promise<T>) {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

async function load(url: string, headers: Record<string, string>, seconds = durationSeconds) {
  // One second first, not measured: the route's code is compiled and its statements prepared, as
  // on a server that has been running.
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kbPerReply: result.throughput.total / Math.max(result.requests.total, 1) / 1024,
  };
}

/** Median time of `n` requests one after another (after three to warm up). */
async function medianMs(url: string, headers: Record<string, string>, n = 20) {
  const times: number[] = [];
  for (let i = 0; i < n + 3; i++) {
    const t = await timed(async () => {
      const r = await fetch(url, { headers });
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
      return r.json() as Promise<unknown[]>;
    });
    if (i >= 3) times.push(t.ms);
    if (i === 3 && t.value.length !== 1) throw new Error(`${url}: ${t.value.length} jobs, not 1`);
  }
  return median(times);
}

const benchDatabase = () =>
  withBenchServer(async (server) => {
    console.log(
      `benchmark on ${server.db}; load: ${connections} connections × ${durationSeconds} s`,
    );

    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.company),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };

    const imports: {
      rows: number;
      importMs: number;
      insertMs: number;
      copyMs: number;
      mb: number;
    }[] = [];
    for (const [n, seed] of [
      [10_000, 1],
      [100_000, 2],
    ] as const) {
      const csv = addressCsv(n, seed);
      if (listOnly) {
        await fetch(`${server.url}/bench/load-jobs`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv,
        });
        continue;
      }
      const form = new FormData();
      form.append('type', 'address');
      form.append('file', new Blob([csv], { type: 'text/csv' }), `jobs-${n}.csv`);
      const imported = await timed(() =>
        fetch(`${server.url}/api/v2/job/upload`, { method: 'POST', headers: auth, body: form }),
      );
      const body = (await imported.value.json()) as { created?: number; message?: string };
      if (body.created !== n)
        throw new Error(`import of ${n} rows: ${JSON.stringify(body).slice(0, 500)}`);
      const floor = async (mode: 'insert' | 'copy') => {
        const r = await fetch(`${server.url}/bench/floor-import?mode=${mode}`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv,
        });
        return ((await r.json()) as { ms: number }).ms;
      };
      imports.push({
        rows: n,
        importMs: imported.ms,
        insertMs: await floor('insert'),
        copyMs: await floor('copy'),
        mb: csv.length / 1e6,
      });
      console.log(`imported ${fmt(n)} rows`);
    }
    await fetch(`${server.url}/bench/spread-statuses`, { method: 'POST' });

    const floor = await load(`${server.url}/bench/floor?id=${server.accountId}`, {});
    const listUrl =
      `${server.url}/api/v2/jobs?filter=${encodeURIComponent(JSON.stringify({ status: 'assigned' }))}` +
      `&sort=${encodeURIComponent(JSON.stringify(['created_at', 'DESC']))}&range=${encodeURIComponent('[0,24]')}`;
    const list = await load(listUrl, auth);
    const gzipped = await load(listUrl, { ...auth, 'accept-encoding': 'gzip' });
    // Logging's cost: the same list on the app instance that logs, in turns with the one that
    // does not, so that a change in the machine's load falls on both.
    const logged = await load(listUrl.replace(server.url, server.loggedUrl), auth);
    const unlogged = await load(listUrl, auth);
    const loggedAgain = await load(listUrl.replace(server.url, server.loggedUrl), auth);
    const logCost = 1 - (logged.rps + loggedAgain.rps) / (list.rps + unlogged.rps);
    // A name and a code that each match one job of the 100,000 (addressCsv's names).
    const searchUrl = (q: string) =>
      `${server.url}/api/v2/jobs?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=${encodeURIComponent('[0,24]')}`;
    const byName = await medianMs(searchUrl('Ada54321'), auth);
    const byCode = await medianMs(searchUrl('JOB-054321'), auth);
    const explainReply = await fetch(`${server.url}/bench/explain-list?q=Ada54321`);
    if (explainReply.status !== 200) throw new Error(`explain: ${await explainReply.text()}`);
    const explained = (await explainReply.json()) as Record<
      'custom' | 'prepared' | 'search',
      { planningMs: number; executionMs: number; indexes: string[] }
    >;
    const p99Aim = server.db === 'postgres' ? 15 : 25;
    const plan = (p: { planningMs: number; executionMs: number }) =>
      `planning ${fmt(p.planningMs, 2)} ms · execution ${fmt(p.executionMs, 2)} ms`;
    const listRows: string[][] = [
      [
        `GET /jobs (page of 25, status filter, sorted; ${fmt(110_000)} jobs) throughput`,
        `${fmt(list.rps)} req/s`,
        `${fmt(floor.rps)} req/s (PK SELECT route)`,
        `${fmt(list.rps / floor.rps, 2)} of floor`,
      ],
      [
        'GET /jobs latency p50 / p99',
        `${list.p50} / ${list.p99} ms`,
        `${floor.p50} / ${floor.p99} ms`,
        `p99 ${fmt(list.p99 / Math.max(floor.p99, 1), 1)}×`,
      ],
      [
        'GET /jobs page statement, EXPLAIN (ANALYZE), median of 7: prepared (generic plan, as the app runs it)',
        plan(explained.prepared),
        `${plan(explained.custom)} (planned for its values)`,
        `${fmt(explained.prepared.planningMs + explained.prepared.executionMs, 2)} ms of ${fmt(explained.custom.planningMs + explained.custom.executionMs, 2)}`,
      ],
      [
        'GET /jobs with request logging (level info, to a file), two runs in turns with two without',
        `${fmt((logged.rps + loggedAgain.rps) / 2)} req/s, p99 ${Math.max(logged.p99, loggedAgain.p99)} ms`,
        `${fmt((list.rps + unlogged.rps) / 2)} req/s without`,
        `costs ${fmt(logCost * 100, 1)}%`,
      ],
      [
        'GET /jobs gzip (Accept-Encoding: gzip)',
        `${fmt(gzipped.rps)} req/s, p99 ${gzipped.p99} ms, ${fmt(gzipped.kbPerReply, 1)} KB a reply`,
        `${fmt(list.rps)} req/s, ${fmt(list.kbPerReply, 1)} KB a reply uncompressed`,
        `costs ${fmt((1 - gzipped.rps / list.rps) * 100, 1)}%`,
      ],
      [
        'search by name (q = Ada54321, one match of 110,000), median of 20',
        `${fmt(byName, 1)} ms`,
        `plan: ${explained.search.indexes.join(', ') || 'no index'}`,
        plan(explained.search),
      ],
      ['search by code (q = JOB-054321), median of 20', `${fmt(byCode, 1)} ms`, '', ''],
    ];
    const listAims = [
      `list throughput ≥ 0.25 of floor: ${list.rps >= floor.rps * 0.25 ? 'met' : 'NOT met'} (${fmt(list.rps / floor.rps, 2)})`,
      `list p99 < ${p99Aim} ms: ${list.p99 < p99Aim ? 'met' : 'NOT met'} (${list.p99} ms)`,
      `request logging costs ≤ 10% of list throughput: ${logCost <= 0.1 ? 'met' : 'NOT met'} (${fmt(logCost * 100, 1)}%)`,
      `search by name ≤ 20 ms: ${byName <= 20 ? 'met' : 'NOT met'} (${fmt(byName, 1)} ms)`,
      `search by code ≤ 20 ms: ${byCode <= 20 ? 'met' : 'NOT met'} (${fmt(byCode, 1)} ms)`,
      `search by name through the trigram index: ${explained.search.indexes.includes('jobs_subject_trgm_idx') ? 'met' : 'NOT met'}`,
    ];
    if (listOnly) {
      // Its own section of the results file: the list alone, jobs loaded by COPY.
      const section = [
        // The date in the text, not the heading: a new run replaces this section.
        '## Jobs list alone (BENCH_ONLY=list)',
        '',
        `Measured ${new Date().toISOString().slice(0, 10)}. Node ${process.version}, ${connections} connections × ${durationSeconds} s per load test (each after 1 s not measured); ${fmt(110_000)} jobs loaded by COPY; floors from the same run.`,
        '',
        ...markdownTable([['measure', 'result', 'floor', 'ratio'], ...listRows]),
        '',
        ...listAims.map((a) => `- ${a}`),
      ].join('\n');
      console.log(`\n${section}`);
      writeSection(resultsFile(), section);
      return;
    }

    const exported = await timed(async () => {
      const r = await fetch(`${server.url}/api/v2/jobs`, {
        headers: { ...auth, accept: 'text/csv' },
      });
      const text = await r.text();
      return {
        status: r.status,
        rows: text.split('\n').filter(Boolean).length - 1,
        mb: text.length / 1e6,
      };
    });
    if (exported.value.status !== 200) throw new Error(`export answered ${exported.value.status}`);

    const rows: string[][] = [
      ['measure', 'result', 'floor', 'ratio'],
      ...listRows,
      ...imports.map((i) => [
        `bulk import of ${fmt(i.rows)} rows (${fmt(i.mb, 1)} MB CSV, upload + parse + validate + insert)`,
        `${fmt(i.importMs)} ms (${fmt(i.rows / (i.importMs / 1000))} rows/s)`,
        `INSERT ${fmt(i.insertMs)} ms · COPY ${fmt(i.copyMs)} ms`,
        `${fmt(i.importMs / i.insertMs, 2)}× INSERT · ${fmt(i.importMs / i.copyMs, 2)}× COPY`,
      ]),
      [
        `CSV export of all jobs (${fmt(exported.value.rows)} rows, ${fmt(exported.value.mb, 1)} MB)`,
        `${fmt(exported.ms)} ms`,
        '',
        `${fmt(exported.value.rows / (exported.ms / 1000))} rows/s`,
      ],
    ];
    const table = markdownTable(rows);
    const aims = [
      ...listAims,
      ...imports.map(
        (i) =>
          `import of ${fmt(i.rows)} within 2× raw INSERT: ${i.importMs <= 2 * i.insertMs ? 'met' : 'NOT met'} (${fmt(i.importMs / i.insertMs, 2)}×)`,
      ),
    ];
    const report = [
      `# Benchmark (${server.db}, ${new Date().toISOString().slice(0, 10)})`,
      '',
      `Node ${process.version}, ${connections} connections × ${durationSeconds} s per load test, all in one run on this machine. The floors run on the same database in the same run; ratios compare against them.`,
      '',
      ...table,
      '',
      '## Aims',
      ...aims.map((a) => `- ${a}`),
      '',
    ].join('\n');
    console.log(`\n${report}`);
    writeFileSync(resultsFile(), report);
  });

/** bench/scale.ts's section, written into this run's results file. */
async function runScale() {
  const section = await benchScale({ withBenchServer, load });
  console.log(`\n${section}`);
  writeSection(resultsFile(), section);
}

/** A part run on its own scratch database (PGlite in memory without DATABASE_URL). */
async function runOnScratch(part: (scratchUrl?: string) => Promise<string>) {
  const scratch = process.env.DATABASE_URL
    ? await scratchPostgres(process.env.DATABASE_URL)
    : undefined;
  try {
    const section = await part(scratch?.url);
    console.log(`\n${section}`);
    writeSection(resultsFile(), section);
  } finally {
    await scratch?.drop();
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  /** With BENCH_ONLY=<part>, that part alone (its section of the results file is replaced). */
  const wants = (part: string) => !only || only === part;
  if (!only || only === 'list') await benchDatabase();
  if (listOnly) return;
  if (wants('scale')) await runScale();
  if (only === 'nostall-list') {
    console.log(`\n${await benchListGzip({ withBenchServer, load, addressCsv })}`);
    return;
  }
  if (wants('nostall')) {
    const section = await benchNoStall({ withBenchServer, load, addressCsv });
    console.log(`\n${section}`);
    writeSection(resultsFile(), section);
  }
  if (wants('bills')) {
    const section = await benchBills();
    console.log(`\n${section}`);
    writeSection(resultsFile(), section);
  }
  if (wants('money')) await runOnScratch(benchMoney);
  if (wants('webhooks')) await runOnScratch(benchWebhooks);
  if (wants('checks')) await runOnScratch(benchChecks);
  // Two processes need PostgreSQL: DATABASE_URL's server, or one the part starts itself.
  if (wants('mixed') && (only || canStartCluster())) {
    const section = await benchMixed(process.env.DATABASE_URL);
    console.log(`\n${section}`);
    writeSection('bench/results-postgres.md', section);
  }
  if (wants('start') && !process.env.DATABASE_URL) {
    const section = await benchStart();
    console.log(`\n${section}`);
    writeSection('bench/results.md', section);
  }
  if (wants('faces')) {
    const section = await benchFaces();
    console.log(`\n${section}`);
    writeSection('bench/results.md', section);
  }
  if (!wants('capture')) return;
  const capture = await benchCapture();
  if (capture) {
    console.log(`\n${capture}`);
    writeSection(resultsFile(), capture);
  }
  console.log(`written to ${resultsFile()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
