import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config';
import { repackWorkbook } from '../../../server/services/workbookArchive';
import { createTestApp } from '../helpers';
import { csv, row, rowsWorkbook, withDeclaredSizes, zipBomb } from './bulkFiles';
import { fundWallet, multipart, setPrices, signIn } from './support';

/** A test app listening on a real port, with a company signed in. */
async function listeningApp(config: Partial<Config> = {}) {
  const ctx = await createTestApp(config);
  await setPrices(ctx.db);
  const company = await signIn(ctx.app, ctx.db, 'company');
  // Enough for the large files below (signIn's wallet covers 666 jobs at ₦1,500).
  await fundWallet(ctx.db, company.companyId!, 1_000_000_000);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { ...ctx, base: `http://127.0.0.1:${address.port}/api/v2`, headers: company.headers };
}

type Listening = Awaited<ReturnType<typeof listeningApp>>;

/** Runs `test` against an app with these settings, then closes it. */
async function withApp(config: Partial<Config>, test: (t: Listening) => Promise<void>) {
  const t = await listeningApp(config);
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

/**
 * Uploads from another process, as another user would: a client in this thread would itself hold
 * back the health checks while it sends megabytes.
 */
async function uploadFromAnotherProcess(t: Listening, data: Buffer, filename: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'upload-')), filename);
  writeFileSync(file, data);
  const script = `
    const [url, authorization, file, filename] = process.argv.slice(1);
    const form = new FormData();
    form.append('type', 'address');
    form.append('file', new Blob([(await import('node:fs')).readFileSync(file)]), filename);
    const res = await fetch(url, { method: 'POST', headers: { authorization }, body: form });
    process.stdout.write(JSON.stringify({ status: res.status, body: await res.json() }));`;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      `${t.base}/job/upload`,
      t.headers.authorization!,
      file,
      filename,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  rmSync(path.dirname(file), { recursive: true, force: true });
  return JSON.parse(out) as { status: number; body: { message: string; errors?: unknown[] } };
}

/**
 * Asks GET /health every 25 ms while `work` runs; answers what `work` gave and the slowest health
 * answer. A thread busy reading the file would hold these answers back.
 */
// The bound for the slowest answer: reading 100,000 rows on the API's thread holds it 2-5 s in one
// go, while on CI's two cores, shared with the uploading process, the reading worker and another
// test file, a free thread's answer was measured up to 404 ms (200 ms failed there).
const stallMs = 1000;
async function slowestHealthWhile<T>(base: string, work: Promise<T>) {
  let done = false;
  const result = work.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { result: await result, slowestMs: Math.max(...times), samples: times.length };
}

const inject = (t: Listening, data: Buffer | string, filename = 'jobs.csv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/job/upload',
    headers: t.headers,
    payload: multipart({ type: 'address' }, [{ field: 'file', filename, data: Buffer.from(data) }]),
  });

describe('security: an .xlsx zip bomb is refused without stalling the API', () => {
  let t: Listening;
  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  it('refuses a 50 MB sheet packed into a few KB while /health answers within a second', async () => {
    const bomb = await zipBomb(50);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { result, slowestMs, samples } = await slowestHealthWhile(
      t.base,
      uploadFromAnotherProcess(t, bomb, 'jobs.xlsx'),
    );
    expect(result.status).toBe(413);
    expect(result.body.message).toBe(
      'The workbook part xl/worksheets/sheet1.xml unpacks to more than 100 times its packed size, ' +
        'which no spreadsheet does: save it again from Excel or upload a CSV',
    );
    expect(result.body.errors).toEqual([{ field: 'file', msg: result.body.message }]);
    expect(samples).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(stallMs);
  });

  it('stops inflating a sheet whose declared size lies (1 KB declared, 50 MB inside)', async () => {
    const liar = withDeclaredSizes(await zipBomb(50), 1024);
    const res = await inject(t, liar, 'jobs.xlsx');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(
      /^The workbook part xl\/worksheets\/sheet1\.xml unpacks to more than 100 times/,
    );
  });

  it('refuses a workbook past the unpacked total, and reads one within it', async () => {
    const limits = { maxUnpackedBytes: 2 * 1024 * 1024, maxCompressionRatio: 100 };
    await withApp({ importLimits: { workbook: limits } }, async (small) => {
      const tooBig = await inject(small, await rowsWorkbook(20_000), 'jobs.xlsx');
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(
        'The workbook unpacks to more than 2 MB: split it into smaller files or upload a CSV',
      );
      const fits = await inject(small, await rowsWorkbook(50), 'jobs.xlsx');
      expect(fits.statusCode).toBe(201);
      expect(fits.json()).toEqual({ created: 50 });
    });
  });

  it('keeps a 100,000-row workbook of the widest kind within the default limits', async () => {
    const workbook = await rowsWorkbook(100_000);
    expect(() => repackWorkbook(workbook)).not.toThrow();
  });
});

describe('security: a large CSV is read without stalling the API', () => {
  let t: Listening;
  beforeAll(async () => {
    t = await listeningApp();
  });
  afterAll(() => t.close());

  it('reads and checks 100,000 rows (about 16 MB) while /health answers within a second', async () => {
    // The last row is bad so that nothing is written: this times the reading, not the insert.
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      row(i, { address: `${i} Broad Street, off the Marina, near the big roundabout by the bank` }),
    );
    rows[rows.length - 1] = row(0, { state: 'atlantis' });
    const file = Buffer.from(csv(rows));
    expect(file.length).toBeGreaterThan(15 * 1024 * 1024);
    const { result, slowestMs, samples } = await slowestHealthWhile(
      t.base,
      uploadFromAnotherProcess(t, file, 'jobs.csv'),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('1 of 100000 rows have errors; nothing was imported');
    expect(samples).toBeGreaterThan(5);
    expect(slowestMs).toBeLessThan(stallMs);
  });
});

describe('security: the import worker has a memory cap, a deadline and a queue', () => {
  const bigCsv = () => csv(Array.from({ length: 50_000 }, (_, i) => row(i)));

  it('answers 413 when reading the file needs more memory than the worker may have', async () => {
    await withApp({ importLimits: { maxHeapMb: 32 } }, async (t) => {
      const small = await inject(t, csv([row(1)]));
      expect(small.statusCode).toBe(201);
      const big = await inject(t, bigCsv());
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe(
        'The file needs too much memory to read: split it into smaller files',
      );
      // The worker that died is replaced: the next file is read as usual.
      expect((await inject(t, csv([row(2)]))).statusCode).toBe(201);
    });
  });

  it('answers 413 when reading the file takes longer than the deadline', async () => {
    await withApp({ importLimits: { timeoutMs: 300 } }, async (t) => {
      const res = await inject(t, bigCsv());
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(
        'The file took more than 0.3 s to read: split it into smaller files',
      );
    });
  });

  it('answers 503 with Retry-After past the workers and the queue', async () => {
    await withApp({ importLimits: { concurrency: 1, queue: 1 } }, async (t) => {
      const file = csv(Array.from({ length: 2000 }, (_, i) => row(i)));
      const answers = await Promise.all([1, 2, 3].map(() => inject(t, file)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 503]);
      const busy = answers.find((a) => a.statusCode === 503)!;
      expect(busy.headers['retry-after']).toBe('30');
      expect(busy.json().message).toBe(
        'The server is reading other bulk files right now: try again in a minute',
      );
    });
  });
});
