import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import eng from '@tesseract.js-data/eng';
import sharp, { type OutputInfo } from 'sharp';
import type { Worker as Thread } from 'node:worker_threads';
import { createWorker, OEM, PSM, type Worker, type WorkerOptions } from 'tesseract.js';
import { linesNamingStreet } from './billAddress';
import { bestOfReadings, matchBill, wantsSecondReading, type BillReading } from './billMatch';
import { linesLabellingName } from './billName';
import type { BillCheck, CheckResult, CheckWarningCode, Claim } from './types';

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

/** Grey pixels, one byte each, as sharp gives them. */
type Pixels = { data: Buffer; info: OutputInfo };

/** The photo prepared `how` as grey pixels (not for `as_sent`, which goes to the OCR as sent). */
async function preparedPixels(
  jpeg: Uint8Array,
  how: Exclude<BillPreparation, 'as_sent'>,
): Promise<Pixels> {
  let img = sharp(jpeg, { limitInputPixels: 40_000_000 }).rotate().greyscale().normalise();
  if (how === 'grey_large')
    img = img.resize({ width: ocrSide, height: ocrSide, fit: 'inside', kernel: 'lanczos3' });
  if (how === 'grey_xl_sharp')
    img = img
      .resize({ width: 2600, height: 2600, fit: 'inside', kernel: 'lanczos3' })
      .sharpen({ sigma: 1.2 });
  return img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/**
 * Grey pixels as an uncompressed grey image (PGM) rather than a PNG: no deflate here, no inflate
 * in the OCR's WebAssembly, and the same pixels, so the same text.
 */
const pgm = ({ data, info }: Pixels) =>
  Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);

/**
 * A line of a reading: its text, where its baseline runs, how far its letters reach above it
 * and below it (pixels of the prepared photo).
 */
export interface OcrLine {
  text: string;
  baseline: { x0: number; y0: number; x1: number; y1: number };
  height: number;
  descent: number;
}

/** What one reading of the photo gave: its text, and its lines for a closer look. */
export interface OcrPage {
  text: string;
  lines: OcrLine[];
}

/**
 * One line of the photo prepared `how`, cut out along its baseline (a photographed bill is
 * tilted: its bounding box would hold parts of the lines above and below), turned level and
 * enlarged twice, as a grey image for the OCR to read as a single line; null when the line lies
 * outside the photo.
 */
async function lineImage(pixels: Pixels, line: OcrLine) {
  const { data, info } = pixels;
  const { x0, y0, x1, y1 } = line.baseline;
  const degrees = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
  // A bill's lines stand close: the band holds the letters and little more, so that no part of
  // a neighbouring line is read with it.
  const above = Math.ceil(line.height) + 1;
  const below = Math.ceil(line.descent) + 2;
  // The line's box with room around it, cut out before turning it (a small image turns fast).
  const margin = above + Math.ceil(Math.abs(y1 - y0));
  const box = {
    left: Math.max(0, Math.floor(x0 - margin)),
    top: Math.max(0, Math.floor(Math.min(y0, y1) - margin)),
  };
  const width = Math.min(info.width, Math.ceil(x1 + margin)) - box.left;
  const height = Math.min(info.height, Math.ceil(Math.max(y0, y1) + margin)) - box.top;
  if (width < 8 || height < 8) return null;
  const turned = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .extract({ ...box, width, height })
    .rotate(-degrees, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Where the baseline's ends land once turned about the box's centre.
  const a = (-degrees * Math.PI) / 180;
  const at = (x: number, y: number) => {
    const [dx, dy] = [x - box.left - width / 2, y - box.top - height / 2];
    return [
      Math.cos(a) * dx - Math.sin(a) * dy + turned.info.width / 2,
      Math.sin(a) * dx + Math.cos(a) * dy + turned.info.height / 2,
    ] as const;
  };
  const [sx, sy] = at(x0, y0);
  const [ex] = at(x1, y1);
  const left = Math.max(0, Math.floor(sx - line.height / 2));
  const top = Math.max(0, Math.floor(sy - above));
  const band = {
    left,
    top,
    width: Math.min(turned.info.width - left, Math.ceil(ex - sx + line.height)),
    height: Math.min(turned.info.height - top, above + below),
  };
  if (band.width < 8 || band.height < 8) return null;
  const { channels } = turned.info;
  const level = await sharp(turned.data, {
    raw: { width: turned.info.width, height: turned.info.height, channels },
  })
    .extract(band)
    .resize({ width: band.width * 2, kernel: 'lanczos3' })
    .greyscale()
    .normalise()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pgm(level);
}

/** Where a line's baseline, drawn on, crosses the height of `x`. */
const baselineAt = ({ baseline: { x0, y0, x1, y1 } }: OcrLine, x: number) =>
  y0 + ((y1 - y0) / (x1 - x0 || 1)) * (x - x0);

/**
 * Lines a reading skipped, at most `max`, from the top: where two read lines stand two line
 * pitches apart or more (the page's usual step between baselines, its median), a line was left
 * out between them, as the bill's name line under a coloured rule that OCR dropped with its
 * label (so no line is labelled as the name). It is put one pitch above the line below the gap,
 * as tilted as that line and as wide as the wider of the two.
 */
export function skippedLines(lines: OcrLine[], max = 1): OcrLine[] {
  const steps = lines.slice(1).map((l, i) => l.baseline.y0 - baselineAt(lines[i]!, l.baseline.x0));
  const pitch = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)] ?? 0;
  if (pitch <= 0) return [];
  const skipped: OcrLine[] = [];
  for (const [i, step] of steps.entries()) {
    if (skipped.length === max) break;
    if (step < 1.8 * pitch) continue;
    const [above, below] = [lines[i]!, lines[i + 1]!];
    const { x0, y0 } = below.baseline;
    const x1 = Math.max(below.baseline.x1, above.baseline.x1);
    const y1 = baselineAt(below, x1) - pitch;
    skipped.push({ ...below, text: '', baseline: { x0, y0: y0 - pitch, x1, y1 } });
  }
  return skipped;
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

