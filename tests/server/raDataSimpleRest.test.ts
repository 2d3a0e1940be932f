import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider, type RaRecord } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from './demoSnapshot';
import { login, type TestContext } from './helpers';

/**
 * react-admin's own, unmodified `ra-data-simple-rest`, over real HTTP, on every list resource of
 * the API: what a `<List>` that names no sort sends (`sort=["id","ASC"]`), a filter and a page,
 * then getOne and getMany of what it listed.
 */
let ctx: TestContext;
let client: DataProvider;

/** Each resource with a filter that its demo rows meet, and the field that shows it. */
const resources: { resource: string; filter: Record<string, unknown>; holds: [string, unknown] }[] =
  [
    { resource: 'jobs', filter: { type: 'address' }, holds: ['type', 'address'] },
    { resource: 'companies', filter: { is_partner: false }, holds: ['is_partner', false] },
    { resource: 'transactions', filter: { kind: 'funding' }, holds: ['kind', 'funding'] },
    { resource: 'payouts', filter: { status: 'pending' }, holds: ['status', 'pending'] },
    { resource: 'users', filter: { status: 1 }, holds: ['status', 1] },
    { resource: 'agents', filter: { status: 1 }, holds: ['status', 1] },
    { resource: 'agent-applications', filter: { status: 'pending' }, holds: ['status', 'pending'] },
    { resource: 'messages', filter: { box: 'inbox' }, holds: ['box', 'inbox'] },
  ];

beforeAll(async () => {
  ctx = await createDemoTestApp();
  const { accessToken, headers } = await login(ctx.app, 'admin@demo.ng', 'Admin1234!');
  // More pending payouts than the demo's one: every agent with earnings is paid out.
  const agents = await ctx.app.inject({ url: '/api/v2/agents?range=[0,99]', headers });
  const paid = await Promise.all(
    (agents.json() as { id: string }[]).map(({ id }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/payouts',
        headers,
        payload: { agent_id: id },
      }),
    ),
  );
  expect(paid.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
  const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  // react-admin's fetchJson on Node's own fetch; the bearer token as its `user.token`.
  const httpClient = (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, {
      ...options,
      user: { authenticated: true, token: `Bearer ${accessToken}` },
    });
  client = simpleRestProvider(`${origin}/api/v2`, httpClient);
}, 120_000);
afterAll(() => ctx?.close());

describe("react-admin's unmodified ra-data-simple-rest", () => {
  it.each(resources)(
    'lists $resource sorted by id with a filter and a page, then gets one and many',
    async ({ resource, filter, holds: [field, value] }) => {
      const sort = { field: 'id', order: 'ASC' } as const;
      const first = await client.getList(resource, {
        sort,
        filter,
        pagination: { page: 1, perPage: 1 },
      });
      expect(first.data).toHaveLength(1);
      expect(first.total).toBeGreaterThan(1);
      const all = await client.getList(resource, {
        sort,
        filter,
        pagination: { page: 1, perPage: first.total! },
      });
      expect(all.data).toHaveLength(first.total!);
      for (const row of all.data) expect(row[field]).toEqual(value);
      const ids = all.data.map((r: RaRecord) => r.id);
      expect(ids[0]).toBe(first.data[0]!.id);
      const second = await client.getList(resource, {
        sort,
        filter,
        pagination: { page: 2, perPage: 1 },
      });
      expect(second.data.map((r: RaRecord) => r.id)).toEqual([ids[1]]);
      // The other way round is the same order reversed.
      const reversed = await client.getList(resource, {
        sort: { field: 'id', order: 'DESC' },
        filter,
        pagination: { page: 1, perPage: first.total! },
      });
      expect(reversed.data.map((r: RaRecord) => r.id).reverse()).toEqual(ids);
      const firstIds = ids.slice(0, 2);

      const one = await client.getOne(resource, { id: firstIds[0] });
      expect(one.data.id).toBe(firstIds[0]);

      const many = await client.getMany(resource, { ids: firstIds });
      expect(many.data.map((r: RaRecord) => r.id).sort()).toEqual([...firstIds].sort());
    },
  );
});
