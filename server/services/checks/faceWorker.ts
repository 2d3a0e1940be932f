import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { analyse, loaded, type FaceAnswer, type FaceJob, type FaceWarm } from './faceEngine';

const { lowerThreadPriority } = createRequire(import.meta.url)('./threadPriority.cjs') as {
  lowerThreadPriority: () => void;
};
// Below the API's thread, as the OCR thread is (unless the bench asks to compare).
if ((workerData as { lowPriority?: boolean } | undefined)?.lowPriority !== false) {
  lowerThreadPriority();
}

/** The face check's worker thread: one selfie at a time, answered by its id. */
parentPort!.on('message', (job: FaceJob | FaceWarm) => {
  const answer: Promise<FaceAnswer> =
    'warm' in job ? loaded().then(() => ({ id: job.id, warm: true })) : analyse(job);
  answer.then(
    (a) => parentPort!.postMessage(a),
    (err: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies FaceAnswer),
  );
});
