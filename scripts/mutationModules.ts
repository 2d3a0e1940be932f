export interface CriticalModule {
  file: string;
  /** The tests that exercise it, unit tests first; only these run against its mutants. */
  tests: string[];
  /**
   * Test runners at once (Stryker's `concurrency`), for a module whose tests open no database and
   * start no app: two on two cores halve its run. Others keep stryker.config.mjs's one.
   */
  concurrency?: number;
}

const jobsApiTests = [
  'tests/server/jobs/moves.test.ts',
  'tests/server/jobs/list.test.ts',
  'tests/server/jobs/create.test.ts',
  'tests/server/jobs/counts.test.ts',
];
const captureApiTests = [
  'tests/server/capture/links.test.ts',
  'tests/server/capture/submit.test.ts',
  'tests/server/capture/review.test.ts',
];

/**
 * The critical modules of `npm run test:mutation` (scripts/mutation.ts), each with the test files
 * that run against its mutants; tests/server/architecture/mutationCoverage.test.ts checks that
 * these files call every function the module exports. Small modules first, so a partial run still
 * says something.
 */
export const criticalModules: CriticalModule[] = [
  {
    // What an audit entry may hold: no token, password, full phone number or NIN.
    file: 'server/services/audit.ts',
    // Its unit tests only: its patterns are static mutants, each re-running every listed file, and
    // recording.test.ts (the hook through every route) would make that hours.
    tests: [
      'tests/server/audit/scrub.test.ts',
      'tests/server/audit/scrubLimits.test.ts',
      'tests/server/audit/entries.test.ts',
    ],
  },
  {
    // Two-factor codes: each accepted once, recovery codes spent, secrets sealed.
    file: 'server/services/twoFactor.ts',
    // The codes against a repository in memory. The sign-in flow's API tests (twoFactor.test.ts,
    // twoFactorPolicy.test.ts) would boot the app again for each mutant they cover.
    tests: ['tests/server/auth/twoFactorCodes.test.ts'],
  },
  {
    file: 'src/authProvider/canAccess.ts',
    tests: ['tests/web/canAccess.test.ts', 'tests/web/authProvider.test.ts'],
  },
  // Pure modules: their unit tests pin every rule; the API tests would only add minutes.
  {
    file: 'server/services/jobStateMachine.ts',
    tests: ['tests/server/services/jobStateMachine.test.ts'],
  },
  {
    file: 'server/services/captureWarnings.ts',
    tests: ['tests/server/services/captureWarnings.test.ts'],
  },
  // The machine checks' judgement of the evidence: the capture point against the claimed state
  // and LGA, what a job claims, and what the bill's text says about the claim. Their unit tests
  // only: the queue around them (checks.test.ts) adds minutes and no rule of their own.
  // The bill's text, one module per thing it finds (about 1,050 mutants in all, 11 minutes as one
  // module): a change to how the address is matched mutates the address alone, against its tests.
  ...['billText', 'billName', 'billAddress', 'billDate', 'billMatch'].map((name) => ({
    file: `server/services/checks/${name}.ts`,
    tests: [`tests/server/checks/${name}.test.ts`],
    concurrency: 2,
  })),
  {
    file: 'server/services/checks/place.ts',
    tests: ['tests/server/checks/place.test.ts'],
  },
  {
    // What a job claims, as every check compares it (the name on the bill, the address, the place).
    file: 'server/services/checks/claim.ts',
    tests: ['tests/server/checks/claimMutation.test.ts'],
  },
  // The COPY export's page conversion and the paged list exports live here too.
  {
    file: 'server/services/csv.ts',
    tests: [
      'tests/server/jobs/csvEscaping.test.ts',
      'tests/server/services/csvPages.test.ts',
      'tests/server/jobs/export.test.ts',
      'tests/server/listExports.test.ts',
    ],
  },
  {
    file: 'server/services/jobAccess.ts',
    tests: ['tests/server/services/jobAccess.test.ts', ...jobsApiTests, ...captureApiTests],
  },
  // Money. Each module's own focused tests first (builders and use cases against fakes, the
  // repository against a database of its own), so a touched money module runs in minutes.
  {
    // Builders and settlement against a recording transaction: posting them is the repository's.
    file: 'server/services/ledger.ts',
    tests: ['tests/server/money/movements.test.ts'],
  },
  {
    file: 'server/repositories/ledger.ts',
    tests: ['tests/server/money/ledger.test.ts'],
  },
  {
    file: 'server/services/charges.ts',
    tests: ['tests/server/money/pricing.test.ts'],
  },
  {
    // Funding: how a payment reaches a company's wallet (the recorded bank transfer).
    file: 'server/services/paymentMethods.ts',
    tests: ['tests/server/money/funding.test.ts'],
  },
  {
    file: 'server/services/payouts.ts',
    tests: ['tests/server/payouts/payOut.test.ts'],
  },
  // A retried money POST replays its first answer: the hook and the keys it claims.
  {
    file: 'server/plugins/app/idempotency.ts',
    tests: ['tests/server/money/idempotency.test.ts'],
  },
  {
    file: 'server/repositories/idempotency.ts',
    tests: ['tests/server/money/idempotency.test.ts'],
  },
  {
    file: 'server/services/jobMoves.ts',
    tests: [
      'tests/server/services/jobMoves.test.ts',
      'tests/server/jobs/moves.test.ts',
      'tests/server/capture/links.test.ts',
      'tests/server/capture/submit.test.ts',
      // The webhook events a move publishes.
      'tests/server/webhooks/delivery.test.ts',
      // The money a move settles: a cancellation's refund, an approval's fee.
      'tests/server/money/charges.test.ts',
    ],
  },
  {
    file: 'server/plugins/app/authenticate.ts',
    // The files that check its answers; the other auth tests only pass through it, and would
    // make a run take half an hour. tat.test.ts: the area pre-handler's refusals and passes.
    tests: [
      'tests/server/auth/authenticate.test.ts',
      'tests/server/auth/refresh.test.ts',
      'tests/server/auth/accessTokens.test.ts',
      'tests/server/auth/sessionLifetime.test.ts',
      // The session remembered per process and checked in the route's statement.
      'tests/server/auth/sessionInStatement.test.ts',
      'tests/server/tats/tat.test.ts',
      // The API-key path: which routes take a key, revoked and wrong keys, last use.
      'tests/server/apiKeys/apiKeys.test.ts',
      'tests/server/apiKeys/routes.test.ts',
    ],
  },
  {
    file: 'server/services/jobImport.ts',
    // The upload route reads files in a worker thread, where Stryker can neither switch a mutant
    // on nor see coverage: the unit tests call jobImport in this thread.
    tests: ['tests/server/services/jobImport.test.ts', 'tests/server/jobs/upload.test.ts'],
  },
];
