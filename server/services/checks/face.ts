import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../tsWorker';
import type { FaceAnswer, FaceJob, FaceWarm } from './faceEngine';
import { faceResult } from './faceModel';
import type { CheckResult, FaceCheck } from './types';

/** Finds the faces of a selfie and compares it with the agent's application photo. */
export interface FaceChecker {
  check(selfie: Uint8Array, agentPhoto: Uint8Array | null): Promise<CheckResult<FaceCheck>>;
  /** Starts the worker and loads the models now, so that the first selfie does not wait. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface FaceCheckerOptions {
  /** A selfie still being looked at after this long fails, and the worker is restarted. */
  timeoutMs?: number;
  /** The worker's JavaScript heap (the model's tensors live in WebAssembly memory besides). */
  maxHeapMb?: number;
  /** Told each time a worker thread is started (tests and the bench count them). */
  onWorkerStart?: () => void;
  /** false: the worker thread at the API's priority (the bench compares). */
  lowPriority?: boolean;
}

/**
 * One worker thread, started by warm() or at the first selfie (loading the models takes about a
 * second) and kept warm until close(). Selfies are looked at one after another: the machine has few cores and
 * the queue calls this from its own worker anyway. A worker that dies or overruns is replaced at
 * the next selfie; the check in hand fails with an error the runner records.
 */
export function createFaceChecker(options: FaceCheckerOptions = {}): FaceChecker {
  const timeoutMs = options.timeoutMs ?? 60_000;
  let worker: Worker | null = null;
  let nextId = 1;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;

  function started() {
    if (worker) return worker;
    options.onWorkerStart?.();
    const w = startTsWorker(new URL('./faceWorker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      workerData: { lowPriority: options.lowPriority !== false },
    });
    w.unref(); // a warm worker must not keep the process alive
    w.on('exit', () => {
      if (worker === w) worker = null;
    });
    worker = w;
    return w;
  }

  type Answered = Exclude<FaceAnswer, { error: string }>;
  function ask(job: FaceJob | FaceWarm) {
    return new Promise<Answered>((resolve, reject) => {
      const w = started();
      w.ref();
      const finish = (outcome: () => void, healthy = true) => {
        clearTimeout(deadline);
        w.off('message', onMessage).off('error', onError).off('exit', onExit);
        w.unref();
        if (!healthy) void w.terminate();
        outcome();
      };
      const deadline = setTimeout(
        () =>
          finish(
            () => reject(new Error(`The face check took more than ${timeoutMs / 1000} s`)),
            false,
          ),
        timeoutMs,
      );
      const onMessage = (m: FaceAnswer) => {
        if (m.id !== job.id) return;
        if ('error' in m) finish(() => reject(new Error(m.error)));
        else finish(() => resolve(m));
      };
      const onError = (err: Error) =>
        finish(() => reject(new Error(`The face check stopped: ${err.message}`)), false);
      const onExit = (code: number) =>
        finish(() => reject(new Error(`The face check stopped (exit code ${code})`)), false);
      w.on('message', onMessage).on('error', onError).on('exit', onExit);
      w.postMessage(job);
    });
  }

  return {
    check(selfie, agentPhoto) {
      if (closed) return Promise.reject(new Error('The face check is closed'));
      // Copies the worker owns: the caller's buffers may be slices of a shared pool.
      const job: FaceJob = {
        id: nextId++,
        selfie: new Uint8Array(selfie),
        agentPhoto: agentPhoto ? new Uint8Array(agentPhoto) : null,
      };
      const result = turn.then(() => ask(job));
      turn = result.catch(() => undefined);
      return result.then((a) => {
        if (!('faces' in a)) throw new Error('The face check answered out of turn');
        return faceResult(a.faces, a.distance);
      });
    },
    async warm() {
      if (closed) return;
      // In turn with the selfies: the models load once, whichever comes first.
      const loading = turn.then(() => (closed ? undefined : ask({ id: nextId++, warm: true })));
      turn = loading.catch(() => undefined);
      await loading;
    },
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