/** The OCR as the reading of a bill uses it; a fake one in tests. */
export interface BillOcr {
  /** Prepares and reads one photo within `timeoutMs`: its text and lines, or null: too long. */
  page(
    jpeg: Uint8Array,
    how: BillPreparation,
    timeoutMs: number,
    times?: ReadingTimes,
  ): Promise<OcrPage | null>;
  /** Reads lines of a page read before (same photo and preparation) one by one; null: too long. */
  lines(
    jpeg: Uint8Array,
    how: BillPreparation,
    lines: OcrLine[],
    timeoutMs: number,
  ): Promise<string[] | null>;
}

export interface BillReadingPlan {
  preparation: BillPreparation;
  /** The second look's preparation; null: one reading only. */
  secondPreparation: BillPreparation | null;
  /** Both readings together, and the closer look. */
  ocrTimeoutMs: number;
  /**
   * When the readings still miss the address or the name: read the lines naming the claimed
   * street, or labelled as the name, again, each cut out level and enlarged (`lineImage`).
   */
  closeLook: boolean;
  /** Told of each reading taken (the bench counts the second looks and times them). */
  onReading?: (how: BillPreparation, times: ReadingTimes) => void;
  /** Told of each closer look taken, with how many lines it read (the bench counts them). */
  onCloseLook?: (lines: number) => void;
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

/** A reading of the bill, with what a closer look at its lines needs. */
type Reading = BillReading & { how: BillPreparation; lines: OcrLine[] };

/**
 * Reads a bill once and, when that reading misses the name or the address, once more prepared
 * the other way, if the time left is at least what the first took (the second image is larger:
 * it is not quicker); the name or address counts as found when either reading found it. When
 * the address is still missing, the lines naming its street are read again one by one (a house
 * number OCR misreads on the page, "25" as "26", it reads right on its line alone), and so is
 * the line labelled as the name when that is missing (a blurred "Folake Bello" read "Folks a");
 * their text is added to what is shown.
 */
export async function readBill(
  jpeg: Uint8Array,
  claim: Claim,
  capturedAt: Date,
  plan: BillReadingPlan,
  ocr: BillOcr,
): Promise<CheckResult<BillCheck>> {
  const t0 = performance.now();
  const left = () => plan.ocrTimeoutMs - (performance.now() - t0);
  const matched = (text: string, how: BillPreparation, lines: OcrLine[]): Reading => ({
    text,
    ...matchBill(text, claim, capturedAt),
    how,
    lines,
  });
  const reading = async (how: BillPreparation, timeoutMs: number) => {
    const times: ReadingTimes = { prepareMs: 0, ocrMs: 0 };
    const page = await ocr.page(jpeg, how, timeoutMs, times);
    plan.onReading?.(how, times);
    return matched((page?.text ?? '').replace(/[ \t]+\n/g, '\n').trim(), how, page?.lines ?? []);
  };
  let best = await reading(plan.preparation, plan.ocrTimeoutMs);
  const firstMs = performance.now() - t0;
  if (plan.secondPreparation && wantsSecondReading(best) && left() >= firstMs)
    best = bestOfReadings(best, await reading(plan.secondPreparation, left()));
  // The bill's own words were read (an unreadable one carries no other warning).
  const missing = (code: CheckWarningCode) => best.warnings.some((w) => w.code === code);
  if (plan.closeLook && (missing('bill_address_mismatch') || missing('bill_name_mismatch'))) {
    const page = best.lines.map((l) => l.text);
    const nameMissing = missing('bill_name_mismatch');
    const nameLines = nameMissing ? linesLabellingName(page) : [];
    const chosen = new Set([
      ...(claim.address && missing('bill_address_mismatch')
        ? linesNamingStreet(page, claim.address)
        : []),
      ...nameLines,
    ]);
    const lines = [
      ...[...chosen].map((i) => best.lines[i]!),
      // No line labelled as the name: the one the reading skipped, if any.
      ...(nameMissing && !nameLines.length ? skippedLines(best.lines) : []),
    ];
    const looking = lines.length && left() > 0;
    if (looking) plan.onCloseLook?.(lines.length);
    const texts = looking ? await ocr.lines(jpeg, best.how, lines, left()) : null;
    // Shown whatever they found (the reviewer sees the number read there), the page above them.
    if (texts?.some((t) => t.trim()))
      best = bestOfReadings(
        matched(`${best.text}\n\n${texts.map((t) => t.trim()).join('\n')}`, best.how, best.lines),
        best,
      );
  }
  const { text, issuer, name_score, address_score, bill_date, marks, warnings } = best;
  const ms = Math.round(performance.now() - t0);
  return { check: { text, issuer, name_score, address_score, bill_date, ms, marks }, warnings };
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
    closeLook: options.closeLook ?? true,
    onReading: options.onReading,
    onCloseLook: options.onCloseLook,
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

  /**
   * The OCR of one image within `deadline` (a performance.now() time), or null: past it the
   * worker is ended (tesseract cannot be interrupted) and the next reading starts another.
   */
  const recognize = async (image: Buffer, deadline: number, psm: PSM) => {
    const w = await started();
    const thread = threadOf(w);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, deadline - performance.now()));
    });
    thread?.ref(); // a reading in hand keeps the process alive, as any pending work does
    const recognizing = w
      .setParameters({ tessedit_pageseg_mode: psm })
      .then(() => w.recognize(image, {}, { text: true, blocks: psm === PSM.SINGLE_BLOCK }));
    // Ended below when it takes too long: its rejection then is expected.
    recognizing.catch(() => undefined);
    const result = await Promise.race([recognizing, timedOut]).finally(() => {
      clearTimeout(timer);
      thread?.unref();
    });
    if (!result) {
      worker = null;
      await w.terminate();
    }
    return result?.data ?? null;
  };

  // The photo as each reading of the bill in hand prepared it, for a closer look at its lines.
  let prepared = new Map<BillPreparation, Promise<Pixels>>();
  const pixels = (jpeg: Uint8Array, how: Exclude<BillPreparation, 'as_sent'>) => {
    let p = prepared.get(how);
    if (!p) {
      p = preparedPixels(jpeg, how);
      prepared.set(how, p);
    }
    return p;
  };

  const ocr: BillOcr = {
    async page(jpeg, how, timeoutMs, times) {
      const t0 = performance.now();
      const image = how === 'as_sent' ? Buffer.from(jpeg) : pgm(await pixels(jpeg, how));
      const t1 = performance.now();
      // tesseract's own default (tesseract.js sets none): the page as one block of text.
      const data = await recognize(image, t0 + timeoutMs, PSM.SINGLE_BLOCK);
      if (times) {
        times.prepareMs = t1 - t0;
        times.ocrMs = performance.now() - t1;
      }
      if (!data) return null;
      const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      return {
        text: data.text,
        lines: lines.map((l) => ({
          text: l.text,
          baseline: l.baseline,
          height: l.rowAttributes.rowHeight,
          descent: l.rowAttributes.descenders,
        })),
      };
    },
    async lines(jpeg, how, lines, timeoutMs) {
      // A photo sent as it came is read in the JPEG's own orientation: its lines are not cut.
      if (how === 'as_sent') return [];
      const deadline = performance.now() + timeoutMs;
      const page = await pixels(jpeg, how);
      const texts: string[] = [];
      for (const line of lines) {
        const image = await lineImage(page, line);
        if (!image) continue;
        const data = await recognize(image, deadline, PSM.SINGLE_LINE);
        if (!data) return null;
        texts.push(data.text);
      }
      return texts;
    },
  };

  return {
    check(jpeg, claim, capturedAt) {
      // The worker's start (seconds, on the first bill and after a reading was cut short) is not
      // the bill's reading: left inside the cap, it made the first bill after a start unreadable.
      const run = queue.then(async () => {
        await started();
        prepared = new Map();
        return readBill(jpeg, claim, capturedAt, plan, ocr).finally(() => (prepared = new Map()));
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
