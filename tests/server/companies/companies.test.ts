import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, type TestContext } from '../helpers';
import {
  createJob,
  createJobsTestApp,
  setTat,
  signIn,
  type Headers,
  type Actor,
} from '../jobs/support';

let ctx: TestContext;
let admin: Actor;
let viewer: Actor; // provider sub-admin with 'User management (view)'
let jobsOnly: Actor; // provider sub-admin without it
let lagos: Actor; // a client company
let kano: Actor; // a partner company
let lagosStaff: Actor; // a sub-user of lagos

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  viewer = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['User management (view)'] });
  jobsOnly = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['View Job History'] });
  lagos = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Lagos Credit Ltd' });
  kano = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Kano Verify Ltd',
    partner: true,
  });
  lagosStaff = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: lagos.companyId!,
    permissions: ['View Job History', 'Edit Profile'],
  });
  await ctx.db.query(
    "UPDATE companies SET state = 'kano', address = '3 Murtala Way' WHERE id = $1",
    [kano.companyId],
  );
  await setTat(ctx.db);
});
afterAll(() => ctx.close());

const get = (headers: Headers, url: string) => ctx.app.inject({ url, headers });
const list = (headers: Headers, query: Record<string, unknown> = {}) =>
  get(
    headers,
    `/api/v2/companies?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]),
    )}`,
  );
const patch = (headers: Headers, id: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/companies/${id}`,
    headers,
    payload: payload as object,
  });

describe('GET /companies', () => {
  it('lists companies with their code, state, partner flag and owner, with Content-Range', async () => {
    const res = await list(admin.headers, { sort: ['name', 'ASC'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('companies 0-1/2');
    expect(res.json()).toEqual([
      {
        id: kano.companyId,
        name: 'Kano Verify Ltd',
        code: kano.account.unique_code,
        state: 'kano',
        address: '3 Murtala Way',
        is_partner: true,
        status: 'active',
        suspended_at: null,
        owner: {
          id: kano.account.id,
          first_name: kano.account.first_name,
          last_name: kano.account.last_name,
          email: kano.account.email,
          phone: '+2348031234567',
          status: 1,
          email_confirmed: true,
        },
        created_at: expect.any(String),
        updated_at: null,
      },
      expect.objectContaining({
        id: lagos.companyId,
        code: lagos.account.unique_code,
        is_partner: false,
      }),
    ]);
  });

  it('searches by name or code, filters partners and reads a list of ids', async () => {
    const ids = async (q: Record<string, unknown>) =>
      ((await list(viewer.headers, q)).json() as { id: string }[]).map((c) => c.id);
    expect(await ids({ filter: { q: 'lagos cred' } })).toEqual([lagos.companyId]);
    expect(await ids({ filter: { q: kano.account.unique_code } })).toEqual([kano.companyId]);
    expect(await ids({ filter: { q: '100%' } })).toEqual([]);
    expect(await ids({ filter: { is_partner: true } })).toEqual([kano.companyId]);
    expect(await ids({ filter: { is_partner: 'false' } })).toEqual([lagos.companyId]);
    expect(await ids({ filter: { state: 'Kano' } })).toEqual([kano.companyId]);
    expect(await ids({ filter: { id: [lagos.companyId, 'junk'] } })).toEqual([lagos.companyId]);
    const page = await list(viewer.headers, { range: [1, 1], sort: ['name', 'ASC'] });
    expect(page.headers['content-range']).toBe('companies 1-1/2');
    expect(page.json()[0].id).toBe(lagos.companyId);
  });

  it('is for provider staff with User management (view): others get 403', async () => {
    for (const who of [jobsOnly, lagos, lagosStaff]) {
      expect((await list(who.headers)).statusCode).toBe(403);
      expect((await get(who.headers, `/api/v2/companies/${lagos.companyId}`)).statusCode).toBe(403);
      expect(
        (await get(who.headers, `/api/v2/user/company-details/${lagos.companyId}`)).statusCode,
      ).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/v2/companies' })).statusCode).toBe(401);
  });

  it("lets staff who create jobs pick an owner from it, without the owners' contacts", async () => {
    const creator = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['Create Job'] });
    const res = await list(creator.headers, { sort: ['name', 'ASC'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string; owner: unknown }) => [c.name, c.owner])).toEqual([
      ['Kano Verify Ltd', null],
      ['Lagos Credit Ltd', null],
    ]);
    expect((await get(creator.headers, `/api/v2/companies/${lagos.companyId}`)).statusCode).toBe(
      403,
    );
  });

  it('answers bad list parameters with a 400 naming them', async () => {
    const bad = async (q: Record<string, unknown>, message: RegExp) => {
      const res = await list(admin.headers, q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ filter: { is_partner: 'maybe' } }, /^filter\.is_partner must be true or false/);
    await bad(
      { filter: { state: 'Atlantis' } },
      /^filter\.state "Atlantis" is not a Nigerian state/,
    );
    await bad({ filter: { q: 5 } }, /^filter\.q must be a string/);
    await bad({ sort: ['owner_password', 'ASC'] }, /^Companies cannot be sorted by owner_password/);
    await bad({ range: [5, 1] }, /^range must be/);
    const notJson = await get(admin.headers, '/api/v2/companies?filter=%7Bnope');
    expect(notJson.json().message).toBe('filter must be JSON');
  });
});

describe('GET /companies/{id}', () => {
  it('shows one company, 404 for an unknown id and 400 naming a malformed one', async () => {
    const res = await get(viewer.headers, `/api/v2/companies/${kano.companyId}`);
    expect(res.json()).toMatchObject({ id: kano.companyId, is_partner: true, state: 'kano' });
    const unknown = await get(
      viewer.headers,
      '/api/v2/companies/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await get(viewer.headers, '/api/v2/companies/lagos');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('id');
  });
});

describe('PATCH /companies/{id}', () => {
  it('lets an admin mark a partner, who is then offered as an assignee', async () => {
    const before = await get(kano.headers, '/api/v2/job/fetch-assignees/company');
    expect(before.json().map((a: { id: string }) => a.id)).not.toContain(lagos.companyId);
    const res = await patch(admin.headers, lagos.companyId!, { is_partner: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: lagos.companyId,
      is_partner: true,
      updated_at: expect.any(String),
    });
    expect(
      (await get(admin.headers, `/api/v2/companies/${lagos.companyId}`)).json().is_partner,
    ).toBe(true);
    const after = await get(kano.headers, '/api/v2/job/fetch-assignees/company');
    expect(after.json().map((a: { id: string }) => a.id)).toContain(lagos.companyId);
    expect(
      (await patch(admin.headers, lagos.companyId!, { is_partner: false })).json().is_partner,
    ).toBe(false);
  });

  it('is for admin heads only: viewers, sub-admins and companies get 403, nothing changes', async () => {
    for (const who of [viewer, jobsOnly, kano, lagosStaff]) {
      expect((await patch(who.headers, lagos.companyId!, { is_partner: true })).statusCode).toBe(
        403,
      );
    }
    expect(await count(ctx.db, 'companies WHERE is_partner')).toBe(1);
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    for (const body of [{ is_partner: 'yes' }, { is_partner: 1 }, {}]) {
      const res = await patch(admin.headers, lagos.companyId!, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('is_partner');
    }
    const unknown = await patch(admin.headers, '00000000-0000-4000-8000-000000000000', {
      is_partner: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await count(ctx.db, 'companies WHERE is_partner')).toBe(1);
  });
});

describe('GET /user/company-details/{id}', () => {
  it('shows the profile, job counts owned and assigned, its users and recent jobs', async () => {
    const own = [await createJob(ctx.app, lagos.headers), await createJob(ctx.app, lagos.headers)];
    const assigned = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${kano.companyId}`,
      headers: lagos.headers,
      payload: { list: [own[0]!.id] },
    });
    expect(assigned.statusCode).toBe(200);
    const lagosView = (
      await get(viewer.headers, `/api/v2/user/company-details/${lagos.companyId}`)
    ).json();
    expect(lagosView).toMatchObject({
      id: lagos.companyId,
      name: 'Lagos Credit Ltd',
      code: lagos.account.unique_code,
      is_partner: false,
      owner: { email: lagos.account.email, phone: '+2348031234567' },
      job_counts: { owned: { pending: 1, assigned: 1, total: 2 }, assigned: { total: 0 } },
    });
    expect(lagosView.users.map((u: { id: string; role: string }) => [u.id, u.role])).toEqual([
      [lagos.account.id, 'company'],
      [lagosStaff.account.id, 'sub-admin'],
    ]);
    expect(lagosView.recent_jobs.map((j: { id: string }) => j.id)).toEqual([
      own[1]!.id,
      own[0]!.id,
    ]);

    const kanoView = (
      await get(admin.headers, `/api/v2/user/company-details/${kano.companyId}`)
    ).json();
    expect(kanoView).toMatchObject({
      state: 'kano',
      address: '3 Murtala Way',
      job_counts: { owned: { total: 0 }, assigned: { assigned: 1, total: 1 } },
    });
    expect(kanoView.recent_jobs).toEqual([
      expect.objectContaining({
        id: own[0]!.id,
        subject_name: 'Chidi Okeke',
        assignee_id: kano.companyId,
      }),
    ]);
  });

  it('is 404 for an unknown company and 400 for a malformed id', async () => {
    const unknown = await get(
      admin.headers,
      '/api/v2/user/company-details/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await get(admin.headers, '/api/v2/user/company-details/1')).statusCode).toBe(400);
  });
});

