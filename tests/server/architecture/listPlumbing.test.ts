import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources } from './sources';

// The simple-rest lists parse `range`, `sort` and `filter`, and answer `Content-Range`, through
// services/listFilter.ts, each declaring its filter as a schema: no route does it by hand again.
const routes = readSources(join('server', 'routes'));

/** The calls of the list plumbing that only the list helper makes. */
const handPlumbing = (text: string) =>
  [...text.matchAll(/\b(parseSort|parseRange|parseFilterObject|pageWithTotal)\s*[(<]/g)].map(
    (m) => m[1]!,
  );

/** A page read by hand from a repository's `list` and `count` (what `listPageOf` does). */
const handPage = (text: string) =>
  [...text.matchAll(/\[\s*(\w+)\.list\([^\]]*?\),\s*\1\.count\(/g)].map(
    (m) => `${m[1]}.list/count`,
  );
/** A list declaring `filter.id` as `FilterIds()` again (`ListFilter` adds it to every list). */
const ownIds = (text: string) => [...text.matchAll(/\bFilterIds\(\)/g)].map(() => 'FilterIds()');

describe('simple-rest lists: one helper', () => {
  it('no route parses range, sort or filter or sets a page total by hand', () => {
    const offenders = routes.flatMap(({ file, text }) =>
      handPlumbing(text).map((call) => `${file}: ${call}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no route reads a page and its total from a repository by hand, nor declares filter.id', () => {
    const offenders = routes.flatMap(({ file, text }) =>
      [...handPage(text), ...ownIds(text)].map((what) => `${file}: ${what}`),
    );
    expect(offenders).toEqual([]);
    expect(handPage('listPage(r, s, o, [agents.list(f, s, o, l), agents.count(f)], v)')).toEqual([
      'agents.list/count',
    ]);
    expect(handPage('[\n  users.list(scope, f, s, o, l),\n  users.count(scope, f),\n]')).toEqual([
      'users.list/count',
    ]);
    expect(ownIds('ListFilter({ q: FilterText(), id: FilterIds() })')).toEqual(['FilterIds()']);
  });

  it('the lists declare their filter for the helper (the scan is not vacuous)', () => {
    const declaring = routes.filter(({ text }) => /\blistSpec\(\{/.test(text));
    expect(declaring.length).toBeGreaterThanOrEqual(8);
    expect(
      handPlumbing('const sort = parseSort<F>(q.sort, f, d, "X"); parseRange(q.range);'),
    ).toEqual(['parseSort', 'parseRange']);
  });
});

describe('the jobs list statements: each part once', () => {
  const text = readFileSync(join('server', 'repositories', 'jobsList.ts'), 'utf8');
  const count = (re: RegExp) => [...text.matchAll(re)].length;

  it("builds a branch of the scope with the filter in one place (perBranch), and a sort's direction in one", () => {
    expect(count(/\bfilterWhere\(/g)).toBe(1);
    expect(count(/\bbranches\(scope\)\.map\(/g)).toBe(2); // perBranch, and the unfiltered day counts
    expect(count(/\.order === 'ASC' \? 'ASC' : 'DESC'/g)).toBe(1);
  });
});
