import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createWorker, OEM } from 'tesseract.js';
import { billSetDir, type BillCase } from '../scripts/makeBillSet';
import {
  createBillChecker,
  defaultPreparation,
  defaultSecondPreparation,
  tesseractOptions,
  type BillPreparation,
} from '../server/services/checks/bill';
import type { CheckWarningCode } from '../server/services/checks/types';
import { fmt, markdownTable } from './report';

/**
 * BENCH_ONLY=bills: the bill reader on the evaluation set (tests/fixtures/bills/, made by
 * `npm run eval:bills:make`): precision and recall of each warning, on the half the thresholds
 * were chosen on, the held-out half and the whole; time per bill; the OCR worker's start.
 * Each preparation is measured twice in the same run: with one reading (as the checker read until
 * the second look came) and with the second look on a mismatch (as it reads now).
 * BILL_PREP=as_sent,grey,grey_large compares ways of preparing the photo (default: the checker's);
 * BILL_SECOND=grey,… other preparations for the second look (default: the checker's).
 */

/**
 * BILL_SET_DIR: another set made by makeBillSet (at a larger photo size, or from another seed:
 * `BILL_SET_DIR=/tmp/bills-20000 BILL_SET_SEED=20000 npm run eval:bills:make`), reported in a
 * section of its own.
 */
const setDir = process.env.BILL_SET_DIR ?? billSetDir;
const codes: CheckWarningCode[] = [
  'bill_unreadable',
  'bill_name_mismatch',
  'bill_address_mismatch',
  'bill_too_old',
];

interface Outcome {
  c: BillCase;
  got: Set<CheckWarningCode>;
  ms: number;
  name: number;
  address: number;
  readings: number;
  /** Lines read again by a closer look (0: none taken). */
  closeLines: number;
}

/**
 * How the checker reads: the first reading's preparation, the second look's if any, and whether
 * it looks closer at the address lines when the address is still missing.
 */
interface Plan {
  preparation: BillPreparation;
  second: BillPreparation | null;
  closeLook: boolean;
}

const planName = (p: Plan) =>
  (p.second
    ? `\`${p.preparation}\`, a second look \`${p.second}\` on a mismatch`
    : `\`${p.preparation}\`, one reading`) +
  (p.closeLook ? ', a closer look at the address and name lines' : '');
const isCheckers = (p: Plan) =>
  p.preparation === defaultPreparation && p.second === defaultSecondPreparation && p.closeLook;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

function scores(outcomes: Outcome[], code: CheckWarningCode) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const o of outcomes) {
    const want = o.c.expected.includes(code);
    const got = o.got.has(code);
    if (want && got) tp++;
    else if (got) fp++;
    else if (want) fn++;
  }
  return {
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: tp + fn ? tp / (tp + fn) : 1,
    tp,
    fp,
    fn,
  };
}

/**
 * Every plan reads each bill in turn, bill by bill, each with its own warm worker: the machine's
 * load at any moment weighs on all of them alike, so their times compare.
 */
async function run(plans: Plan[], cases: BillCase[]) {
  let readings = 0;
  let closeLines = 0;
  const checkers = plans.map((plan) =>
    createBillChecker({
      preparation: plan.preparation,
      secondPreparation: plan.second,
      closeLook: plan.closeLook,
      onReading: () => readings++,
      onCloseLook: (lines) => (closeLines += lines),
    }),
  );
  const outcomes: Outcome[][] = plans.map(() => []);
  try {
    for (const c of cases) {
      const jpeg = readFileSync(path.join(setDir, c.file));
      for (const [i, checker] of checkers.entries()) {
        readings = 0;
        closeLines = 0;
        const { check, warnings } = await checker.check(jpeg, c.claim, new Date(c.capturedAt));
        outcomes[i]!.push({
          c,
          got: new Set(warnings.map((w) => w.code)),
          ms: check.ms,
          name: check.name_score,
          address: check.address_score,
          readings,
          closeLines,
        });
        if (process.env.BILL_VERBOSE) {
          const wrong = c.expected.join(',') !== warnings.map((w) => w.code).join(',');
          console.log(
            `${wrong ? '✗' : '✓'} ${planName(plans[i]!)}: ${c.file} ${check.ms} ms ${readings} reading(s) name ${check.name_score} address ${check.address_score} date ${check.bill_date} issuer ${check.issuer} → ${warnings.map((w) => w.code).join(',')}`,
          );
          if (wrong && process.env.BILL_VERBOSE === 'text') console.log(check.text);
        }
      }
    }
  } finally {
    await Promise.all(checkers.map((checker) => checker.close()));
  }
  return outcomes;
}

