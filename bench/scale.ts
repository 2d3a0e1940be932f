import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fmt, markdownTable, median } from './report';

/**
 * The CSV export against the database's own COPY of the same rows (with the server's peak memory
 * while it streams), then growth: a provider's book of jobs seeded in SQL to 110,000 and then to
 * 1,000,000 jobs (older history added, so the newest jobs stay the same), with the list's p99 at
 * both sizes, the dashboard's counts, the overdue list and search at a million. Returns the
 * report's section.
 */
export const scaleHeading = '## Export and growth to 1,000,000 jobs';

const small = 110_000;
const large = Number(process.env.BENCH_SCALE_JOBS ?? 1_000_000);
const samples = 30;

/** What bench/run.ts lends this module: its server, scratch database and load test. */
interface BenchServer {
  url: string;
  db: string;
  company: { email: string; password: string };
}

export interface BenchTools {
  withBenchServer<T>(fn: (server: BenchServer) => Promise<T>): Promise<T>;
  load(url: string, headers: Record<string, string>): Promise<{ p50: number; p99: number }>;
}

/**
 * A GET read to its end over plain HTTP: the bytes as sent (gzip stays gzip), its line breaks,
 * and the time. The body is kept only when asked for: a client that only counts costs the
 * measured server (on the same two cores) as little as the floor's own reader does.
 */
function download(url: string, headers: Record<string, string>, keepBody = true) {
  return new Promise<{ ms: number; bytes: number; lines: number; status: number; body: string }>(
    (resolve, reject) => {
      const started = performance.now();
      httpRequest(url, { headers }, (res) => {
        let bytes = 0;
        let lines = 0;
        const keep: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
          if (keepBody || res.statusCode !== 200) keep.push(chunk);
        });
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            bytes,
            lines,
            status: res.statusCode ?? 0,
            body: Buffer.concat(keep).toString('utf8'),
          }),
        );
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

const listUrl = (base: string, filter: object, sort: [string, string], range: [number, number]) =>
  `${base}/api/v2/jobs?filter=${encodeURIComponent(JSON.stringify(filter))}` +
  `&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify(range))}`;

/**
 * Sequential requests after a warm-up: median and 95th percentile in ms. A slow one (a scan at a
 * million jobs) stops after 15 s of samples, at least 5 of them.
 */
