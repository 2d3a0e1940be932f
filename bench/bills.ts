import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createWorker, OEM } from 'tesseract.js';
import type { BillCase } from '../scripts/makeBillSet';
import {
  createBillChecker,
  defaultPreparation,
  tesseractOptions,
  type BillPreparation,
} from '../server/services/checks/bill';
import type { CheckWarningCode } from '../server/services/checks/types';
import { fmt, markdownTable } from './report';

/**
 * BENCH_ONLY=bills: the bill reader on the evaluation set (tests/fixtures/bills/, made by
 * `npm run eval:bills:make`): precision and recall of each warning, on the half the thresholds
 * were chosen on, the held-out half and the whole; time per bill; the OCR worker's start.
 * BILL_PREP=as_sent,grey,grey_large compares ways of preparing the photo (default: the checker's).
 */

/** BILL_SET_DIR: another set made by makeBillSet (e.g. at a larger photo size). */
const setDir = process.env.BILL_SET_DIR ?? 'tests/fixtures/bills';
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
}

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

async function run(preparation: BillPreparation, cases: BillCase[]) {
  const checker = createBillChecker({ preparation });
  const outcomes: Outcome[] = [];
  try {
    for (const c of cases) {
      const jpeg = readFileSync(path.join(setDir, c.file));
      const { check, warnings } = await checker.check(jpeg, c.claim, new Date(c.capturedAt));
      outcomes.push({
        c,
        got: new Set(warnings.map((w) => w.code)),
        ms: check.ms,
        name: check.name_score,
        address: check.address_score,
      });
      if (process.env.BILL_VERBOSE) {
        const wrong = c.expected.join(',') !== warnings.map((w) => w.code).join(',');
        console.log(
          `${wrong ? '✗' : '✓'} ${c.file} ${check.ms} ms name ${check.name_score} address ${check.address_score} date ${check.bill_date} issuer ${check.issuer} → ${warnings.map((w) => w.code).join(',')}`,
        );
        if (wrong && process.env.BILL_VERBOSE === 'text') console.log(check.text);
      }
    }
  } finally {
    await checker.close();
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
    '## Bill reader on the evaluation set (BENCH_ONLY=bills)',
    '',
    `${cases.length} photographed-like bills of tests/fixtures/bills/ (${cases.filter((c) => c.split === 'tune').length} to choose thresholds on, ${cases.filter((c) => c.split === 'held_out').length} held out), read one after another by one warm tesseract.js worker; the OCR worker starts in ${fmt(startMs)} ms.`,
    '',
  ];
  for (const prep of preparations) {
    const outcomes = await run(prep, cases);
    const ms = outcomes.map((o) => o.ms);
    out.push(
      `### Photo prepared as \`${prep}\`${prep === defaultPreparation ? ' (the checker’s)' : ''}`,
      '',
      `Time per bill (preparation, OCR and matching): p50 ${fmt(pct(ms, 50))} ms, p95 ${fmt(pct(ms, 95))} ms, max ${fmt(Math.max(...ms))} ms.`,
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
    out.push(...markdownTable(rows), '');
    const aim = (code: CheckWarningCode) => {
      const s = scores(outcomes, code);
      return `${code}: precision ${fmt(s.precision, 2)}, recall ${fmt(s.recall, 2)} — ${s.precision >= 0.9 && s.recall >= 0.9 ? 'met' : 'NOT met'}`;
    };
    out.push(
      `Aim (recall ≥ 0.9 at precision ≥ 0.9, whole set): ${aim('bill_name_mismatch')}; ${aim('bill_address_mismatch')}.`,
      '',
    );
    const missed = outcomes.filter((o) => o.c.expected.join(',') !== [...o.got].sort().join(','));
    if (missed.length)
      out.push(
        'Bills whose warnings differ from their truth:',
        '',
        ...missed.map(
          (o) =>
            `- ${o.c.file} (${o.c.split}): expected [${o.c.expected.join(', ')}], got [${[...o.got].join(', ')}] (name ${o.name}, address ${o.address})`,
        ),
        '',
      );
  }
  return out.join('\n');
}
