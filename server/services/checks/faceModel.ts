import type { CheckWarning, FaceCheck } from './types';

/**
 * The settings of the face check, chosen on real photos (bench/faces.ts reports how they do).
 * Kept apart from the worker so that the checker, the bench and the tests read them without
 * loading the model.
 */
export const faceLimits = {
  /** The detector's score from which a region counts as a face. */
  minConfidence: 0.4,
  /** Faces looked for at most: more than one is already a warning. */
  maxFaces: 10,
  /** Pictures are shrunk to this longer side first (the detector works at 512 × 512). */
  side: 1280,
  /** A picture claiming more pixels than this is refused before decoding (a 12 MP phone is 12 M). */
  inputPixels: 50_000_000,
  /** Two descriptors closer than this (Euclidean) are taken for the same person. */
  matchDistance: 0.6,
};

/**
 * 0..1 from the descriptors' distance: 1 for the same picture, 0.5 at the match threshold,
 * 0 at twice the threshold or beyond.
 */
export const matchScore = (distance: number) =>
  Number(Math.min(1, Math.max(0, 1 - distance / (2 * faceLimits.matchDistance))).toFixed(2));

/** The check and its warnings from what the worker found. */
export function faceResult(faces: number, distance: number | null) {
  const check: FaceCheck = { faces };
  const warnings: CheckWarning[] = [];
  if (faces === 0) warnings.push({ code: 'no_face', message: 'No face was found in the selfie' });
  if (faces > 1)
    warnings.push({
      code: 'several_faces',
      message: `The selfie shows ${faces} faces where one was expected`,
    });
  if (distance !== null) {
    check.agent_match_score = matchScore(distance);
    if (distance > faceLimits.matchDistance)
      warnings.push({
        code: 'selfie_not_agent',
        message: `The face in the selfie does not look like the agent's application photo (match ${check.agent_match_score.toFixed(2)})`,
      });
  }
  return { check, warnings };
}
