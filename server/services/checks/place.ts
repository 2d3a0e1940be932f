import type { CheckResult, Claim, PlaceCheck } from './types';

/** The capture point against the claimed state and LGA; null when the LGA is not known. */
export function checkPlace(
  _point: { lat: number; lng: number },
  _claim: Claim,
): CheckResult<PlaceCheck> | null {
  throw new Error('The place check is not built yet');
}
