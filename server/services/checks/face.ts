import type { CheckResult, FaceCheck } from './types';

/** Finds the faces of a selfie and compares it with the agent's application photo. */
export interface FaceChecker {
  check(selfie: Uint8Array, agentPhoto: Uint8Array | null): Promise<CheckResult<FaceCheck>>;
  close(): Promise<void>;
}

export function createFaceChecker(): FaceChecker {
  throw new Error('The face check is not built yet');
}
