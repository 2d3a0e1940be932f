import { parentPort } from 'node:worker_threads';
import type { JobKind } from '../../reference/jobKinds';
import { HttpError, type FieldError } from '../errors';
import { parseImportFile } from './jobImport';
import type { WorkbookLimits } from './workbookArchive';

/** What importParser.ts hands this worker thread, one file at a time. */
export interface ImportJob {
  kind: JobKind;
  filename: string;
  data: Uint8Array;
  workbookLimits: WorkbookLimits;
}

/**
 * What the worker answers: rows in batches, each once the last was taken (`next`), then `done`;
 * or the 4xx to send.
 */
export type ImportMessage =
  | { rows: Awaited<ReturnType<typeof parseImportFile>> }
  | { done: true }
  | { error: { statusCode: number; message: string; errors?: FieldError[] } };

/** The main thread took the last batch and asks for the next. */
export interface NextBatch {
  next: true;
}

/**
 * Rows cross to the main thread in batches, one at a time: each is copied there in its own short
 * task. Posted all at once, the main thread copied every queued batch in one task (0.4 s for a
 * hundred thousand rows) while other requests waited.
 */
const batchSize = 5000;
let taken: (() => void) | undefined;

async function run(job: ImportJob) {
  const post = (m: ImportMessage) => parentPort!.postMessage(m);
  try {
    const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
    const rows = await parseImportFile(job.kind, data, job.filename, job.workbookLimits);
    for (let i = 0; i < rows.length; i += batchSize) {
      const next = new Promise<void>((resolve) => (taken = resolve));
      post({ rows: rows.slice(i, i + batchSize) });
      await next;
    }
    post({ done: true });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    post({ error: { statusCode: err.statusCode, message: err.message, errors: err.errors } });
  }
}

parentPort!.on('message', (m: ImportJob | NextBatch) => {
  if ('next' in m) taken?.();
  else void run(m);
});
