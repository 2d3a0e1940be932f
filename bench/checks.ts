import { performance } from 'node:perf_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { stateAliases } from '../reference/locations';
import { billSetDir, type BillCase } from '../scripts/makeBillSet';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { housePhoto, selfiePhoto, utilityBillPhoto } from '../server/seed/demoImages';
import { demoRandom } from '../server/seed/demoRandom';
import { signedInCompany } from './benchCompany';
import { fmt, markdownTable, median, quantile } from './report';

/** The bills submitted, in turn: the demo's drawn one and three kinds from the evaluation set. */
const benchKinds = ['demo_match', 'set_match', 'set_other_name', 'set_other_address'] as const;
type BenchKind = (typeof benchKinds)[number];
const benchKindNames: Record<BenchKind | 'all', string> = {
  demo_match: "the demo's drawn bill, claimed name",
  set_match: 'evaluation set, claimed name and address',
  set_other_name: 'evaluation set, another name',
  set_other_address: 'evaluation set, another address or number',
  all: 'all',
};
const expectedOf = (kind: BenchKind) =>
  kind === 'set_other_name'
    ? ['bill_name_mismatch']
    : kind === 'set_other_address'
      ? ['bill_address_mismatch']
      : [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What the machine checks cost (BENCH_ONLY=checks), in one app in this process as the server
 * runs it (the checkers in their own worker threads, one submission at a time): capture
 * submissions arriving every few seconds while a signed-in user polls two calls (`/auth/me` and
 * the jobs list), against the same polling with nothing submitted. Reports the time from each
 * submission's answer to its checks done, and the calls' p99 with and without checks running.
 * It measures the checkers the build has: until bill.ts, place.ts and face.ts are real, they
 * fail at once and the figures say nothing of OCR (the report says which parts failed).
 */
export async function benchChecks(scratchUrl?: string) {
  const db: Db = scratchUrl ? await openPostgres(scratchUrl) : await openPglite();
  await migrate(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-checks-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      CHECKS: 'on',
    }),
    logLevel: 'silent',
  };
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    await db.query(
      `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
       SELECT s, 'address', a, 150000, 48 FROM unnest($1::text[]) s,
              unnest(ARRAY['company', 'agent']) a`,
      [stateAliases],
    );
    const owner = await signedInCompany(app, db, 'owner', 'CHECKS-BENCH');
    const partner = await signedInCompany(app, db, 'partner', 'CHECKS-BENCH');
    await db.query('UPDATE companies SET is_partner = true WHERE id = $1', [partner.companyId]);

    const n = Number(process.env.BENCH_CHECKS_SUBMISSIONS ?? 16);
    const gapMs = Number(process.env.BENCH_CHECKS_GAP_MS ?? 4000);
    const r = demoRandom(27);
    // The evaluation set's photographed-like bills, each submitted for a job of its own claim.
    const setCases = JSON.parse(
      readFileSync(path.join(billSetDir, 'truth.json'), 'utf8'),
    ) as BillCase[];
    const ofKind = (kinds: string[]) => setCases.filter((c) => kinds.includes(c.kind));
    const pools: Record<Exclude<BenchKind, 'demo_match'>, BillCase[]> = {
      set_match: ofKind(['match']),
      set_other_name: ofKind(['other_name']),
      set_other_address: ofKind(['other_address', 'other_number']),
    };
    const prepared = [];
    for (let i = 0; i < n; i++) {
      const kind = benchKinds[i % benchKinds.length]!;
      const c = kind === 'demo_match' ? null : pools[kind][Math.floor(i / benchKinds.length)];
      if (c === undefined) throw new Error(`the evaluation set has too few ${kind} bills`);
      const [first = '', ...rest] = c ? c.claim.subjectName.split(' ') : [];
      const fields = {
        first_name: c ? first : 'Amaka',
        last_name: c ? rest.join(' ') : `Obi${String.fromCharCode(65 + (i % 26))}`,
        phone: '0803 123 4567',
        email: 'bench@example.ng',
        address: c?.claim.address ?? `${10 + i} Allen Avenue`,
        landmark: 'Near the market',
        state: 'lagos',
        lga: 'ikeja',
      };
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const made = await app.inject({
        method: 'POST',
        url: '/api/v2/job/create-address',
        headers: owner.headers,
        payload: form,
      });
      if (made.statusCode !== 201) throw new Error(`create: ${made.body}`);
      const job = made.json() as { id: string };
      const assigned = await app.inject({
        method: 'PATCH',
        url: `/api/v2/job/assign/company/${partner.companyId}`,
        headers: owner.headers,
        payload: { list: [job.id] },
      });
      if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.body}`);
      const link = await app.inject({
        method: 'POST',
        url: `/api/v2/job/${job.id}/capture-link`,
        headers: partner.headers,
      });
      const { token } = link.json() as { token: string };
      const photos = {
        selfie: await selfiePhoto(r),
        house: await housePhoto(r, String(10 + i)),
        utility_bill: c
          ? readFileSync(path.join(billSetDir, c.file))
          : await utilityBillPhoto(r, {
              disco: 'Ikeja Electric Plc',
              customer: `${fields.first_name} ${fields.last_name}`,
              address: `${fields.address}, Ikeja`,
              month: new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' }),
              amount: '₦12,400.00',
            }),
      };
      prepared.push({ job, token, photos, kind, capturedAt: c?.capturedAt });
    }

    /** Polls the two calls one after the other until `until()`; their latencies (ms). */
    const poll = async (until: () => boolean) => {
      const times: number[] = [];
      while (!until()) {
        for (const url of ['/api/v2/auth/me', '/api/v2/jobs?range=[0,24]']) {
          const t = performance.now();
          const res = await app.inject({ url, headers: owner.headers });
          times.push(performance.now() - t);
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
        }
        await sleep(20);
      }
      return times;
    };

    const loadStart = loadavg()[0]!;
    const spanMs = n * gapMs;
    const quietEnd = performance.now() + spanMs;
    const quiet = await poll(() => performance.now() > quietEnd);

    const toDone: {
      kind: BenchKind;
      ms: number;
      /** From the runner taking the submission to its checks stored: the work without the wait. */
      workMs: number;
      bill: number | null;
      warnings: string[];
    }[] = [];
    const failedParts = new Set<string>();
    let finished = 0;
    const submitAll = (async () => {
      for (const { job, token, photos, kind, capturedAt } of prepared) {
        const form = new FormData();
        form.append('lat', '6.6018');
        form.append('lng', '3.3515');
        form.append('accuracy', '12');
        // A bill of the set is dated before its own capture time, not before today.
        form.append('captured_at', capturedAt ?? new Date().toISOString());
        form.append('idempotency_key', `bench-${job.id}`);
        for (const [kind, data] of Object.entries(photos)) {
          form.append(
            kind,
            new Blob([new Uint8Array(data)], { type: 'image/jpeg' }),
            `${kind}.jpg`,
          );
        }
        const res = await app.inject({
          method: 'POST',
          url: `/api/v2/capture/${token}`,
          payload: form,
        });
        if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
        const answered = performance.now();
        void (async () => {
          for (;;) {
            const c = await app.repos.captureChecks.forJob(job.id);
            if (c && c.status !== 'pending') {
              toDone.push({
                kind,
                ms: performance.now() - answered,
                workMs:
                  c.started_at && c.finished_at
                    ? c.finished_at.getTime() - c.started_at.getTime()
                    : Number.NaN,
                bill: c.bill?.ms ?? null,
                warnings: c.warnings.map((w) => w.code),
              });
              for (const p of c.failed_parts) failedParts.add(p);
              finished += 1;
              return;
            }
            await sleep(50);
          }
        })();
        await sleep(gapMs);
      }
    })();
    const busy = await poll(() => finished >= n);
    await submitAll;

    const p99 = (v: number[]) => quantile(v, 0.99);
    const rows = [
      ['measure', 'checks running', 'nothing submitted', 'ratio (aim ≤ 1.2)'],
      [
        `signed-in calls, p99 (ms; ${busy.length} / ${quiet.length} calls)`,
        fmt(p99(busy), 1),
        fmt(p99(quiet), 1),
        fmt(p99(busy) / p99(quiet), 2),
      ],
      ['signed-in calls, median (ms)', fmt(median(busy), 1), fmt(median(quiet), 1), ''],
    ];
    const all = toDone.map((d) => d.ms);
    const pcts = (v: number[]) =>
      `${fmt(quantile(v, 0.5))} / ${fmt(quantile(v, 0.95))} / ${fmt(Math.max(...v))}`;
    const doneRows = [
      [
        'bill (aim: done ≤ 10,000 ms)',
        'submissions',
        'answered → checks done, p50 / p95 / max (ms)',
        'checks working (no wait), p50 / max (ms)',
        'bill read, p50 / max (ms)',
        'bill warnings as expected',
      ],
      ...[...benchKinds, 'all' as const].map((kind) => {
        const of = toDone.filter((d) => kind === 'all' || d.kind === kind);
        const bills = of.flatMap((d) => (d.bill === null ? [] : [d.bill]));
        const right = of.filter((d) => {
          const want = kind === 'all' ? expectedOf(d.kind) : expectedOf(kind);
          // Whether the bill is too old depends on the day the bench runs: not counted.
          const got = d.warnings.filter((w) => w.startsWith('bill_') && w !== 'bill_too_old');
          return got.join(',') === want.join(',');
        });
        return [
          benchKindNames[kind],
          String(of.length),
          of.length ? pcts(of.map((d) => d.ms)) : '',
          of.length
            ? `${fmt(
                quantile(
                  of.map((d) => d.workMs),
                  0.5,
                ),
              )} / ${fmt(Math.max(...of.map((d) => d.workMs)))}`
            : '',
          bills.length ? `${fmt(quantile(bills, 0.5))} / ${fmt(Math.max(...bills))}` : '',
          `${right.length} of ${of.length}`,
        ];
      }),
    ];
    return [
      `## Machine checks (${scratchUrl ? 'PostgreSQL' : 'PGlite'})`,
      '',
      `${n} capture submissions, one every ${gapMs / 1000} s, their bills in turn: a bill the ` +
        'demo draws in the claimed name and address, and photographed-like bills of the evaluation set ' +
        `(${billSetDir}/) submitted for a job of their own claim: one in the claimed name, one in ` +
        'another name, one of another address or house number (these two take a second reading). ' +
        'A signed-in company polls `/auth/me` and the jobs list one call after the other; then ' +
        'the same polling for as long with nothing submitted. One app in this process, the ' +
        `checkers in their own worker threads as in the server. Load average at the start ` +
        `${fmt(loadStart, 1)}, at the end ${fmt(loadavg()[0]!, 1)} (${cpus().length} cores). ` +
        `All submissions: done in ${pcts(all)} ms (p50 / p95 / max), ` +
        `${all.filter((ms) => ms <= 10_000).length} of ${all.length} within 10 s.`,
      failedParts.size
        ? `\nParts that failed (their checker threw, so no OCR or face work was measured): ` +
          `${[...failedParts].join(', ')}.`
        : '',
      '',
      ...markdownTable(doneRows),
      '',
      ...toDone
        .filter((d) => d.warnings.some((w) => w === 'bill_unreadable'))
        .map(
          (d) => `- ${benchKindNames[d.kind]}: unreadable (bill read in ${fmt(d.bill ?? 0)} ms)`,
        ),
      '',
      ...markdownTable(rows),
      '',
    ].join('\n');
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