async function sample(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < samples + 3; i++) {
    const r = await download(url, headers);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}: ${r.body.slice(0, 300)}`);
    if (i >= 3) times.push(r.ms);
    if (times.length >= 5 && performance.now() - started > 15_000) break;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: sorted[Math.ceil(0.95 * sorted.length) - 1]! };
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

export const benchScale = (tools: BenchTools): Promise<string> =>
  tools.withBenchServer(async (server) => {
    const post = async <T>(route: string, body?: object) => {
      const r = await fetch(`${server.url}${route}`, {
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!r.ok) throw new Error(`${route}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<T>;
    };
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.company),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const seed = async (from: number, to: number) => {
      // A request per 100,000 jobs, each well within the server's request timeout.
      let ms = 0;
      for (let start = from; start < to; start += 100_000) {
        const end = Math.min(start + 100_000, to);
        ms += (await post<{ ms: number }>('/bench/scale/seed', { from: start, to: end })).ms;
      }
      ms += (await post<{ ms: number }>('/bench/scale/vacuum', {})).ms;
      console.log(`seeded jobs ${fmt(from)}–${fmt(to)} in ${fmt(ms / 1000, 1)} s`);
      return ms;
    };
    const list = listUrl(server.url, { status: 'assigned' }, ['created_at', 'DESC'], [0, 24]);
    console.log(`scale benchmark on ${server.db}`);

    await seed(0, small);
    const listSmall = await tools.load(list, auth);

    // Export: the best of three runs each, in turns with the floor (measured inside the server).
    const exportUrl = `${server.url}/api/v2/jobs`;
    type Memory = { rssMb: number; heapMb: number };
    type Download = Awaited<ReturnType<typeof download>>;
    const runs: { plain: Download; gzip: Download; memory: Memory; floor: number }[] = [];
    for (let i = 0; i < 3; i++) {
      await post<Memory>('/bench/scale/peak');
      const plain = await download(
        exportUrl,
        { ...auth, accept: 'text/csv', 'accept-encoding': 'identity' },
        false,
      );
      const memory = await post<Memory>('/bench/scale/peak');
      const gzip = await download(
        exportUrl,
        { ...auth, accept: 'text/csv', 'accept-encoding': 'gzip' },
        false,
      );
      const floor = await post<{ ms: number }>('/bench/scale/copy-floor');
      if (plain.status !== 200 || gzip.status !== 200) throw new Error('export failed');
      runs.push({ plain, gzip, memory, floor: floor.ms });
    }
    const best = (pick: (r: (typeof runs)[number]) => number) => Math.min(...runs.map(pick));
    const exportMs = best((r) => r.plain.ms);
    const gzipMs = best((r) => r.gzip.ms);
    const copyMs = best((r) => r.floor);
    const rows = runs[0]!.plain.lines - 1; // the bench's cells hold no line breaks
    const mb = runs[0]!.plain.bytes / 1e6;
    const gzipMb = runs[0]!.gzip.bytes / 1e6;
    const rssMb = Math.max(...runs.map((r) => r.memory.rssMb));
    const heapMb = Math.max(...runs.map((r) => r.memory.heapMb));
    const dashboardSmall = await sample(`${server.url}/api/v2/job/summary/counts`, auth);

    const growMs = await seed(small, large);
    const listLarge = await tools.load(list, auth);
    const dashboard = await sample(`${server.url}/api/v2/job/summary/counts`, auth);
    const overdue = await sample(
      listUrl(server.url, { overdue: true }, ['due_at', 'ASC'], [0, 4]),
      auth,
    );
    const byName = await sample(
      listUrl(server.url, { q: 'Okonkwo' }, ['created_at', 'DESC'], [0, 24]),
      auth,
    );
    const byCode = await sample(
      listUrl(server.url, { q: 'JOB-054321' }, ['created_at', 'DESC'], [0, 24]),
      auth,
    );
    const ms = (s: { median: number; p95: number }) =>
      `${fmt(s.median, 1)} ms (p95 ${fmt(s.p95, 1)})`;
    const within20 = (s: { median: number }) => verdict(s.median <= 20);

    const table = markdownTable([
      ['measure', 'result', 'floor or aim', 'verdict'],
      [
        `CSV export of ${fmt(rows)} jobs (${fmt(mb, 1)} MB)`,
        `${fmt(exportMs)} ms`,
        `COPY (SELECT …) TO of the same rows ${fmt(copyMs)} ms; aim < 3,000 ms and ≤ 1.5× COPY`,
        `${fmt(exportMs / copyMs, 2)}× COPY: ${verdict(exportMs < 3000 && exportMs <= 1.5 * copyMs)}`,
      ],
      [
        'CSV export gzip (Accept-Encoding: gzip)',
        `${fmt(gzipMs)} ms, ${fmt(gzipMb, 1)} MB sent`,
        `${fmt(mb / gzipMb, 1)}× smaller`,
        `${fmt(gzipMs / exportMs, 2)}× the plain export's time`,
      ],
      [
        'server memory while exporting (peak, sampled every 10 ms)',
        `RSS ${fmt(rssMb)} MB, heap ${fmt(heapMb)} MB`,
        '',
        '',
      ],
      [
        `seeding ${fmt(large - small)} older jobs in SQL (generate_series, then VACUUM ANALYZE)`,
        `${fmt(growMs / 1000, 1)} s`,
        '',
        '',
      ],
      [
        `GET /jobs p99 at ${fmt(large)} vs ${fmt(small)} jobs (page of 25, status filter, sorted)`,
        `${listLarge.p99} ms vs ${listSmall.p99} ms`,
        'aim ≤ 1.5×',
        `${fmt(listLarge.p99 / Math.max(listSmall.p99, 1), 2)}×: ${verdict(listLarge.p99 <= 1.5 * Math.max(listSmall.p99, 1))}`,
      ],
      [
        `dashboard counts (GET /job/summary/counts) at ${fmt(large)}`,
        ms(dashboard),
        `aim ≤ 20 ms (at ${fmt(small)}: ${ms(dashboardSmall)})`,
        within20(dashboard),
      ],
      ['overdue list (5 most overdue, with total)', ms(overdue), 'aim ≤ 20 ms', within20(overdue)],
      ['search by name (q=Okonkwo, page of 25)', ms(byName), 'aim ≤ 20 ms', within20(byName)],
      ['search by code (q=JOB-054321)', ms(byCode), 'aim ≤ 20 ms', within20(byCode)],
    ]);
    return [
      scaleHeading,
      '',
      `On ${server.db}, the company owning every job; timings are medians of up to ${samples} sequential ` +
        'requests unless a p99 of the load test; ≤ 20 ms aims are judged on the median.',
      '',
      ...table,
      '',
    ].join('\n');
  });
