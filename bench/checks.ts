import { performance } from 'node:perf_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { stateAliases } from '../reference/locations';
import { billSetDir, type BillCase } from '../scripts/makeBillSet';
import { buildApp } from '../server/app';
import { createBillChecker, type BillPreparation } from '../server/services/checks/bill';
import { createFaceChecker } from '../server/services/checks/face';
import { realCheckers, type Checkers } from '../server/services/checks/runner';
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
 * runs it (the checkers in their own worker threads, one submission at a time, warmed at start):
 * capture submissions arriving every few seconds while a signed-in user polls two calls
 * (`/auth/me` and the jobs list), against the same polling with nothing submitted; done with the
 * checkers' threads at the API's priority and below it, in turns. Reports the time from each
 * submission's answer to its checks done, per bill kind, where that time went (queue pickup,
 * each reading's preparation and OCR, the selfie), the first submission after a start with and
 * without warm(), and the calls' p99 with and without checks running.
 * BENCH_CHECKS_SUBMISSIONS (16 a run), BENCH_CHECKS_GAP_MS (4000), BENCH_CHECKS_STARTS (4).
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
  // The real checkers, timed: each reading's preparation (sharp) and OCR, each selfie's check.
  const phases = {
    prepare: [] as { how: BillPreparation; ms: number }[],
    ocr: [] as { how: BillPreparation; ms: number }[],
    face: [] as number[],
    workerStarts: 0,
  };
  /** The checkers' threads below the API's (as shipped), or at its priority (to compare). */
  let lowPriority = true;
  const timed: Checkers = {
    ...realCheckers,
    createBillChecker: () =>
      createBillChecker({
        lowPriority,
        onReading: (how, t) => {
          phases.prepare.push({ how, ms: t.prepareMs });
          phases.ocr.push({ how, ms: t.ocrMs });
        },
        onWorkerStart: () => (phases.workerStarts += 1),
      }),
    createFaceChecker: () => {
      const face = createFaceChecker({
        lowPriority,
        onWorkerStart: () => (phases.workerStarts += 1),
      });
      return {
        ...face,
        async check(selfie, agent) {
          const t = performance.now();
          try {
            return await face.check(selfie, agent);
          } finally {
            phases.face.push(performance.now() - t);
          }
        },
      };
    },
  };
  const newApp = async () => {
    const a = await buildApp({ config, db, checkers: timed });
    await a.ready();
    return a;
  };
  // One app at a time on the database: two would share the checks queue's jobs.
  let app = await newApp();
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
    /** First submissions after a start, in turns without and with warm(). */
    const starts = Number(process.env.BENCH_CHECKS_STARTS ?? 4);
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
    // n for each of the two steady runs, then the start phase's.
    const main = 2 * n;
    for (let i = 0; i < main + starts; i++) {
      // The start phase's bills: matching ones of the set, from the end of its list.
      const kind = i < main ? benchKinds[i % benchKinds.length]! : 'set_match';
      const c =
        kind === 'demo_match'
          ? null
          : i < main
            ? pools[kind][Math.floor(i / benchKinds.length)]
            : pools.set_match[pools.set_match.length - 1 - (i - main)];
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

    type Prepared = (typeof prepared)[number];
    type Done = {
      kind: BenchKind;
      ms: number;
      /** From the answer to the runner taking the submission (queue pickup, or a wait behind others). */
      pickupMs: number;
      /** From the runner taking the submission to its checks stored: the work without the wait. */
      workMs: number;
      bill: number | null;
      warnings: string[];
      failed: string[];
    };

    /** Submits one capture; its answer's time (Date.now(), to compare with the database's). */
    const submit = async ({ job, token, photos, capturedAt }: Prepared) => {
      const form = new FormData();
      form.append('lat', '6.6018');
      form.append('lng', '3.3515');
      form.append('accuracy', '12');
      // A bill of the set is dated before its own capture time, not before today.
      form.append('captured_at', capturedAt ?? new Date().toISOString());
      form.append('idempotency_key', `bench-${job.id}`);
      for (const [kind, data] of Object.entries(photos)) {
        form.append(kind, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${kind}.jpg`);
      }
      const res = await app.inject({
        method: 'POST',
        url: `/api/v2/capture/${token}`,
        payload: form,
      });
      if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
      return { wall: Date.now(), at: performance.now() };
    };

    /** Waits for a submission's checks to be stored. */
    const doneOf = async (p: Prepared, answered: { wall: number; at: number }): Promise<Done> => {
      for (;;) {
        const c = await app.repos.captureChecks.forJob(p.job.id);
        if (c && c.status !== 'pending') {
          return {
            kind: p.kind,
            ms: performance.now() - answered.at,
            pickupMs: c.started_at ? c.started_at.getTime() - answered.wall : Number.NaN,
            workMs:
              c.started_at && c.finished_at
                ? c.finished_at.getTime() - c.started_at.getTime()
                : Number.NaN,
            bill: c.bill?.ms ?? null,
            warnings: c.warnings.map((w) => w.code),
            failed: c.failed_parts,
          };
        }
        await sleep(20);
      }
    };

    // The first submission after a start: without warm() (the models load then) and with it
    // (awaited, as the server's start does in the background), in turns, a new app each time.
    await app.close();
    const firsts: { warm: boolean; done: Done; workerStarts: number }[] = [];
    for (const [i, p] of prepared.slice(main).entries()) {
      const warm = i % 2 === 1;
      app = await newApp();
      if (warm) await app.checks.warm();
      const before = phases.workerStarts;
      const done = await doneOf(p, await submit(p));
      firsts.push({ warm, done, workerStarts: phases.workerStarts - before });
      await app.close();
    }
    const resetPhases = () => {
      phases.prepare.length = phases.ocr.length = phases.face.length = 0;
    };
    resetPhases();

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
    const quietFor = (ms: number) => {
      const end = performance.now() + ms;
      return poll(() => performance.now() > end);
    };

    /** n submissions, one every gapMs, while the calls are polled until all are checked. */
    const steady = async (list: Prepared[]) => {
      const toDone: Done[] = [];
      const failedParts = new Set<string>();
      const submitAll = (async () => {
        for (const p of list) {
          const answered = await submit(p);
          void doneOf(p, answered).then((d) => {
            toDone.push(d);
            for (const f of d.failed) failedParts.add(f);
          });
          await sleep(gapMs);
        }
      })();
      const busy = await poll(() => toDone.length >= list.length);
      await submitAll;
      return { toDone, failedParts, busy };
    };

    // The same load twice: the checkers' threads at the API's priority, then below it (as
    // shipped), each in an app warmed as the server's start does; the calls polled with nothing
    // submitted before and after, for the baseline.
    const loadStart = loadavg()[0]!;
    const quiet: number[] = [];
    const runs: { low: boolean; busy: number[]; toDone: Done[] }[] = [];
    let toDone: Done[] = [];
    let failedParts = new Set<string>();
    let busy: number[] = [];
    for (const low of [false, true]) {
      lowPriority = low;
      app = await newApp();
      await app.checks.warm();
      if (!low) quiet.push(...(await quietFor(n * gapMs)));
      resetPhases();
      const list = prepared.slice(low ? n : 0, low ? main : n);
      ({ toDone, failedParts, busy } = await steady(list));
      runs.push({ low, busy, toDone });
      if (low) quiet.push(...(await quietFor(n * gapMs)));
      else await app.close();
    }

    const p99 = (v: number[]) => quantile(v, 0.99);
    const rows = [
      [
        'signed-in calls while checks run',
        'calls',
        'p50 / p99 (ms)',
        'p99 ÷ p99 with nothing submitted (aim ≤ 1.2)',
        'checks done ≤ 10 s',
      ],
      ...runs.map((r) => [
        r.low ? "checkers' threads below the API's (nice 10, shipped)" : "at the API's priority",
        String(r.busy.length),
        `${fmt(median(r.busy), 1)} / ${fmt(p99(r.busy), 1)}`,
        fmt(p99(r.busy) / p99(quiet), 2),
        `${r.toDone.filter((d) => d.ms <= 10_000).length} of ${r.toDone.length}`,
      ]),
      [
        'nothing submitted (before and after)',
        String(quiet.length),
        `${fmt(median(quiet), 1)} / ${fmt(p99(quiet), 1)}`,
        '',
        '',
      ],
    ];
    const all = toDone.map((d) => d.ms);
    const within = all.filter((ms) => ms <= 10_000).length;
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
    const p5095 = (v: number[]) =>
      v.length ? `${fmt(quantile(v, 0.5))} / ${fmt(quantile(v, 0.95))}` : '';
    const readingsOf = (list: { how: BillPreparation; ms: number }[], first: boolean) =>
      list.filter((r) => (r.how === 'grey_xl_sharp') !== first).map((r) => r.ms);
    const phaseRows = [
      ['phase (the steady run above)', 'count', 'p50 / p95 (ms)'],
      [
        'answer → runner takes it (queue pickup, or waiting behind another)',
        String(toDone.length),
        p5095(toDone.map((d) => d.pickupMs)),
      ],
      ...[true, false].flatMap((first) => [
        [
          `${first ? 'first' : 'second'} reading: photo prepared (sharp)`,
          String(readingsOf(phases.prepare, first).length),
          p5095(readingsOf(phases.prepare, first)),
        ],
        [
          `${first ? 'first' : 'second'} reading: OCR (tesseract)`,
          String(readingsOf(phases.ocr, first).length),
          p5095(readingsOf(phases.ocr, first)),
        ],
      ]),
      ['bill, all its readings', String(toDone.length), p5095(toDone.flatMap((d) => d.bill ?? []))],
      ['selfie (face worker, beside the bill)', String(phases.face.length), p5095(phases.face)],
      [
        'runner takes it → checks stored',
        String(toDone.length),
        p5095(toDone.map((d) => d.workMs)),
      ],
    ];
    const firstRows = [
      [
        'first submission after a start',
        'answered → checks done (ms)',
        'pickup (ms)',
        'working (ms)',
        'worker threads started for it',
      ],
      ...firsts.map((f) => [
        f.warm ? 'after warm()' : 'cold (models load at the submission)',
        fmt(f.done.ms),
        fmt(f.done.pickupMs),
        fmt(f.done.workMs),
        String(f.workerStarts),
      ]),
    ];
    const ratio = p99(busy) / p99(quiet);
    return [
      `## Machine checks (${scratchUrl ? 'PostgreSQL' : 'PGlite'})`,
      '',
      `${n} capture submissions, one every ${gapMs / 1000} s, their bills in turn: a bill the ` +
        'demo draws in the claimed name and address, and photographed-like bills of the evaluation set ' +
        `(${billSetDir}/) submitted for a job of their own claim: one in the claimed name, one in ` +
        'another name, one of another address or house number (these two take a second reading). ' +
        'A signed-in company polls `/auth/me` and the jobs list one call after the other. Done ' +
        "twice, the checkers' threads at the API's priority and then below it (as shipped), each " +
        'in a new app warmed as at the server start; the same polling with nothing submitted ' +
        'before the first and after the second is the baseline. One app at a time in this ' +
        'process, the checkers in their own worker threads as in the server. Load average at the ' +
        `start ${fmt(loadStart, 1)}, at the end ${fmt(loadavg()[0]!, 1)} (${cpus().length} cores). ` +
        `The tables of times and phases are the second run's (as shipped): done in ${pcts(all)} ms ` +
        `(p50 / p95 / max), ${within} of ${all.length} within 10 s.`,
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
      ...markdownTable(phaseRows),
      '',
      ...markdownTable(firstRows),
      '',
      `- as shipped, checks done within 10 s of the answer: ` +
        `${within === all.length ? 'met' : 'NOT met'} (${within} of ${all.length})`,
      `- as shipped, other calls' p99 within 1.2× of it with nothing submitted: ` +
        `${ratio <= 1.2 ? 'met' : 'NOT met'} (${fmt(ratio, 2)}×)`,
      '',
    ].join('\n');
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
