import { parentPort } from 'node:worker_threads';
import { analyse, type FaceAnswer, type FaceJob } from './faceEngine';

/** The face check's worker thread: one selfie at a time, answered by its id. */
parentPort!.on('message', (job: FaceJob) => {
  analyse(job).then(
    (answer) => parentPort!.postMessage(answer),
    (err: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies FaceAnswer),
  );
});
