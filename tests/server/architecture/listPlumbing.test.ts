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

describe('simple-rest lists: one helper', () => {
  it('no route parses range, sort or filter or sets a page total by hand', () => {
    const offenders = routes.flatMap(({ file, text }) =>
      handPlumbing(text).map((call) => `${file}: ${call}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the lists declare their filter for the helper (the scan is not vacuous)', () => {
    const declaring = routes.filter(({ text }) => /\blistSpec\(\{/.test(text));
    expect(declaring.length).toBeGreaterThanOrEqual(8);
    expect(
      handPlumbing('const sort = parseSort<F>(q.sort, f, d, "X"); parseRange(q.range);'),
    ).toEqual(['parseSort', 'parseRange']);
  });
});
