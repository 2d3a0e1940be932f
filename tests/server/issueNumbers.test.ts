import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './architecture/sources';

// A comment says why the code is so; the tracker's numbers mean nothing to the next reader and
// go stale when issues are renumbered or moved.

const issueNumber = /\bissues?\s*#?\d+|\bissue\s+\d+'s\b/i;

describe('comments carry no issue numbers', () => {
  it('no source, test, script or benchmark names an issue by number', () => {
    const files = sourceFiles(
      ['server', 'src', 'reference', 'scripts', 'bench', 'tests'],
      ['.ts', '.tsx', '.mjs', '.css', '.html'],
    );
    const naming = files.filter((file) => issueNumber.test(readFileSync(file, 'utf8')));
    expect(naming.filter((file) => !file.endsWith('issueNumbers.test.ts'))).toEqual([]);
  });

  it('the pattern sees the usual spellings', () => {
    for (const text of ['(issue 4)', 'Issue #12', "issue 11's scenario", 'issues 3']) {
      expect(text).toMatch(issueNumber);
    }
    expect('an issue with the 3 photos').not.toMatch(issueNumber);
  });
});
