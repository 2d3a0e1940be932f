import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { databaseFreeTests, embeddedOnlyTests, postgresServerTests } from './databaseTests';

/**
 * `npm test`: API and front-end suites, then a production build, then the browser suite
 * (bundle budgets and end-to-end tests in Debian's Chromium against the real server).
 * `npm test -- --server-only` runs the API suite alone (CI's PostgreSQL pass). With DATABASE_URL
 * set, that pass leaves out the test files that can never reach a database (./databaseTests.ts
 * says how they are found, from what each file loads): against PostgreSQL they would only repeat
 * what the PGlite pass proved on the same code.
 * With TEST_POSTGRES_URL set (CI does), `npm test` runs that PostgreSQL pass itself, after the
 * browser suite (beside it, on CI's two cores, the upload tests' 200 ms /health check failed).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0 };
mkdirSync('test-results', { recursive: true });

function run(step: string, args: string[]) {
  console.log(`\n▶ ${step}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${step} failed`);
    finish(r.status ?? 1);
  }
}

const vitestArgs = (name: string, projects: string[], exclude: string[] = []) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  ...exclude.flatMap((file) => ['--exclude', file]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=test-results/${name}.json`,
];

function vitest(step: string, name: string, projects: string[], exclude: string[] = []) {
  run(step, vitestArgs(name, projects, exclude));
  count(name);
}

/** Adds a finished suite's report to the totals. */
function count(name: string) {
  const r = JSON.parse(readFileSync(`test-results/${name}.json`, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
}

/** The closing line CI reads: every suite's tests added up. */
function finish(code: number): never {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

/**
 * The API suite on PostgreSQL, without the files that never reach a database nor those pinned to
 * the embedded one (they would repeat the first pass).
 */
function postgresPass() {
  const free = databaseFreeTests();
  const embedded = embeddedOnlyTests();
  console.log(
    `\n${free.length} API test files never reach a database and ${embedded.length} are pinned to ` +
      'the embedded one: not run on PostgreSQL.',
  );
  vitest('API tests on PostgreSQL', 'server-postgres', ['server'], [...free, ...embedded]);
}

if (process.argv.includes('--server-only')) {
  if (process.env.DATABASE_URL) {
    postgresPass();
  } else {
    vitest('API tests', 'server', ['server']);
  }
  finish(0);
}

vitest(
  'API and front-end tests',
  'unit',
  ['server', 'web'],
  process.env.TEST_POSTGRES_URL ? postgresServerTests() : [],
);
run('production build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);

if (!existsSync(chromiumPath)) {
  const msg =
    `Chromium is missing at ${chromiumPath}: the browser tests cannot run. ` +
    'Install it with `apt-get install chromium` (or set CHROMIUM_PATH).';
  if (process.env.CI === 'true') {
    console.error(`\n✖ ${msg}`);
    finish(1);
  }
  console.warn(`\n⚠ ${msg}\n  The API and front-end tests passed; the browser tests were NOT run.`);
  finish(0);
}
vitest('browser tests (bundle budgets, end to end)', 'e2e', ['e2e']);
if (process.env.TEST_POSTGRES_URL) {
  process.env.DATABASE_URL = process.env.TEST_POSTGRES_URL;
  postgresPass();
}
finish(0);
