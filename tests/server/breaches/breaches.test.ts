import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionLabels } from '../../../reference/permissions';
import type { Breach } from '../../../server/schemas/breaches';
import { createTestApp, headersOf, type TestContext } from '../helpers';

const hour = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * hour).toISOString();

describe('the breach register: GET/POST /breaches, GET/PUT /breaches/{id}', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await headersOf(ctx, 'admin');
  });
  afterAll(() => ctx?.close());

  const entry = (over: Record<string, unknown> = {}) => ({
    description: 'A laptop with an export of job subjects was stolen from a car.',
    occurred_at: ago(30),
    found_at: ago(10),
    data_affected: 'Names, addresses and phone numbers of job subjects in Lagos',
    people_affected: 420,
    who_was_told: 'Acme Lending (client company)',
    ...over,
  });
  const create = (body: unknown, headers = admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/breaches', headers, payload: body as object });
  const update = (id: string, body: unknown, headers = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/breaches/${id}`,
      headers,
      payload: body as object,
    });
  const fieldOf = (res: { json: () => { errors?: { field: string }[] } }) =>
    res.json().errors?.[0]?.field;

  it('records an entry, open, with its recorder and the 72-hour deadline', async () => {
    const body = entry();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const b = res.json<Breach>();
    expect(b).toMatchObject({
      description: body.description,
      found_at: body.found_at,
      people_affected: 420,
      status: 'open',
      ndpc_notified_at: null,
      ndpc_deadline: new Date(Date.parse(body.found_at) + 72 * hour).toISOString(),
    });
    expect(b.recorded_by_name).toMatch(/^Test User/);
    const got = await ctx.app.inject({ url: `/api/v2/breaches/${b.id}`, headers: admin });
    expect(got.json()).toEqual(b);
  });

  it('lists entries in simple-rest conventions, filtered by status', async () => {
    const open = (await create(entry())).json<Breach>();
    const closed = (
      await create(entry({ status: 'closed', ndpc_notified_at: ago(5) }))
    ).json<Breach>();
    const list = await ctx.app.inject({
      url: `/api/v2/breaches?filter=${encodeURIComponent('{"status":"closed"}')}`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^breaches 0-\d+\/\d+$/);
    const ids = list.json<Breach[]>().map((b) => b.id);
    expect(ids).toContain(closed.id);
    expect(ids).not.toContain(open.id);
  });

  it('updates an entry: NDPC notified, people told, closed', async () => {
    const b = (await create(entry())).json<Breach>();
    const res = await update(b.id, {
      ...b,
      ndpc_notified_at: ago(2),
      people_notified_at: ago(1),
      status: 'closed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.id, status: 'closed', recorded_by: b.recorded_by });
    expect(res.json().ndpc_notified_at).not.toBeNull();
  });

  it.each([
    ['found_at', { found_at: new Date(Date.now() + 2 * hour).toISOString() }],
    ['occurred_at', { occurred_at: ago(1), found_at: ago(5) }],
    ['ndpc_notified_at', { ndpc_notified_at: ago(20) }],
    ['ndpc_notified_at', { ndpc_notified_at: new Date(Date.now() + 2 * hour).toISOString() }],
    ['people_notified_at', { people_notified_at: ago(11) }],
    ['description', { description: '   ' }],
    ['description', { description: 'x'.repeat(5001) }],
    ['data_affected', { data_affected: '' }],
    ['people_affected', { people_affected: -1 }],
    ['found_at', { found_at: 'yesterday' }],
    ['status', { status: 'deleted' }],
  ])('refuses a bad %s with a 400 naming it', async (field, over) => {
    const res = await create(entry(over));
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toContain(field);
  });

  it('found_at is required (400 naming it)', async () => {
    const body: Record<string, unknown> = entry();
    delete body.found_at;
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('found_at');
  });

  it('the same checks apply to an update', async () => {
    const b = (await create(entry())).json<Breach>();
    const res = await update(b.id, { ...b, ndpc_notified_at: ago(48) });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toBe('ndpc_notified_at');
  });

  it('an unknown id is 404 on read and update; there is no DELETE', async () => {
    const id = '8a3c2a52-3f1e-4d1e-9a57-2d1b0c6f7e10';
    expect(
      (await ctx.app.inject({ url: `/api/v2/breaches/${id}`, headers: admin })).statusCode,
    ).toBe(404);
    expect((await update(id, entry())).statusCode).toBe(404);
    const b = (await create(entry())).json<Breach>();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/breaches/${b.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/v2/breaches/${b.id}`, headers: admin })).statusCode,
    ).toBe(200);
  });

  it('provider heads only: sub-admins, companies and their users get 403, anonymous 401', async () => {
    const b = (await create(entry())).json<Breach>();
    const callers = [
      await headersOf(ctx, 'sub-admin', [...permissionLabels]),
      await headersOf(ctx, 'company'),
    ];
    for (const headers of callers) {
      expect((await ctx.app.inject({ url: '/api/v2/breaches', headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: `/api/v2/breaches/${b.id}`, headers })).statusCode).toBe(
        403,
      );
      expect((await create(entry(), headers)).statusCode).toBe(403);
      expect((await update(b.id, entry(), headers)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/v2/breaches' })).statusCode).toBe(401);
  });
});
