import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { faceLimits } from './faceModel';

/**
 * The face library: TensorFlow.js on its WebAssembly backend (no native binary to download), the
 * models read from the face library's own package folder on disk, never from the network. Loaded
 * in the face check's worker thread (faceWorker.ts); the bench loads it directly.
 */

/** What face.ts sends: a selfie and, when there is one, the agent's application photo. */
export interface FaceJob {
  id: number;
  selfie: Uint8Array;
  agentPhoto: Uint8Array | null;
}

/** What face.ts may send instead: load the models now and say when they are (warm at start). */
export interface FaceWarm {
  id: number;
  warm: true;
}

/** What the worker answers: the faces found, and the distance between the two faces if measured. */
export type FaceAnswer =
  | { id: number; faces: number; scores: number[]; distance: number | null }
  | { id: number; warm: true }
  | { id: number; error: string };

const require = createRequire(import.meta.url);

// The library's wasm build requires TensorFlow.js and its WebAssembly backend (whose .wasm files
// are read from that package's folder) from our node_modules; `faceapi.tf` is that TensorFlow.js,
// typed by the library without the backend switch, hence the second handle.
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
const backend = require('@tensorflow/tfjs') as {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
};

const modelDir = path.join(
  path.dirname(require.resolve('@vladmandic/face-api/package.json')),
  'model',
);

const ready = (async () => {
  await backend.setBackend('wasm');
  await backend.ready();
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
})();

/** Settles once the backend and the three models are loaded (they start loading at import). */
export const loaded = () => ready;

/** A JPEG (or PNG) as an RGB tensor, at most `faceLimits.side` pixels on its longer side. */
export async function decode(bytes: Uint8Array, what: string) {
  await ready; // tensors made before the backend is chosen would land on another one
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: faceLimits.inputPixels })
      .rotate()
      .resize(faceLimits.side, faceLimits.side, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return faceapi.tf.tensor3d(data, [info.height, info.width, 3], 'int32');
  } catch {
    throw new Error(`The ${what} is not a readable image`);
  }
}

const detector = (minConfidence = faceLimits.minConfidence) =>
  new faceapi.SsdMobilenetv1Options({
    minConfidence,
    maxResults: faceLimits.maxFaces,
  });

/** The faces of `input` with their 128-number descriptors, largest first. */
export async function describe(input: FaceApi.tf.Tensor3D, minConfidence?: number) {
  await ready;
  const found = await faceapi
    .detectAllFaces(input, detector(minConfidence))
    .withFaceLandmarks()
    .withFaceDescriptors();
  return found.sort((a, b) => b.detection.box.area - a.detection.box.area);
}

export async function analyse(job: FaceJob): Promise<FaceAnswer> {
  await ready;
  const selfie = await decode(job.selfie, 'selfie');
  try {
    const agent = job.agentPhoto ? await decode(job.agentPhoto, "agent's photo") : null;
    try {
      if (!agent) {
        const found = await faceapi.detectAllFaces(selfie, detector());
        return {
          id: job.id,
          faces: found.length,
          scores: found.map((f) => f.score),
          distance: null,
        };
      }
      const [mine, theirs] = [await describe(selfie), await describe(agent)];
      // Compared only when the selfie shows one face: with several, which one is the agent?
      const distance =
        mine.length === 1 && theirs[0]
          ? faceapi.euclideanDistance(mine[0]!.descriptor, theirs[0].descriptor)
          : null;
      return {
        id: job.id,
        faces: mine.length,
        scores: mine.map((f) => f.detection.score),
        distance,
      };
    } finally {
      agent?.dispose();
    }
  } finally {
    selfie.dispose();
  }
}

/** The detector's scores for the faces of `input` from `minConfidence` on (for the bench). */
export async function detect(input: FaceApi.tf.Tensor3D, minConfidence: number) {
  await ready;
  const found = await faceapi.detectAllFaces(input, detector(minConfidence));
  return found.map((f) => f.score);
}

export const euclideanDistance = (a: Float32Array, b: Float32Array) =>
  faceapi.euclideanDistance(a, b);
