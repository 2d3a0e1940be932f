import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import eng from '@tesseract.js-data/eng';
import sharp from 'sharp';
import { createWorker, OEM, type Worker, type WorkerOptions } from 'tesseract.js';
import { bestOfReadings, matchBill, wantsSecondReading, type BillReading } from './billMatch';
import type { BillCheck, CheckResult, Claim } from './types';

/** Reads utility-bill photos and matches them against the claim. Kept warm between bills. */
export interface BillChecker {
  check(jpeg: Uint8Array, claim: Claim, capturedAt: Date): Promise<CheckResult<BillCheck>>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Everything tesseract.js loads comes from installed packages: the worker script and the wasm core
 * from tesseract.js, the English model from @tesseract.js-data/eng. No URL, so nothing is fetched,
 * and no cache written (`cacheMethod: 'none'`): the model is read from the package each start.
 */
export const tesseractOptions: Partial<WorkerOptions> = {
  workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
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
  return img.png({ compressionLevel: 1 }).toBuffer();
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
) => Promise<string | null>;

export interface BillReadingPlan {
  preparation: BillPreparation;
  /** The second look's preparation; null: one reading only. */
  secondPreparation: BillPreparation | null;
  /** Both readings together. */
  ocrTimeoutMs: number;
  /** Told of each reading taken (the bench counts the second looks). */
  onReading?: (how: BillPreparation) => void;
}

export type BillCheckerOptions = Partial<BillReadingPlan>;

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
    const text = ((await ocr(jpeg, how, timeoutMs)) ?? '').replace(/[ \t]+\n/g, '\n').trim();
    plan.onReading?.(how);
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
  // The one worker reads one photo at a time; checks queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();

  const started = () => {
    worker ??= createWorker('eng', OEM.LSTM_ONLY, tesseractOptions).catch((e: unknown) => {
      worker = null;
      throw e;
    });
    return worker;
  };

  const ocr: BillOcr = async (jpeg, how, timeoutMs) => {
    const t0 = performance.now();
    const image = await prepareBill(jpeg, how);
    const w = await started();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, timeoutMs - (performance.now() - t0)));
    });
    const recognizing = w.recognize(image);
    // Ended below when it takes too long: its rejection then is expected.
    recognizing.catch(() => undefined);
    const result = await Promise.race([recognizing, timedOut]).finally(() => clearTimeout(timer));
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
    async close() {
      const w = worker;
      worker = null;
      await queue;
      if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}
