import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { billSetDir, type BillCase } from '../../../scripts/makeBillSet';
import { selfiePhoto } from '../../../server/seed/demoImages';
import { demoRandom } from '../../../server/seed/demoRandom';
import { createBillChecker } from '../../../server/services/checks/bill';
import { createFaceChecker } from '../../../server/services/checks/face';
import { startServer } from '../../../server/server';

// Real OCR and face workers: the server warms them at start so that the first submission does
// not pay for loading their models.
const cases = JSON.parse(readFileSync(path.join(billSetDir, 'truth.json'), 'utf8')) as BillCase[];
const blank = cases.find((x) => x.file === 'bill-47-blank.jpg')!;

/** The threads of this process (Linux): a worker thread is one more while it lives. */
const threads = () =>
  Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]);

/** The nice value of each thread of this process (Linux). */
const nices = () =>
  readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command's closing parenthesis, the 17th field is the nice value.
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });

describe('warming the checkers', () => {
  it('the bill reader starts its worker once, and the first bill after warm() starts none', async () => {
    let started = 0;
    const bill = createBillChecker({ onWorkerStart: () => (started += 1) });
    try {
      await Promise.all([bill.warm(), bill.warm()]);
      expect(started).toBe(1);
      const { warnings } = await bill.check(
        readFileSync(path.join(billSetDir, blank.file)),
        blank.claim,
        new Date(blank.capturedAt),
      );
      expect(warnings.map((w) => w.code)).toEqual(['bill_unreadable']);
      expect(started).toBe(1);
    } finally {
      await bill.close();
    }
  });

  it('the face check loads its models once, and the first selfie after warm() starts no worker', async () => {
    let started = 0;
    const face = createFaceChecker({ onWorkerStart: () => (started += 1) });
    try {
      await face.warm();
      await face.warm();
      expect(started).toBe(1);
      expect((await face.check(await selfiePhoto(demoRandom(3)), null)).check.faces).toBe(1);
      expect(started).toBe(1);
    } finally {
      await face.close();
    }
  });

  it('runs the OCR and face threads below the API thread, which keeps its priority', async () => {
    const low = () => nices().filter((n) => n === 10).length;
    const before = low();
    const bill = createBillChecker();
    const face = createFaceChecker();
    try {
      await bill.warm();
      await face.warm();
      expect(low() - before).toBeGreaterThanOrEqual(2);
      expect(nices()[0]).toBe(0); // the first task is the main thread
    } finally {
      await Promise.all([bill.close(), face.close()]);
    }
  });

  it('the server warms both at start, before any submission, and ends them when it stops', async () => {
    const low = () => nices().filter((n) => n === 10).length;
    const before = low();
    const saved = { ...process.env };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'warm-server-'));
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'warm-test-secret-warm-test-secret-42',
      DEMO_DATA: 'false',
      CHECKS: 'on',
    });
    delete process.env.DATABASE_URL; // a new data folder: nothing in it to check
    try {
      const app = await startServer();
      try {
        // The OCR and the face threads, each lowered to nice 10 once its model is loading.
        await vi.waitUntil(() => low() - before >= 2, { timeout: 60_000, interval: 50 });
      } finally {
        await app.close();
      }
      await vi.waitUntil(() => low() <= before, { timeout: 20_000, interval: 50 });
    } finally {
      process.env = saved;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('a checker closed while it warms ends its worker, and starts none after', async () => {
    const before = threads();
    let started = 0;
    const bill = createBillChecker({ onWorkerStart: () => (started += 1) });
    const face = createFaceChecker({ onWorkerStart: () => (started += 1) });
    const warming = [bill.warm(), face.warm()].map((p) => p.catch(() => 'stopped'));
    await Promise.all([bill.close(), face.close()]);
    await Promise.all(warming);
    await vi.waitUntil(() => threads() <= before, { timeout: 20_000, interval: 50 });
    const afterClose = started;
    await expect(bill.warm()).rejects.toThrow('The bill reader is closed');
    await face.warm();
    expect(started).toBe(afterClose);
    expect(threads()).toBeLessThanOrEqual(before);
  });

  it('warm workers do not keep a process alive', async () => {
    // A process that warms both checkers and never closes them must still end by itself.
    const script = `
      const { createBillChecker } = await import(${JSON.stringify(
        path.resolve('server/services/checks/bill.ts'),
      )});
      const { createFaceChecker } = await import(${JSON.stringify(
        path.resolve('server/services/checks/face.ts'),
      )});
      await createBillChecker().warm();
      await createFaceChecker().warm();
      console.log('warm');
    `;
    const dir = mkdtempSync(path.join(tmpdir(), 'warm-exit-'));
    try {
      writeFileSync(path.join(dir, 'warm.mjs'), script);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(dir, 'warm.mjs')],
        // Only against a hang: the process is expected to end as soon as both are warm.
        { timeout: 120_000 },
      );
      expect(stdout.trim()).toBe('warm');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 130_000);
});
