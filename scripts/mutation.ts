import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult } from '@stryker-mutator/api/core';

/**
 * `npm run test:mutation`: StrykerJS on each critical module, one at a time, each with only the
 * test files that exercise it (running the whole suite per mutant would take hours on 2 cores).
 * Prints a score table and writes reports/mutation/<folder>-<module>.html (and .json, and
 * summary.txt).
 *
 *   npm run test:mutation                      every critical module
 *   npm run test:mutation -- jobAccess csv     modules whose path contains one of the words
 *   npm run test:mutation -- --changed [base]  modules whose file or tests changed since base
 *                                              (default: see changedBase)
 *   npm run test:mutation -- --incremental     reuse reports/mutation/<folder>-<module>.incremental.json
 *
 * Exits 1 when a module scores under its threshold.
 */
interface CriticalModule {
  file: string;
  /** The tests that exercise it, unit tests first; only these run against its mutants. */
  tests: string[];
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

// Small modules first, so a partial run still says something. The ledger and money rules join here.
export const criticalModules: CriticalModule[] = [
  {
    // What an audit entry may hold: no token, password, full phone number or NIN.
    file: 'server/services/audit.ts',
    tests: ['tests/server/audit/scrub.test.ts', 'tests/server/audit/recording.test.ts'],
  },
  {
    // Two-factor codes: each accepted once, recovery codes spent, secrets sealed.
    file: 'server/services/twoFactor.ts',
    tests: ['tests/server/auth/twoFactor.test.ts', 'tests/server/auth/twoFactorPolicy.test.ts'],
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
  // The COPY export's page conversion and the paged list exports live here too.
  {
    file: 'server/services/csv.ts',
    tests: [
      'tests/server/jobs/csvEscaping.test.ts',
      'tests/server/jobs/export.test.ts',
      'tests/server/listExports.test.ts',
    ],
  },
  { file: 'server/services/jobAccess.ts', tests: [...jobsApiTests, ...captureApiTests] },
  // Money: the ledger's movements and the charge of new jobs, through the money API tests.
  {
    file: 'server/services/ledger.ts',
    tests: [
      'tests/server/money/ledger.test.ts',
      'tests/server/money/charges.test.ts',
      'tests/server/transactions/transactions.test.ts',
    ],
  },
  {
    file: 'server/services/charges.ts',
    tests: ['tests/server/money/charges.test.ts', 'tests/server/money/concurrency.test.ts'],
  },
  {
    file: 'server/repositories/ledger.ts',
    tests: ['tests/server/money/ledger.test.ts', 'tests/server/money/charges.test.ts'],
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

/** Below this a module fails the run (the aim every critical module meets). */
const threshold = 85;

/** A report's name: the folder and the module (`services-ledger`, `repositories-ledger`), as a
 * module's name alone is not unique. */
const slug = (file: string) =>
  file
    .replace(/\.tsx?$/, '')
    .split('/')
    .slice(-2)
    .join('-');

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * What "changed" is measured from. On main (or with no origin/main, as in a fresh CI clone of
 * one branch): the previous commit, first parent, so a merge counts everything it brought in.
 * On a branch: where it left origin/main.
 */
function changedBase(): string {
  try {
    const main = git('rev-parse', 'origin/main');
    return git('rev-parse', 'HEAD') === main ? 'HEAD~1' : git('merge-base', 'HEAD', main);
  } catch {
    return 'HEAD~1';
  }
}

/** A changed path touches a module when it is the module or one of its test files (globs too). */
function touches(m: CriticalModule, path: string) {
  return [m.file, ...m.tests].some((p) => path === p || path.match(globRegExp(p)));
}
const globRegExp = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

function selectModules(argv: string[]) {
  const changedAt = argv.indexOf('--changed');
  if (changedAt >= 0) {
    const next = argv[changedAt + 1];
    const base = next && !next.startsWith('--') ? next : changedBase();
    const changed = git('diff', '--name-only', base).split('\n').filter(Boolean);
    console.log(`Changed since ${base}: ${changed.length} files`);
    return criticalModules.filter((m) => changed.some((p) => touches(m, p)));
  }
  const words = argv.filter((a) => !a.startsWith('--'));
  return words.length
    ? criticalModules.filter((m) => words.some((w) => m.file.includes(w)))
    : criticalModules;
}

interface Row {
  module: string;
  score: number;
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  minutes: number;
}

/** Stryker's score: detected (killed + timeout) over valid mutants (errors and ignored left out). */
function summarize(file: string, results: MutantResult[], minutes: number): Row {
  const n = (s: MutantResult['status']) => results.filter((r) => r.status === s).length;
  const killed = n('Killed');
  const timeout = n('Timeout');
  const survived = n('Survived');
  const noCoverage = n('NoCoverage');
  const valid = killed + timeout + survived + noCoverage;
  const score = valid ? (100 * (killed + timeout)) / valid : 100;
  return { module: file, score, killed, survived, timeout, noCoverage, minutes };
}

function table(rows: Row[]) {
  const head = ['module', 'score', 'killed', 'survived', 'timeout', 'no coverage', 'minutes'];
  const body = rows.map((r) => [
    r.module,
    `${r.score.toFixed(1)}%`,
    ...[r.killed, r.survived, r.timeout, r.noCoverage].map(String),
    r.minutes.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function main() {
  const argv = process.argv.slice(2);
  const modules = selectModules(argv);
  if (!modules.length) {
    console.log('No critical module to mutate.');
    return;
  }
  mkdirSync('reports/mutation', { recursive: true });
  const rows: Row[] = [];
  for (const m of modules) {
    const name = slug(m.file);
    console.log(`\n▶ ${m.file} (${m.tests.join(', ')})`);
    const started = Date.now();
    process.env.MUTATION_TEST_FILES = m.tests.join(','); // read by vitest.mutation.config.ts
    const results = await new Stryker({
      configFile: 'stryker.config.mjs',
      mutate: [m.file],
      htmlReporter: { fileName: `reports/mutation/${name}.html` },
      jsonReporter: { fileName: `reports/mutation/${name}.json` },
      incremental: argv.includes('--incremental'),
      incrementalFile: `reports/mutation/${name}.incremental.json`,
    }).runMutationTest();
    rows.push(summarize(m.file, results, (Date.now() - started) / 60_000));
  }
  const out = table(rows);
  console.log(`\n${out}\n\nReports: reports/mutation/<folder>-<module>.html`);
  writeFileSync('reports/mutation/summary.txt', `${out}\n`);
  const weak = rows.filter((r) => r.score < threshold);
  if (weak.length) {
    console.error(`\n✖ under ${threshold}%: ${weak.map((r) => r.module).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
