import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headersOf, type TestContext } from '../helpers';

type H = Record<string, string>;
let ctx: TestContext;
let admin: H;
let staff: H; // provider sub-admin: admin area, not a super-admin
let company: H;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await headersOf(ctx, 'admin');
  staff = await headersOf(ctx, 'sub-admin', ['Edit Profile']);
  company = await headersOf(ctx, 'company');
});
afterAll(() => ctx.close());

const body = (over: Record<string, unknown> = {}) => ({
  state: 'lagos',
  jobType: 'address',
  audience: 'company',
  amount: 1500.5,
  tatInHours: 48,
  ...over,
});

const post = (headers: H, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/setting/tat',
    headers,
    payload: payload as object,
  });

/** Every stored setting: a refused write must leave them all as they were. */
const allTats = async () => (await ctx.db.query('SELECT * FROM tat_settings ORDER BY id')).rows;

describe('TAT settings', () => {
  let id: string;

  it('creates a setting; amounts are NGN on the wire', async () => {
    const res = await post(admin, body());
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      state: 'lagos',
      jobType: 'address',
      audience: 'company',
      amount: 1500.5,
      tatInHours: 48,
      updatedAt: null,
    });
    expect(new Date(t.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    id = t._id;
    const stored = await ctx.db.query<{ amount_kobo: number }>(
      'SELECT amount_kobo FROM tat_settings WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]!.amount_kobo).toBe(150050);
  });

  it('lists settings as {tats}', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/setting/tat', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().tats).toEqual([expect.objectContaining({ _id: id, amount: 1500.5 })]);
  });

  it('accepts a state name and stores its alias', async () => {
    const res = await post(admin, body({ state: 'Akwa Ibom', jobType: 'product' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().state).toBe('akwa_ibom');
  });

  it('refuses a duplicate (state, jobType, audience) with 409', async () => {
    const res = await post(admin, body({ amount: 99 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A TAT is already set for Lagos, Address, audience Company');
  });

  it.each([
    [{ amount: 10.123 }, 'amount'],
    [{ amount: 0 }, 'amount'],
    [{ amount: -5 }, 'amount'],
    [{ amount: '100' }, 'amount'],
    [{ tatInHours: 1.5 }, 'tatInHours'],
    [{ tatInHours: 0 }, 'tatInHours'],
    [{ state: 'atlantis' }, 'state'],
    [{ jobType: 'car' }, 'jobType'],
    [{ audience: 'everyone' }, 'audience'],
  ])('refuses %j with 400 naming %s', async (over, field) => {
    const res = await post(admin, body({ state: 'kano', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  it('refuses a missing field', async () => {
    const rest: Record<string, unknown> = body();
    delete rest.tatInHours;
    const res = await post(admin, rest);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'tatInHours', msg: 'tatInHours is required' }]);
  });

  it('edits a setting and stamps updatedAt', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/setting/tat/${id}`,
      headers: admin,
      payload: body({ amount: 2000, tatInHours: 24 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, amount: 2000, tatInHours: 24 });
    expect(res.json().updatedAt).not.toBeNull();
  });

  it('refuses an edit that collides with another setting (409) and an unknown id (404)', async () => {
    const before = await allTats();
    const collide = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/setting/tat/${id}`,
      headers: admin,
      payload: body({ state: 'akwa_ibom', jobType: 'product' }),
    });
    expect(collide.statusCode).toBe(409);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v2/setting/tat/00000000-0000-4000-8000-000000000000',
      headers: admin,
      payload: body({ state: 'oyo' }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await allTats()).toEqual(before);
  });

  it('lets only admins set prices, and only super-admins Agent prices', async () => {
    const before = await allTats();
    expect((await post(staff, body({ audience: 'agent' }))).statusCode).toBe(403);
    expect((await post(staff, body({ state: 'oyo' }))).statusCode).toBe(403);
    expect(await allTats()).toEqual(before);
    expect((await post(admin, body({ audience: 'agent' }))).statusCode).toBe(201);
    expect((await post(admin, body({ state: 'oyo' }))).statusCode).toBe(201);
  });

  it('lets companies read Company settings but not write', async () => {
    const before = await allTats();
    expect((await post(company, body({ state: 'ogun' }))).statusCode).toBe(403);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/setting/tat/${id}`,
      headers: company,
      payload: body(),
    });
    expect(patch.statusCode).toBe(403);
    expect(await allTats()).toEqual(before);
    const list = await ctx.app.inject({ url: '/api/v2/setting/tat', headers: company });
    expect(list.statusCode).toBe(200);
    const audiences = list.json().tats.map((t: { audience: string }) => t.audience);
    expect(audiences.length).toBeGreaterThan(0);
    expect(audiences).not.toContain('agent');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/setting/tat' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required');
  });
});
