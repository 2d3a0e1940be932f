import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { databaseFreeTests, postgresServerTests } from './databaseTests';

/**
 * `npm test`: API and front-end suites, then a production build, then the browser suite
 * (bundle budgets and end-to-end tests in Debian's Chromium against the real server).
 * `npm test -- --server-only` runs the API suite alone (CI's PostgreSQL pass). With DATABASE_URL
 * set, that pass leaves out the test files that can never reach a database (./databaseTests.ts
 * says how they are found, from what each file loads): against PostgreSQL they would only repeat
 * what the PGlite pass proved on the same code.
 * With TEST_POSTGRES_URL set (CI does), `npm test` runs that PostgreSQL pass itself, on one worker
 * beside the browser suite: the browser suite mostly waits on Chromium and the server it drives,
 * leaving a core idle that the API suite then uses.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0 };
/** Suites running beside the current one, stopped if the run ends early. */
const background: ChildProcess[] = [];
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
  for (const child of background) if (child.exitCode === null) child.kill();
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

/** The PostgreSQL pass's note on the files it leaves out. */
function databaseFreeNote(skipped: string[]) {
  return `${skipped.length} API test files never reach a database: not run on PostgreSQL.`;
}

/**
 * The PostgreSQL pass started in the background on one worker, its output kept in a log printed
 * when it ends; resolves to its exit code.
 */
function startPostgresPass(url: string): Promise<number> {
  const skipped = databaseFreeTests();
  const logFile = 'test-results/server-postgres.log';
  const log = openSync(logFile, 'w');
  console.log(`\n▶ API tests on PostgreSQL, beside the browser suite (output: ${logFile})`);
  const child = spawn(
    process.execPath,
    [...vitestArgs('server-postgres', ['server'], skipped), '--maxWorkers=1'],
    { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', log, log] },
  );
  background.push(child);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      closeSync(log);
      console.log(`\n▶ API tests on PostgreSQL (${databaseFreeNote(skipped)})`);
      console.log(readFileSync(logFile, 'utf8'));
      resolve(code ?? 1);
    }),
  );
}

if (process.argv.includes('--server-only')) {
  if (process.env.DATABASE_URL) {
    const skipped = databaseFreeTests();
    console.log(`\n${databaseFreeNote(skipped)}`);
    vitest('API tests on PostgreSQL', 'server', ['server'], skipped);
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
const postgresPass = process.env.TEST_POSTGRES_URL
  ? startPostgresPass(process.env.TEST_POSTGRES_URL)
  : undefined;
vitest('browser tests (bundle budgets, end to end)', 'e2e', ['e2e']);
if (postgresPass) {
  const code = await postgresPass;
  if (code !== 0) {
    console.error('\n✖ API tests on PostgreSQL failed');
    finish(code);
  }
  count('server-postgres');
}
finish(0);
