import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import eng from '@tesseract.js-data/eng';
import sharp from 'sharp';
import { createWorker, OEM, type Worker, type WorkerOptions } from 'tesseract.js';
import { matchBill } from './billMatch';
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
 * Text is read within this long or not at all: tesseract spends up to 20 s on a textured wall and
 * cannot be interrupted, so past it the worker is ended (a new one starts in about 2 s) and the
 * bill counts as unreadable. Bills of the evaluation set read in 2–6 s.
 */
export const defaultOcrTimeoutMs = 8_000;

export interface BillCheckerOptions {
  preparation?: BillPreparation;
  ocrTimeoutMs?: number;
}

export function createBillChecker(options: BillCheckerOptions = {}): BillChecker {
  const preparation = options.preparation ?? defaultPreparation;
  const timeoutMs = options.ocrTimeoutMs ?? defaultOcrTimeoutMs;
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

  async function read(jpeg: Uint8Array, claim: Claim, capturedAt: Date) {
    const t0 = performance.now();
    const image = await prepareBill(jpeg, preparation);
    const w = await started();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const recognizing = w.recognize(image);
    // Ended below when it takes too long: its rejection then is expected.
    recognizing.catch(() => undefined);
    const result = await Promise.race([recognizing, timedOut]).finally(() => clearTimeout(timer));
    if (!result) {
      worker = null;
      await w.terminate();
    }
    const text = (result?.data.text ?? '').replace(/[ \t]+\n/g, '\n').trim();
    const { warnings, ...match } = matchBill(text, claim, capturedAt);
    const check: BillCheck = { text, ...match, ms: Math.round(performance.now() - t0) };
    return { check, warnings };
  }

  return {
    check(jpeg, claim, capturedAt) {
      const run = queue.then(() => read(jpeg, claim, capturedAt));
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