describe('PUT /setting/update-details: company state and address', () => {
  const update = (headers: Headers, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/v2/setting/update-details', headers, payload });

  it("lets the owner set the company's state (any spelling, kept as its alias) and address", async () => {
    const res = await update(lagos.headers, {
      company_state: 'Lagos State',
      company_address: ' 12 Broad Street ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company_state: 'lagos',
      company_address: '12 Broad Street',
    });
    const company = (await get(admin.headers, `/api/v2/companies/${lagos.companyId}`)).json();
    expect(company).toMatchObject({ state: 'lagos', address: '12 Broad Street' });
  });

  it('refuses a sub-user (403) and an unknown state (400 naming company_state), writing nothing', async () => {
    const sub = await update(lagosStaff.headers, { company_state: 'kano' });
    expect(sub.statusCode).toBe(403);
    const bad = await update(lagos.headers, { company_state: 'Wakanda', first_name: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'company_state', msg: 'company_state "Wakanda" is not a Nigerian state' },
    ]);
    const blank = await update(lagos.headers, { company_address: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('company_address');
    const company = (await get(admin.headers, `/api/v2/companies/${lagos.companyId}`)).json();
    expect(company).toMatchObject({ state: 'lagos', address: '12 Broad Street' });
    expect(await count(ctx.db, "accounts WHERE first_name = 'Changed'")).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the company routes under their tag', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v2/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const [method, path] of [
      ['get', '/api/v2/companies'],
      ['get', '/api/v2/companies/{id}'],
      ['patch', '/api/v2/companies/{id}'],
      ['get', '/api/v2/user/company-details/{id}'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['companies']);
    }
  });
});
