import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

/**
 * `npm run fuzz`: the OpenAPI fuzz (tests/server/fuzz/openapi.test.ts) longer than CI runs it,
 * with a new seed each time. Prints the seed first, so a failure can be replayed.
 *
 *   npm run fuzz                        200 runs per operation, a random seed
 *   npm run fuzz -- --runs 50           another budget
 *   npm run fuzz -- --seed 123456       replays a run (with the same --runs)
 *
 * Exits with the test run's status.
 */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const seed = option('seed') ?? String(randomInt(1, 2 ** 31 - 1));
const runs = option('runs') ?? '200';
console.log(
  `fuzz: seed ${seed}, ${runs} runs per operation (replay: npm run fuzz -- --seed ${seed} --runs ${runs})`,
);
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    'tests/server/fuzz/openapi.test.ts',
    '--testTimeout',
    '0',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_PROGRESS: '1' },
  },
);
console.log(
  `fuzz: seed ${seed}, ${runs} runs per operation: ${run.status === 0 ? 'nothing found' : 'see above'}`,
);
process.exit(run.status ?? 1);
