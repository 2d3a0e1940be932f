import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * Which API test files CI's PostgreSQL pass runs. That pass exists to run the same tests against a
 * real PostgreSQL server; a test file that cannot reach a database (a unit test of `reference/`, an
 * architecture test reading sources, a parser) would only repeat, on the same code, what the PGlite
 * pass proved. A file is run there when anything it loads — itself, or any module it imports from
 * this repository, followed through every relative import — does one of these:
 * - loads `server/db/index.ts` or `server/db/postgres.ts`, the modules that open a database
 *   (`buildApp` and every test helper that makes an app reach them);
 * - mentions `DATABASE_URL`, the setting that points code at PostgreSQL;
 * - imports `node:child_process`: a child inherits DATABASE_URL and may open the database itself.
 * Type-only imports are left out: they are erased before the code runs.
 */
export const databaseModules = [
  join('server', 'db', 'index.ts'),
  join('server', 'db', 'postgres.ts'),
];

/** The relative modules a source loads when it runs (static, re-exports and dynamic imports). */
export function loadedImports(text: string): string[] {
  const code = text
    .replace(/^\s*import\s+type\b[^;]*;/gm, '')
    .replace(/^\s*export\s+type\b[^;]*;/gm, '');
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
}

/** Why a source alone reaches a database, or undefined. */
export function ownReason(file: string, text: string): string | undefined {
  if (databaseModules.includes(normalize(file))) return `opens a database (${file})`;
  if (/\bDATABASE_URL\b/.test(text)) return `mentions DATABASE_URL (${file})`;
  if (/['"](?:node:)?child_process['"]/.test(text)) return `starts processes (${file})`;
  return undefined;
}

/** The repository file an import of `spec` from `from` names, if it is one of ours. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = normalize(join(dirname(from), spec));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * For each `.test.ts` under `dir` (paths from the repository's root, the current directory), why
 * it can reach a database — the chain of imports to the first module that does — or undefined for
 * a file that never can.
 */
export function databaseReasons(dir = join('tests', 'server')): Map<string, string | undefined> {
  const texts = new Map<string, string>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
    return texts.get(file)!;
  };
  // Breadth first over everything the test loads; `via` remembers who imported each module.
  const reasonOf = (test: string): string | undefined => {
    const via = new Map<string, string | undefined>([[test, undefined]]);
    const queue = [test];
    for (let file = queue.shift(); file; file = queue.shift()) {
      const reason = ownReason(file, textOf(file));
      if (reason) {
        const chain: string[] = [];
        for (let f = via.get(file); f; f = via.get(f)) chain.unshift(f);
        return [...chain.slice(1), reason].join(' → ');
      }
      for (const spec of loadedImports(textOf(file))) {
        const target = resolveImport(file, spec);
        if (target && !via.has(target)) {
          via.set(target, file);
          queue.push(target);
        }
      }
    }
    return undefined;
  };
  const tests = (function walk(d: string): string[] {
    return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(d, e.name))
        : e.name.endsWith('.test.ts')
          ? [join(d, e.name)]
          : [],
    );
  })(dir).sort();
  return new Map(tests.map((t) => [t, reasonOf(t)]));
}

/** The API test files that can never reach a database: CI's PostgreSQL pass leaves them out. */
export const databaseFreeTests = (dir?: string) =>
  [...databaseReasons(dir)].filter(([, reason]) => !reason).map(([file]) => file);

/**
 * A test file pinned to the embedded database (it opens a PGlite data folder, or starts its
 * processes without DATABASE_URL, whatever the pass says) says so on a line of its own:
 * `// Embedded database only: <why>`. The PostgreSQL pass leaves it out: it would run the same
 * PGlite test again.
 */
export const embeddedOnlyMark = /^\/\/ Embedded database only: \S/m;

/** The API test files marked as pinned to the embedded database. */
export const embeddedOnlyTests = (dir?: string) =>
  [...databaseReasons(dir).keys()].filter((file) =>
    embeddedOnlyMark.test(readFileSync(file, 'utf8')),
  );

/**
 * The API test files that start a PostgreSQL server when none is given (they call `startPostgres`
 * or `startCluster` of scripts/cluster.ts, or `onPostgresServer` of tests/server/postgresServer.ts). When `npm test` runs the PostgreSQL pass itself
 * (TEST_POSTGRES_URL), the first pass leaves them to it: they run once, there, instead of starting
 * a server of their own beside it.
 */
export function postgresServerTests(dir = join('tests', 'server')): string[] {
  return [...databaseReasons(dir).keys()].filter((file) =>
    /\b(?:start(?:Postgres|Cluster)|onPostgresServer)\(/.test(readFileSync(file, 'utf8')),
  );
}
