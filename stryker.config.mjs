// @ts-check
/**
 * Mutation testing (StrykerJS, vitest runner). `npm run test:mutation` runs it one critical module
 * at a time with only that module's tests (scripts/mutation.ts); this file holds what every run shares.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // vitest.mutation.config.ts narrows the run to the module's tests. Not Stryker's `testFiles`:
  // with it, static mutants (the state machine's table) are switched on after their module has
  // loaded, so they survive whatever the tests check.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // One worker: the machine (and CI) has few cores, and each test file boots a database.
  concurrency: 1,
  // Tests boot PGlite and the app; a loaded machine needs more slack than the 5 s default.
  timeoutMS: 15_000,
  reporters: ['html', 'json', 'progress'],
  ignorePatterns: ['/data', '/dist', '/coverage', '/test-results', '/bench/tmp', '/reports'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
