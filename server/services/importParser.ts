import type { Worker } from 'node:worker_threads';
import type { ValidJobFields } from '../../reference/jobFields';
import type { JobKind } from '../../reference/jobKinds';
import { HttpError } from '../errors';
import { startTsWorker } from '../tsWorker';
import type { ImportJob, ImportMessage, NextBatch } from './importWorker';
import { defaultWorkbookLimits, fileTooLarge, type WorkbookLimits } from './workbookArchive';

export interface ImportParserLimits {
  /** Files read at once, each in its own worker thread (the machine has few cores). */
  concurrency: number;
  /** Uploads that may wait for a free worker; one more is answered 503. */
  queue: number;
  /** A worker still reading after this long is stopped. */
  timeoutMs: number;
  /** The worker's JavaScript heap; past it the worker dies, not the server. */
  maxHeapMb: number;
  /** A worker left idle this long is stopped. */
  idleMs: number;
  workbook: WorkbookLimits;
}

/**
 * A 100,000-row workbook of the widest kind takes about 5 s and 220 MB to read and check on a busy
 * 2-core machine: these limits leave it room.
 */
export const defaultImportParserLimits: ImportParserLimits = {
  concurrency: 2,
  queue: 4,
  timeoutMs: 60_000,
  maxHeapMb: 512,
  idleMs: 60_000,
  workbook: defaultWorkbookLimits,
};

/** Too many uploads are being read: the route answers 503 with Retry-After. */
export class ImportBusyError extends HttpError {
  readonly retryAfterSeconds = 30;
  constructor() {
    super(503, 'The server is reading other bulk files right now: try again in a minute');
  }
}

export type ImportParser = ReturnType<typeof createImportParser>;

/**
 * Reads and validates bulk files off the main thread, so a large or hostile file never stalls the
 * API: a few worker threads at once, each with a heap limit and a deadline. A worker that answered
 * is kept for the next file; one that ran out of memory or time is stopped.
 */
export function createImportParser(options: Partial<ImportParserLimits> = {}) {
  const limits = { ...defaultImportParserLimits, ...options };
  const workers = new Set<Worker>();
  let running = 0;
  const waiting: (() => void)[] = [];

  async function takeSlot() {
    if (running < limits.concurrency) {
      running++;
      return;
    }
    if (waiting.length >= limits.queue) throw new ImportBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function releaseSlot() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  /** Idle workers kept warm: starting one (tsx, the reference data) takes most of a second. */
  const idle: Worker[] = [];

  function startWorker() {
    const worker = startTsWorker(new URL('./importWorker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    workers.add(worker);
    worker.on('exit', () => {
      workers.delete(worker);
      if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
    });
    return worker;
  }

  function keepIdle(worker: Worker) {
    worker.unref(); // an idle worker must not keep the process alive
    idle.push(worker);
    setTimeout(() => {
      if (idle.includes(worker)) void worker.terminate();
    }, limits.idleMs).unref();
  }

  function runWorker(job: ImportJob): Promise<ValidJobFields[]> {
    return new Promise((resolve, reject) => {
      const worker = idle.pop() ?? startWorker();
      worker.ref();
      const rows: ValidJobFields[] = [];
      let finished = false;
      const finish = (healthy: boolean, outcome: () => void) => {
        finished = true;
        clearTimeout(deadline);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (healthy) keepIdle(worker);
        else void worker.terminate();
        outcome();
      };
      const deadline = setTimeout(() => {
        finish(false, () =>
          reject(
            fileTooLarge(
              `The file took more than ${limits.timeoutMs / 1000} s to read: split it into smaller files`,
            ),
          ),
        );
      }, limits.timeoutMs);
      const onMessage = (m: ImportMessage) => {
        if ('rows' in m) {
          rows.push(...m.rows);
          // The next batch after the requests that came meanwhile.
          setImmediate(() => {
            if (!finished) worker.postMessage({ next: true } satisfies NextBatch);
          });
        } else if ('done' in m) finish(true, () => resolve(rows));
        else
          finish(true, () =>
            reject(new HttpError(m.error.statusCode, m.error.message, m.error.errors)),
          );
      };
      const onError = (err: Error & { code?: string }) => {
        finish(false, () =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? fileTooLarge('The file needs too much memory to read: split it into smaller files')
              : err,
          ),
        );
      };
      const onExit = (code: number) => {
        finish(false, () => reject(new Error(`the import worker stopped (exit code ${code})`)));
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job, [job.data.buffer as ArrayBuffer]);
    });
  }

  return {
    /** The file's rows, validated for `kind`; a 4xx `HttpError` for a bad or oversized file. */
    async parse(kind: JobKind, data: Buffer, filename: string): Promise<ValidJobFields[]> {
      await takeSlot();
      try {
        // A copy the worker owns: the request's buffer may be a slice of a shared pool.
        const copy = new Uint8Array(data);
        return await runWorker({ kind, filename, data: copy, workbookLimits: limits.workbook });
      } finally {
        releaseSlot();
      }
    },
    async close() {
      await Promise.all([...workers].map((w) => w.terminate()));
    },
  };
}
