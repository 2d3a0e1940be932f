import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportMessage, NextBatch } from '../../../server/services/importWorker';
import { createImportParser } from '../../../server/services/importParser';
import { defaultWorkbookLimits } from '../../../server/services/workbookArchive';
import { startTsWorker } from '../../../server/tsWorker';
import { csv, row } from './bulkFiles';

// The import worker hands a file's rows to the main thread a batch at a time, the next only once
// the main thread asked for it: batches posted at once were all copied in one task of the main
// thread (0.4 s for 100,000 rows) while every other request waited.

const rows = 12_000; // batches of 5,000, 5,000 and 2,000
const file = () => new Uint8Array(Buffer.from(csv(Array.from({ length: rows }, (_, i) => row(i)))));

describe('the import worker', () => {
  let worker: Worker;
  const received: ImportMessage[] = [];
  beforeAll(async () => {
    worker = startTsWorker(new URL('../../../server/services/importWorker.ts', import.meta.url));
    worker.on('message', (m: ImportMessage) => received.push(m));
    await once(worker, 'online');
  });
  afterAll(() => worker.terminate());

  const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Until `n` messages have come, or fails after 20 s. */
  async function until(n: number) {
    for (const end = Date.now() + 20_000; received.length < n; await quiet(10)) {
      if (Date.now() > end) throw new Error(`${received.length} messages, not ${n}`);
    }
  }

  it('posts the next batch of rows only when asked for it, then done', async () => {
    const data = file();
    const job: ImportJob = {
      kind: 'address',
      filename: 'jobs.csv',
      data,
      workbookLimits: defaultWorkbookLimits,
    };
    worker.postMessage(job, [data.buffer as ArrayBuffer]);
    const sizes: number[] = [];
    for (let batch = 1; ; batch++) {
      await until(batch);
      // Nothing more comes while the main thread has not asked.
      await quiet(300);
      expect(received).toHaveLength(batch);
      const m = received.at(-1)!;
      if ('done' in m) break;
      if (!('rows' in m)) throw new Error(`unexpected ${JSON.stringify(m)}`);
      sizes.push(m.rows.length);
      worker.postMessage({ next: true } satisfies NextBatch);
    }
    expect(sizes).toEqual([5000, 5000, 2000]);
  }, 60_000);
});

describe('the import parser', () => {
  it('asks for each batch in turn and answers every row, in order', async () => {
    const parser = createImportParser();
    try {
      const data = Buffer.from(file());
      const parsed = await parser.parse('address', data, 'jobs.csv');
      expect(parsed).toHaveLength(rows);
      expect(parsed.map((r) => r.fields.first_name)).toEqual(
        Array.from({ length: rows }, (_, i) => `Ada${i}`),
      );
      // A second file on the same (kept) worker: its protocol starts afresh.
      expect(await parser.parse('address', data, 'jobs.csv')).toHaveLength(rows);
    } finally {
      await parser.close();
    }
  }, 60_000);
});
