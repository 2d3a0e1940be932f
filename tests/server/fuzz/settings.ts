/** The fuzz's default budget in CI: a fixed seed, and runs that keep the file near a minute. */
export const ciSeed = 2611;
export const ciRunsPerOperation = 6;

/**
 * The seed and runs per operation: CI's, or FUZZ_SEED and FUZZ_RUNS as `npm run fuzz`
 * (scripts/fuzz.ts) sets them for a longer run; the seed replays a run.
 */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env) {
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : ciSeed;
  const runsPerOperation = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : ciRunsPerOperation;
  if (!Number.isInteger(seed) || !Number.isInteger(runsPerOperation) || runsPerOperation < 1) {
    throw new Error(
      `FUZZ_SEED and FUZZ_RUNS must be integers (got ${env.FUZZ_SEED}, ${env.FUZZ_RUNS})`,
    );
  }
  return { seed, runsPerOperation };
}
