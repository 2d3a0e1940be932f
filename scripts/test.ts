import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `npm test`: API and front-end suites, then a production build, then the browser suite
 * (bundle budgets and end-to-end tests in Debian's Chromium against the real server).
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

function run(step: string, args: string[]) {
  console.log(`\n▶ ${step}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${step} failed`);
    process.exit(r.status ?? 1);
  }
}

run('API and front-end tests', [...vitest, '--project', 'server', '--project', 'web']);
run('production build', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);

if (!existsSync(chromiumPath)) {
  const msg =
    `Chromium is missing at ${chromiumPath}: the browser tests cannot run. ` +
    'Install it with `apt-get install chromium` (or set CHROMIUM_PATH).';
  if (process.env.CI === 'true') {
    console.error(`\n✖ ${msg}`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${msg}\n  The API and front-end tests passed; the browser tests were NOT run.`);
  process.exit(0);
}
run('browser tests (bundle budgets, end to end)', [...vitest, '--project', 'e2e']);
