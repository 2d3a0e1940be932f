import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import eng from '@tesseract.js-data/eng';
import sharp from 'sharp';
import type { Worker as Thread } from 'node:worker_threads';
import { createWorker, OEM, type Worker, type WorkerOptions } from 'tesseract.js';
import { bestOfReadings, matchBill, wantsSecondReading, type BillReading } from './billMatch';
import type { BillCheck, CheckResult, Claim } from './types';

/** Reads utility-bill photos and matches them against the claim. Kept warm between bills. */
export interface BillChecker {
  check(jpeg: Uint8Array, claim: Claim, capturedAt: Date): Promise<CheckResult<BillCheck>>;
  /** Starts the OCR worker and loads its model now, so that the first bill does not wait. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const tesseractScript = 'tesseract.js/src/worker-script/node/index.js';

/**
 * Everything tesseract.js loads comes from installed packages: the worker script and the wasm core
 * from tesseract.js, the English model from @tesseract.js-data/eng. No URL, so nothing is fetched,
 * and no cache written (`cacheMethod: 'none'`): the model is read from the package each start.
 */
export const tesseractOptions: Partial<WorkerOptions> = {
  // tesseract.js's worker script, started at a lower priority than the API's thread.
  workerPath: fileURLToPath(new URL('./ocrWorker.cjs', import.meta.url)),
  corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
  langPath: eng.langPath,
  gzip: eng.gzip,
  cacheMethod: 'none',
};

/** How the photo is prepared for OCR; `bench/bills.ts` compares them on the evaluation set. */
export type BillPreparation = 'as_sent' | 'grey' | 'grey_large' | 'grey_xl_sharp';

/** The long side the photo is brought to before OCR (the wizard sends at most 1280 px). */
const ocrSide = 2000;

export async function prepareBill(jpeg: Uint8Array, how: BillPreparation): Promise<Buffer> {
  if (how === 'as_sent') return Buffer.from(jpeg);
  let img = sharp(jpeg, { limitInputPixels: 40_000_000 }).rotate().greyscale().normalise();
  if (how === 'grey_large')
    img = img.resize({ width: ocrSide, height: ocrSide, fit: 'inside', kernel: 'lanczos3' });
  if (how === 'grey_xl_sharp')
    img = img
      .resize({ width: 2600, height: 2600, fit: 'inside', kernel: 'lanczos3' })
      .sharpen({ sigma: 1.2 });
  // An uncompressed grey image (PGM) rather than a PNG: no deflate here, no inflate in the OCR's
  // WebAssembly, and the same pixels, so the same text.
  const { data, info } = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
}

export const defaultPreparation: BillPreparation = 'grey_large';

/**
 * The second look, taken only when the first reading misses the name or the address: larger and
 * sharpened, it reads thin strokes the first loses ("29B" read "208", a blurred line dropped),
 * at about twice the time. Read alone it judged every bill of the evaluation set right, so it
 * is the fallback; not the first reading, which is quicker on the common bill that matches.
 */
export const defaultSecondPreparation: BillPreparation = 'grey_xl_sharp';

/**
 * Text is read within this long or not at all, both readings together: tesseract spends up to
 * 20 s on a textured wall and cannot be interrupted, so past it the worker is ended (a new one
 * starts in about 2 s). A first reading cut short leaves the bill unreadable; a second one cut
 * short leaves the first one's result. Bills of the evaluation set read in 1–4 s a reading.
 */
export const defaultOcrTimeoutMs = 8_000;

/** Prepares and reads one photo within `timeoutMs`: its text, or null when it took too long. */
export type BillOcr = (
  jpeg: Uint8Array,
  how: BillPreparation,
  timeoutMs: number,
  times?: ReadingTimes,
) => Promise<string | null>;

export interface BillReadingPlan {
  preparation: BillPreparation;
  /** The second look's preparation; null: one reading only. */
  secondPreparation: BillPreparation | null;
  /** Both readings together. */
  ocrTimeoutMs: number;
  /** Told of each reading taken (the bench counts the second looks and times them). */
  onReading?: (how: BillPreparation, times: ReadingTimes) => void;
}

/** Where a reading's time went: the photo's preparation (sharp) and the OCR itself. */
export interface ReadingTimes {
  prepareMs: number;
  ocrMs: number;
}

export type BillCheckerOptions = Partial<BillReadingPlan> & {
  /** Told each time an OCR worker thread is started (tests and the bench count them). */
  onWorkerStart?: () => void;
  /** false: the OCR thread at the API's priority (the bench compares). */
  lowPriority?: boolean;
};

/**
 * Reads a bill once and, when that reading misses the name or the address, once more prepared
 * the other way, if the time left is at least what the first took (the second image is larger:
 * it is not quicker); the name or address counts as found when either reading found it.
 */
export async function readBill(
  jpeg: Uint8Array,
  claim: Claim,
  capturedAt: Date,
  plan: BillReadingPlan,
  ocr: BillOcr,
): Promise<CheckResult<BillCheck>> {
  const t0 = performance.now();
  const reading = async (how: BillPreparation, timeoutMs: number): Promise<BillReading> => {
    const times: ReadingTimes = { prepareMs: 0, ocrMs: 0 };
    const text = ((await ocr(jpeg, how, timeoutMs, times)) ?? '').replace(/[ \t]+\n/g, '\n').trim();
    plan.onReading?.(how, times);
    return { text, ...matchBill(text, claim, capturedAt) };
  };
  let best = await reading(plan.preparation, plan.ocrTimeoutMs);
  const firstMs = performance.now() - t0;
  const left = plan.ocrTimeoutMs - firstMs;
  if (plan.secondPreparation && wantsSecondReading(best) && left >= firstMs)
    best = bestOfReadings(best, await reading(plan.secondPreparation, left));
  const { warnings, ...check } = best;
  return { check: { ...check, ms: Math.round(performance.now() - t0) }, warnings };
}

/** tesseract.js's node worker thread, which its typings leave out. */
const threadOf = (w: Worker) => (w as Worker & { worker?: Thread | null }).worker ?? null;

export function createBillChecker(options: BillCheckerOptions = {}): BillChecker {
  const plan: BillReadingPlan = {
    preparation: options.preparation ?? defaultPreparation,
    secondPreparation:
      options.secondPreparation === undefined
        ? defaultSecondPreparation
        : options.secondPreparation,
    ocrTimeoutMs: options.ocrTimeoutMs ?? defaultOcrTimeoutMs,
    onReading: options.onReading,
  };
  let worker: Promise<Worker> | null = null;
  let closed = false;
  // The one worker reads one photo at a time; checks queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();

  const started = () => {
    if (worker) return worker;
    if (closed) return Promise.reject(new Error('The bill reader is closed'));
    options.onWorkerStart?.();
    const starting = createWorker(
      'eng',
      OEM.LSTM_ONLY,
      options.lowPriority === false
        ? { ...tesseractOptions, workerPath: require.resolve(tesseractScript) }
        : tesseractOptions,
    ).then(
      (w) => {
        // A warm worker waiting for the next bill must not keep the process alive.
        threadOf(w)?.unref();
        return w;
      },
      (e: unknown) => {
        if (worker === starting) worker = null;
        throw e;
      },
    );
    worker = starting;
    return starting;
  };

  const ocr: BillOcr = async (jpeg, how, timeoutMs, times) => {
    const t0 = performance.now();
    const image = await prepareBill(jpeg, how);
    const t1 = performance.now();
    const w = await started();
    const thread = threadOf(w);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, timeoutMs - (performance.now() - t0)));
    });
    thread?.ref(); // a reading in hand keeps the process alive, as any pending work does
    const recognizing = w.recognize(image);
    // Ended below when it takes too long: its rejection then is expected.
    recognizing.catch(() => undefined);
    const result = await Promise.race([recognizing, timedOut]).finally(() => {
      clearTimeout(timer);
      thread?.unref();
    });
    if (times) {
      times.prepareMs = t1 - t0;
      times.ocrMs = performance.now() - t1;
    }
    if (!result) {
      worker = null;
      await w.terminate();
    }
    return result?.data.text ?? null;
  };

  return {
    check(jpeg, claim, capturedAt) {
      // The worker's start (seconds, on the first bill and after a reading was cut short) is not
      // the bill's reading: left inside the cap, it made the first bill after a start unreadable.
      const run = queue.then(async () => {
        await started();
        return readBill(jpeg, claim, capturedAt, plan, ocr);
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async warm() {
      await started();
    },
    async close() {
      closed = true;
      await queue; // the bill in hand is finished with the worker it has
      const w = worker;
      worker = null;
      // A worker still loading (warm() at start, closed at once) is ended when it is ready.
      if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}
