import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeExtensions, readSources } from '../server/architecture/sources';

// A record's page is react-admin's <ShowBase>/<Show> and a route's list its <ListBase>/<List>:
// they read the route's id, keep the access check, the cache keys and the record context in
// one place. A screen that reads `useParams()` and then fetches by hand is a copy of them.
const screens = readSources(['src/resources', 'src/pages'], codeExtensions);

/** Calls that fetch by hand: react-admin's one-record and list hooks, TanStack's useQuery. */
const handFetch = /\b(useGetOne|useGetList|useQuery)\s*[<(]/;
const readsRouteParams = (text: string) => /\buseParams\s*[<(]/.test(text);
const rendersShowController = (text: string) => /<(ShowBase|Show)\b/.test(text);

describe('screens use react-admin for the record or list of their route', () => {
  it('no screen fetches by hand what its route parameters name', () => {
    const handBuilt = screens
      .filter(({ text }) => readsRouteParams(text) && handFetch.test(text))
      .map(({ file }) => file);
    expect(handBuilt).toEqual([]);
  });

  it('every *Show screen renders <ShowBase> or <Show>', () => {
    const shows = screens.filter(({ file }) => /Show\.tsx$/.test(file));
    const handBuilt = shows.filter(({ text }) => !rendersShowController(text)).map((s) => s.file);
    expect(handBuilt).toEqual([]);
  });

  it('the scan sees the screens it guards (it is not vacuous)', () => {
    const shows = screens.filter(({ file }) => /Show\.tsx$/.test(file)).map((s) => s.file);
    expect(shows).toEqual(
      expect.arrayContaining([
        join('src', 'resources', 'jobs', 'JobShow.tsx'),
        join('src', 'resources', 'users', 'UserShow.tsx'),
        join('src', 'resources', 'companies', 'CompanyShow.tsx'),
        join('src', 'resources', 'agents', 'AgentShow.tsx'),
        join('src', 'resources', 'payouts', 'PayoutShow.tsx'),
      ]),
    );
    expect(readsRouteParams("const { id = '' } = useParams<{ id: string }>();")).toBe(true);
    expect(handFetch.test("useGetOne<Job>('jobs', { id })")).toBe(true);
    expect(handFetch.test('useQuery({ queryKey })')).toBe(true);
    expect(handFetch.test('useGetOneLater()')).toBe(false);
    expect(rendersShowController('<ShowBase<Job> resource="jobs">')).toBe(true);
    expect(rendersShowController('<ShowButton />')).toBe(false);
  });
});
