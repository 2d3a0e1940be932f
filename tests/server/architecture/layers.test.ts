import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sources';

// Services are what routes, imports and the seed call: a service that reached into a route
// module would tie the use case to one caller (and to Fastify's request).

/** The relative modules a source imports (static, type-only, re-exports and dynamic). */
function importedPaths(text: string) {
  return [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
}

const routes = resolve('server', 'routes');
const intoRoutes = (file: string, path: string) =>
  !relative(routes, resolve(dirname(file), path)).startsWith('..');

describe('layers', () => {
  it('no module under server/services imports from server/routes', () => {
    const offenders = sourceFiles(join('server', 'services')).flatMap((file) =>
      importedPaths(readFileSync(file, 'utf8'))
        .filter((path) => intoRoutes(file, path))
        .map((path) => `${file} → ${path}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the scan sees the imports it guards (it is not vacuous)', () => {
    const text = [
      "import { a } from '../routes/capture/linkGuard';",
      "import type { B } from '../../x';",
      "export { c } from './y';",
      "const d = await import('../routes/jobs/owner');",
      "import e from 'fastify';",
    ].join('\n');
    expect(importedPaths(text)).toEqual([
      '../routes/capture/linkGuard',
      '../../x',
      './y',
      '../routes/jobs/owner',
    ]);
    const service = join('server', 'services', 'x.ts');
    expect(intoRoutes(service, '../routes/capture/linkGuard')).toBe(true);
    expect(intoRoutes(service, '../repositories/jobs')).toBe(false);
    expect(intoRoutes(service, './jobMoves')).toBe(false);
  });
});
