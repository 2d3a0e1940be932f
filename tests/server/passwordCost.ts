// The API tests hash passwords at the lowest argon2id cost (./setup.ts); a test about the cost
// itself switches the app's real one back on. The switch lives on globalThis so that it holds
// across `vi.resetModules()`, which such a test needs: the app makes its dummy hash when its
// module loads.
const key = Symbol.for('tests: the real password cost');
const flags = globalThis as unknown as Record<symbol, boolean | undefined>;

/** Whether passwords are hashed at the app's own cost now. */
export const realPasswordCost = () => flags[key] === true;

/** Hashes at the app's own cost until the returned function is called. */
export function useRealPasswordCost(): () => void {
  flags[key] = true;
  return () => {
    flags[key] = false;
  };
}