export async function benchBills(): Promise<string> {
  const cases = JSON.parse(readFileSync(path.join(setDir, 'truth.json'), 'utf8')) as BillCase[];
  const preparations = (process.env.BILL_PREP?.split(',') ?? [
    defaultPreparation,
  ]) as BillPreparation[];

  const t0 = performance.now();
  const worker = await createWorker('eng', OEM.LSTM_ONLY, tesseractOptions);
  const startMs = performance.now() - t0;
  await worker.terminate();

  const out = [
    setDir === billSetDir
      ? '## Bill reader on the evaluation set (BENCH_ONLY=bills)'
      : `## Bill reader on another set, ${path.basename(setDir)} (BENCH_ONLY=bills BILL_SET_DIR)`,
    '',
    `${cases.length} photographed-like bills of ${setDir}/ (${
      setDir === billSetDir
        ? `${cases.filter((c) => c.split === 'tune').length} to choose thresholds on, ${cases.filter((c) => c.split === 'held_out').length} held out`
        : 'drawn from another seed: nothing was chosen on them; "tune" and "held_out" are only the halves the generator names'
    }), read one after another, each way of reading with its own warm tesseract.js worker, the ways taking turns bill by bill; the OCR worker starts in ${fmt(startMs)} ms.`,
    '',
  ];
  const seconds = (process.env.BILL_SECOND?.split(',') ?? [
    defaultSecondPreparation,
  ]) as BillPreparation[];
  const plans: Plan[] = preparations.flatMap((preparation) => [
    { preparation, second: null, closeLook: false },
    ...seconds.flatMap((second) => [
      { preparation, second, closeLook: false },
      { preparation, second, closeLook: true },
    ]),
  ]);

  const summary = [
    [
      'reading',
      'time p50 / p95 / max',
      'second looks',
      'closer looks (lines)',
      'name P / R',
      'address P / R',
    ],
  ];
  const pr = (outcomes: Outcome[], code: CheckWarningCode) => {
    const s = scores(outcomes, code);
    return `${fmt(s.precision, 2)} / ${fmt(s.recall, 2)}`;
  };
  const details: string[] = [];
  const loadBefore = loadavg()[0]!;
  const outcomesOf = await run(plans, cases);
  const load = `${cpus().length} cores, load average ${fmt(loadBefore, 1)} at the start and ${fmt(loadavg()[0]!, 1)} at the end`;
  for (const [i, plan] of plans.entries()) {
    const outcomes = outcomesOf[i]!;
    const ms = outcomes.map((o) => o.ms);
    const times = `${fmt(pct(ms, 50))} / ${fmt(pct(ms, 95))} / ${fmt(Math.max(...ms))} ms`;
    const twice = outcomes.filter((o) => o.readings > 1).map((o) => o.ms);
    const once = outcomes.filter((o) => o.readings === 1).map((o) => o.ms);
    const looks = twice.length;
    const closer = outcomes.filter((o) => o.closeLines);
    const closerMs = closer.map((o) => o.ms);
    summary.push([
      `${planName(plan)}${isCheckers(plan) ? ' (the checker’s)' : ''}`,
      times,
      String(looks),
      `${closer.length} (${closer.reduce((a, o) => a + o.closeLines, 0)})`,
      pr(outcomes, 'bill_name_mismatch'),
      pr(outcomes, 'bill_address_mismatch'),
    ]);
    details.push(
      `### Photo prepared as ${planName(plan)}${isCheckers(plan) ? ' (the checker’s)' : ''}`,
      '',
      `Time per bill (preparation, OCR and matching): p50 ${fmt(pct(ms, 50))} ms, p95 ${fmt(pct(ms, 95))} ms, max ${fmt(Math.max(...ms))} ms; a second look taken on ${looks} of ${outcomes.length} bills${looks ? ` (those: p50 ${fmt(pct(twice, 50))} ms, max ${fmt(Math.max(...twice))} ms; the others: p50 ${fmt(pct(once, 50))} ms)` : ''}${closer.length ? `; a closer look on ${closer.length} (those: p50 ${fmt(pct(closerMs, 50))} ms, max ${fmt(Math.max(...closerMs))} ms)` : ''}.`,
      '',
    );
    const rows = [['warning', 'split', 'precision', 'recall', 'tp / fp / fn']];
    for (const code of codes)
      for (const split of ['tune', 'held_out', 'all'] as const) {
        const s = scores(
          outcomes.filter((o) => split === 'all' || o.c.split === split),
          code,
        );
        rows.push([
          code,
          split,
          fmt(s.precision, 2),
          fmt(s.recall, 2),
          `${s.tp} / ${s.fp} / ${s.fn}`,
        ]);
      }
    details.push(...markdownTable(rows), '');
    const aim = (code: CheckWarningCode) => {
      const s = scores(outcomes, code);
      return `${code}: precision ${fmt(s.precision, 2)}, recall ${fmt(s.recall, 2)} — ${s.precision >= 0.9 && s.recall >= 0.9 ? 'met' : 'NOT met'}`;
    };
    details.push(
      `Aim (recall ≥ 0.9 at precision ≥ 0.9, whole set): ${aim('bill_name_mismatch')}; ${aim('bill_address_mismatch')}.`,
      '',
    );
    const missed = outcomes.filter((o) => o.c.expected.join(',') !== [...o.got].sort().join(','));
    if (missed.length)
      details.push(
        'Bills whose warnings differ from their truth:',
        '',
        ...missed.map(
          (o) =>
            `- ${o.c.file} (${o.c.split}): expected [${o.c.expected.join(', ')}], got [${[...o.got].join(', ')}] (name ${o.name}, address ${o.address})`,
        ),
        '',
      );
  }
  out.push(
    `The readings compared, in this run (${load}; P / R: precision / recall on the whole set):`,
    '',
    ...markdownTable(summary),
    '',
    ...details,
  );
  return out.join('\n');
}
