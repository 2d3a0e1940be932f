import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from './support/server';
import { companyAccount, makeJwt, sessionKeys, signIn } from './support/session';

// Fresh modules per test: the refresh state lives for a page load, like in the browser.
// (Destructured from the module: the refresh proxy answers every property, `then` included, so
// the dataProvider itself must not be returned from an async function.)
const loadModule = () => import('../../src/dataProvider');
beforeEach(() => {
  vi.resetModules();
});

const jobsAnswer = (request: Request) =>
  HttpResponse.json([{ id: 1, authorization: request.headers.get('authorization') }], {
    headers: { 'Content-Range': 'jobs 0-0/1' },
  });

describe('dataProvider', () => {
  it('reads lists the ra-data-simple-rest way under /api/v2, with the bearer token', async () => {
    const token = makeJwt(600);
    signIn(companyAccount, { accessToken: token });
    let url = '';
    server.use(
      http.get('/api/v2/jobs', ({ request }) => {
        url = request.url;
        return jobsAnswer(request);
      }),
    );
    const { dataProvider } = await loadModule();

    const { data, total } = await dataProvider.getList('jobs', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });

    expect(new URL(url).searchParams.get('range')).toBe('[0,9]');
    expect(total).toBe(1);
    expect(data).toEqual([{ id: 1, authorization: `Bearer ${token}` }]);
  });

  it('pages without a total when the server did not count it (Content-Range …/*)', async () => {
    signIn(companyAccount, { accessToken: makeJwt(600) });
    server.use(
      http.get('/api/v2/jobs', ({ request }) => {
        const range = JSON.parse(new URL(request.url).searchParams.get('range')!) as number[];
        return HttpResponse.json([{ id: range[0] }], {
          headers: { 'Content-Range': `jobs ${range[0]}-${range[1]}/*` },
        });
      }),
    );
    const { dataProvider } = await loadModule();
    const read = (page: number) =>
      dataProvider.getList('jobs', {
        pagination: { page, perPage: 25 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: { q: 'okonkwo' },
      });

    const first = await read(1);
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasPreviousPage: false, hasNextPage: true });
    expect(first.data).toEqual([{ id: 0 }]);
    expect((await read(3)).pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
  });

  it('refreshes an expired token once for concurrent calls, then sends the new one', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-10), refreshToken: 'r-1' });
    const newToken = makeJwt(900);
    let refreshes = 0;
    server.use(
      http.post('/api/v2/auth/refresh', async () => {
        refreshes += 1;
        await delay(30);
        return HttpResponse.json({
          accessToken: newToken,
          refreshToken: 'r-2',
          account: companyAccount,
        });
      }),
      http.get('/api/v2/jobs/:id', ({ request, params }) =>
        HttpResponse.json({
          id: Number(params.id),
          authorization: request.headers.get('authorization'),
        }),
      ),
    );
    const { dataProvider } = await loadModule();

    const answers = await Promise.all([1, 2, 3].map((id) => dataProvider.getOne('jobs', { id })));

    expect(refreshes).toBe(1);
    expect(answers.map(({ data }) => data.authorization)).toEqual([
      `Bearer ${newToken}`,
      `Bearer ${newToken}`,
      `Bearer ${newToken}`,
    ]);
    expect(localStorage.getItem('refreshToken')).toBe('r-2');
  });

  it('fails the call with a 401 and ends the session when the refresh is refused', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-10) });
    server.use(
      http.post('/api/v2/auth/refresh', () =>
        HttpResponse.json(
          { message: 'Your session has ended. Please log in again.' },
          { status: 401 },
        ),
      ),
    );
    const { dataProvider } = await loadModule();

    await expect(dataProvider.getOne('jobs', { id: 1 })).rejects.toMatchObject({ status: 401 });
    expect(sessionKeys()).toEqual([]);
  });
});
