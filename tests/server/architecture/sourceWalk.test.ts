import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeExtensions, readSources } from './sources';

// The architecture tests scan the code through one walk (./sources.ts): a walker written again in
// a test drifts in what it skips or which extensions it reads, and the scan it feeds with it.
const home = join('tests', 'server', 'architecture', 'sources.ts');
// This file writes walkers in its own examples.
const self = join('tests', 'server', 'architecture', 'sourceWalk.test.ts');
/** Tests that walk a data folder they made (its files' digests and modes), not the code. */
const dataFolderWalks = [
  join('tests', 'server', 'backup', 'backup.test.ts'),
  join('tests', 'server', 'db', 'pgliteDataDir.test.ts'),
];

/** A folder walk: a branch on `isDirectory()`, or a recursive `readdir`. */
const walksFolders = (text: string) =>
  /\.isDirectory\(\)\s*[?)]|\breaddir(?:Sync)?\([^)]*\brecursive\b/.test(text);

describe('one walk of the source folders', () => {
  const tests = readSources('tests', codeExtensions).filter(({ file }) => file !== self);

  it('only tests/server/architecture/sources.ts walks folders (the data-folder tests aside)', () => {
    const walkers = tests.filter(({ text }) => walksFolders(text)).map(({ file }) => file);
    expect(walkers.sort()).toEqual([home, ...dataFolderWalks].sort());
  });

  it('the scan sees a walker (it is not vacuous)', () => {
    expect(tests.length).toBeGreaterThan(100);
    expect(
      walksFolders(
        'readdirSync(dir, { withFileTypes: true }).flatMap((e) =>\n  e.isDirectory()\n    ? files(join(dir, e.name))',
      ),
    ).toBe(true);
    expect(walksFolders("readdirSync('server', { recursive: true })")).toBe(true);
    expect(walksFolders('if (st.isDirectory()) for (const name of readdirSync(p)) visit(p);')).toBe(
      true,
    );
    expect(walksFolders("readdirSync(join('src', 'dataProvider')).sort()")).toBe(false);
  });
});
