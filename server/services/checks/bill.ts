import type { BillCheck, CheckResult, Claim } from './types';

/** Reads utility-bill photos and matches them against the claim. Kept warm between bills. */
export interface BillChecker {
  check(jpeg: Uint8Array, claim: Claim, capturedAt: Date): Promise<CheckResult<BillCheck>>;
  close(): Promise<void>;
}

export function createBillChecker(): BillChecker {
  throw new Error('The bill reader is not built yet');
}
