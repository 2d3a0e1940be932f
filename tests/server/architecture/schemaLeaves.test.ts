import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sources';

// The web imports the server's wire types (`import type … from '../../server/schemas/jobs'`), and
// the typecheck of the web follows every import of a schema. So schemas are leaves: they import
// typebox, each other (common.ts and shared parts such as `Job`) and `reference/`, never a
// repository or a service (which would pull the database driver into the web's typecheck).

/** The module specifiers a source imports, statically (`import`, `export … from`) or dynamically. */
function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [
    ...code.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...code.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
}

/** Where a relative specifier of `file` lands, from the repository's root. */
function resolve(file: string, spec: string): string {
  const base = normalize(join(dirname(file), spec));
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  }
  return base;
}

const packagesAllowed = new Set(['typebox']);
const inside = (file: string, dir: string) => !relative(dir, file).startsWith('..');

/** The imports of a schema file that are not typebox, another schema or `reference/`. */
function foreignImports(file: string, text: string): string[] {
  return importsOf(text).filter((spec) => {
    if (!spec.startsWith('.')) return !packagesAllowed.has(spec);
    const target = resolve(file, spec);
    return !inside(target, join('server', 'schemas')) && !inside(target, 'reference');
  });
}

describe('schemas are leaves', () => {
  const schemaFiles = sourceFiles(join('server', 'schemas'));

  it('every file under server/schemas imports only typebox, other schemas and reference/', () => {
    const offenders = schemaFiles.flatMap((file) =>
      foreignImports(file, readFileSync(file, 'utf8')).map((spec) => `${file}: ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('what they reach in reference/ imports only reference/ and packages (no server code)', () => {
    const offenders = sourceFiles('reference').flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.') && !inside(resolve(file, spec), 'reference'))
        .map((spec) => `${file}: ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the scan sees the imports it guards (it is not vacuous)', () => {
    expect(schemaFiles.length).toBeGreaterThan(10);
    expect(importsOf(readFileSync(join('server', 'schemas', 'jobs.ts'), 'utf8'))).toContain(
      'typebox',
    );
    const file = join('server', 'schemas', 'x.ts');
    const text = [
      "import { Type } from 'typebox';",
      "import { SingleLine } from './common';",
      "import { jobKinds } from '../../reference/jobKinds';",
      "import type { JobRow } from '../repositories/jobs';",
      "export { nextStatus } from '../services/jobStateMachine';",
      "import {\n  a,\n  b,\n} from 'pg';",
      "const later = () => import('../db');",
    ].join('\n');
    expect(foreignImports(file, text)).toEqual([
      '../repositories/jobs',
      '../services/jobStateMachine',
      'pg',
      '../db',
    ]);
    expect(resolve(file, './common')).toBe(join('server', 'schemas', 'common.ts'));
  });
});
