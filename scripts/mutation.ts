import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult } from '@stryker-mutator/api/core';
import { criticalModules, type CriticalModule } from './mutationModules';

/**
 * `npm run test:mutation`: StrykerJS on each critical module, one at a time, each with only the
 * test files that exercise it (running the whole suite per mutant would take hours on 2 cores).
 * Prints a score table and writes reports/mutation/<folder>-<module>.html (and .json, and
 * summary.txt).
 *
 *   npm run test:mutation                      every critical module
 *   npm run test:mutation -- jobAccess csv     modules whose path contains one of the words
 *   npm run test:mutation -- --changed [base]  modules whose file or tests changed since base
 *                                              (default: see changedBase, .ci/landed)
 *   npm run test:mutation -- --changed --list  which modules that would mutate, without running
 *   npm run test:mutation -- --incremental     reuse reports/mutation/<folder>-<module>.incremental.json
 *
 * Exits 1 when a module scores under its threshold.
 */
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
 * one branch): the last head CI passed on, named in `.ci/landed`, so a submission of many commits
 * has all of them checked; without that file, or when it names no ancestor of HEAD, the previous
 * commit (first parent, so a merge counts everything it brought in). On a branch: where it left
 * origin/main.
 */
function changedBase(): string {
  try {
    const main = git('rev-parse', 'origin/main');
    if (git('rev-parse', 'HEAD') !== main) return git('merge-base', 'HEAD', main);
  } catch {
    // No origin/main: measured as on main.
  }
  return landedBase() ?? 'HEAD~1';
}

/** `.ci/landed`'s commit, when it is HEAD or an ancestor of it. */
function landedBase(): string | undefined {
  if (!existsSync('.ci/landed')) return undefined;
  const landed = readFileSync('.ci/landed', 'utf8').trim();
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', landed, 'HEAD'], { stdio: 'ignore' });
    return landed;
  } catch {
    // A shallow clone without it, or a rewritten history: say so, and check the last commit.
    console.warn(`.ci/landed: ${landed} is not in this clone's history of HEAD; using HEAD~1`);
    return undefined;
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
    let changed: string[];
    try {
      changed = git('diff', '--name-only', base).split('\n').filter(Boolean);
    } catch {
      // A clone of one commit (depth 1) has no previous commit to compare with: say so, rather
      // than pass having checked nothing.
      throw new Error(`--changed: no commit ${base} to compare with (clone with more history)`);
    }
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
  if (argv.includes('--list')) {
    console.log(modules.map((m) => m.file).join('\n'));
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
      ...(m.concurrency ? { concurrency: m.concurrency } : {}),
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
