import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { Job } from '../../../server/schemas/jobs';
import type { TestContext } from '../helpers';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  setTat,
  signIn,
  type Headers,
  type Actor,
} from './support';

let ctx: TestContext;
let owner: Actor;
let partner: Actor;
let outsider: Actor;
let admin: Actor;
const ids: Record<string, string> = {};

const list = (headers: Headers, q: { sort?: unknown; range?: unknown; filter?: unknown } = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) params.set(k, JSON.stringify(v));
  return ctx.app.inject({ url: `/api/v2/jobs?${params}`, headers });
};
const names = (res: { json: () => { subject_name: string }[] }) =>
  res.json().map((j) => j.subject_name);

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Partner Ltd',
    partner: true,
  });
  outsider = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Outsider Ltd' });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  await setTat(ctx.db, { hours: 48 });
  // Five jobs of the owner, created a day apart (oldest first), one of the outsider.
  const people = ['Ada Bello', 'Bayo Cole', 'Chika Dike', 'Dayo Eze', 'Emeka Fola'];
  for (const [i, p] of people.entries()) {
    const [first_name, last_name] = p.split(' ') as [string, string];
    const job = await createJob(
      ctx.app,
      owner.headers,
      addressFields({
        first_name,
        last_name,
        ...(i === 4 ? { state: 'oyo', lga: 'Surulere' } : {}),
      }),
    );
    ids[first_name] = job.id;
    await ctx.db.query(
      "UPDATE jobs SET created_at = timestamptz '2026-03-01 12:00+01' + make_interval(days => $2) WHERE id = $1",
      [job.id, i],
    );
  }
  ids.Outsider = (
    await createJob(
      ctx.app,
      outsider.headers,
      addressFields({ first_name: 'Zed', last_name: 'Out' }),
    )
  ).id;
  // Bayo is assigned to the partner and overdue; Chika is cancelled.
  await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/company/${partner.companyId}`,
    headers: owner.headers,
    payload: { list: [ids.Bayo] },
  });
  await ctx.db.query("UPDATE jobs SET due_at = now() - interval '1 hour' WHERE id = $1", [
    ids.Bayo,
  ]);
  const cancelled = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/job/${ids.Chika}/cancel`,
    headers: owner.headers,
    payload: {},
  });
  expect(cancelled.statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /jobs', () => {
  it('answers the visible jobs with Content-Range, newest first by default', async () => {
    const res = await list(owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('jobs 0-4/5');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(names(res)).toEqual(['Emeka Fola', 'Dayo Eze', 'Chika Dike', 'Bayo Cole', 'Ada Bello']);
  });

  it('pages with range and sorts with sort', async () => {
    const res = await list(owner.headers, { sort: ['subject_name', 'ASC'], range: [1, 2] });
    expect(res.headers['content-range']).toBe('jobs 1-2/5');
    expect(names(res)).toEqual(['Bayo Cole', 'Chika Dike']);
    const byCode = await list(owner.headers, { sort: ['code', 'DESC'], range: [0, 0] });
    expect(names(byCode)).toEqual(['Emeka Fola']);
    const past = await list(owner.headers, { range: [10, 19] });
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe('jobs 10-10/5');
  });

  it('filters by status, type, state, LGA, dates, assignee, overdue and search', async () => {
    expect(names(await list(owner.headers, { filter: { status: 'cancelled' } }))).toEqual([
      'Chika Dike',
    ]);
    expect((await list(owner.headers, { filter: { type: 'product' } })).json()).toEqual([]);
    expect(names(await list(owner.headers, { filter: { state: 'Oyo' } }))).toEqual(['Emeka Fola']);
    expect(names(await list(owner.headers, { filter: { state: 'oyo', lga: 'surulere' } }))).toEqual(
      ['Emeka Fola'],
    );
    expect(
      names(
        await list(owner.headers, {
          filter: { created_from: '2026-03-02', created_to: '2026-03-03' },
        }),
      ),
    ).toEqual(['Chika Dike', 'Bayo Cole']);
    expect(
      names(await list(owner.headers, { filter: { assignee_id: partner.companyId } })),
    ).toEqual(['Bayo Cole']);
    expect(names(await list(owner.headers, { filter: { overdue: true } }))).toEqual(['Bayo Cole']);
    expect(names(await list(owner.headers, { filter: { q: 'dik' } }))).toEqual(['Chika Dike']);
    const code = (await list(owner.headers, { filter: { q: 'Dayo' } })).json()[0].code as string;
    expect(names(await list(owner.headers, { filter: { q: code } }))).toEqual(['Dayo Eze']);
    expect(names(await list(owner.headers, { filter: { q: code.replace('JOB-0', '') } }))).toEqual([
      'Dayo Eze',
    ]);
    expect(names(await list(owner.headers, { filter: { id: [ids.Ada, ids.Outsider] } }))).toEqual([
      'Ada Bello',
    ]);
  });

  it('refuses bad list parameters with 400', async () => {
    for (const q of [
      { sort: ['password', 'ASC'] },
      { range: [5, 1] },
      { filter: { status: 'lost' } },
      { filter: { state: 'atlantis' } },
      { filter: { created_from: '1 March' } },
      { filter: { overdue: 'maybe' } },
    ]) {
      expect((await list(owner.headers, q)).statusCode).toBe(400);
    }
    expect(
      (await ctx.app.inject({ url: '/api/v2/jobs?filter=%7Bnot-json', headers: owner.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('shows a company its own jobs and those assigned to it, an admin everything', async () => {
    expect(names(await list(partner.headers))).toEqual(['Bayo Cole']);
    expect(names(await list(outsider.headers))).toEqual(['Zed Out']);
    expect((await list(admin.headers)).headers['content-range']).toBe('jobs 0-5/6');
  });

  it('exports the filtered list as CSV with Accept: text/csv', async () => {
    const res = await ctx.app.inject({
      url: `/api/v2/jobs?${new URLSearchParams({ filter: JSON.stringify({ type: 'address' }), sort: '["subject_name","ASC"]' })}`,
      headers: { ...owner.headers, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="data.csv"');
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data.map((r) => r.subject_name)).toEqual([
      'Ada Bello',
      'Bayo Cole',
      'Chika Dike',
      'Dayo Eze',
      'Emeka Fola',
    ]);
    expect(parsed.data[1]).toMatchObject({
      type: 'Address',
      status: 'assigned',
      company_name: 'Owner Ltd',
      assignee_name: 'Partner Ltd',
      overdue: 'yes',
      fee: '1500',
      state: 'lagos',
      lga: 'Ikeja',
      phone: '+2348031234567',
      first_name: 'Bayo',
    });
  });

  it('security: exports with hostile filter values, matching them as text, never running them', async () => {
    const exportOf = (filter: object) =>
      ctx.app.inject({
        url: `/api/v2/jobs?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
        headers: { ...owner.headers, accept: 'text/csv' },
      });
    for (const filter of [
      { q: "'); DELETE FROM jobs; --" },
      { q: "Bello' OR '1'='1" },
      { lga: "Ikeja' OR '1'='1" },
      { q: '\\x27; DROP TABLE jobs; --', lga: "E'\\'" },
      { q: '$1 $$ x $$' },
    ]) {
      const res = await exportOf(filter);
      expect(res.statusCode).toBe(200);
      expect(res.body.trim().split('\r\n')).toHaveLength(1); // the header alone: nothing matches
    }
    const all = await exportOf({ lga: 'ikeja', q: 'bello' });
    expect(all.body.trim().split('\r\n')).toHaveLength(2);
    const count = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    expect(count.rows[0]!.n).toBe(6);
  });

  it('exports every row past one page, newest first', async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/jobs',
      headers: { ...admin.headers, accept: 'text/csv' },
    });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^code,type,status,company_name,subject_name/);
    // A byte order mark first, so that Excel reads the UTF-8 right.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('GET /jobs/{id}', () => {
  it("answers one job, 404 for another company's", async () => {
    const res = await ctx.app.inject({ url: `/api/v2/jobs/${ids.Ada}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.Ada, subject_name: 'Ada Bello' });
    expect(
      (await ctx.app.inject({ url: `/api/v2/jobs/${ids.Ada}`, headers: outsider.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/v2/jobs/${ids.Bayo}`, headers: partner.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/v2/jobs/nope', headers: owner.headers })).statusCode,
    ).toBe(400);
  });
});

describe('counts', () => {
  it('GET /job/summary/counts counts the visible jobs per status, overdue, total, per day', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/job/summary/counts', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      pending: 3,
      assigned: 1,
      accepted: 0,
      declined: 0,
      submitted: 0,
      approved: 0,
      rejected: 0,
      cancelled: 1,
      overdue: 1,
      total: 5,
    });
    expect(c.created_per_day).toHaveLength(30);
    const partnerCounts = (
      await ctx.app.inject({ url: '/api/v2/job/summary/counts', headers: partner.headers })
    ).json();
    expect(partnerCounts).toMatchObject({ assigned: 1, total: 1 });
    const all = (
      await ctx.app.inject({ url: '/api/v2/job/summary/counts', headers: admin.headers })
    ).json();
    expect(all.total).toBe(6);
  });

  it('counts jobs created today', async () => {
    const fresh = await signIn(ctx.app, ctx.db, 'company');
    await createJob(ctx.app, fresh.headers);
    const c = (
      await ctx.app.inject({ url: '/api/v2/job/summary/counts', headers: fresh.headers })
    ).json();
    expect(c.created_per_day.at(-1).count).toBe(1);
    expect(c.created_per_day.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
  });

  it("GET /job/company-job/counts: the company's own jobs, counts and a page of a status", async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/job/company-job/counts?status=pending&page=1',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toMatchObject({ pending: 3, assigned: 1, cancelled: 1, total: 5 });
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.data.map((j: { subject_name: string }) => j.subject_name)).toEqual([
      'Emeka Fola',
      'Dayo Eze',
      'Ada Bello',
    ]);
    const partnerOwn = (
      await ctx.app.inject({ url: '/api/v2/job/company-job/counts', headers: partner.headers })
    ).json();
    expect(partnerOwn.counts.total).toBe(0); // assigned to it, not its own
  });

  it('GET /job/get-company-job-by-assigner/{assignerId}/{status}: jobs the company owns', async () => {
    const byCompany = await ctx.app.inject({
      url: `/api/v2/job/get-company-job-by-assigner/${owner.companyId}/all?page=1`,
      headers: admin.headers,
    });
    expect(byCompany.statusCode).toBe(200);
    expect(byCompany.json()).toMatchObject({ total: 5, page: 1 });
    const byOwner = await ctx.app.inject({
      url: `/api/v2/job/get-company-job-by-assigner/${owner.account.id}/cancelled`,
      headers: admin.headers,
    });
    expect(byOwner.json().data.map((j: { subject_name: string }) => j.subject_name)).toEqual([
      'Chika Dike',
    ]);
    const second = await ctx.app.inject({
      url: `/api/v2/job/get-company-job-by-assigner/${owner.companyId}/all?page=2`,
      headers: admin.headers,
    });
    expect(second.json()).toMatchObject({ data: [], total: 5, page: 2 });
    // Another company sees only what it may see of them: the job assigned to it.
    const partnerView = await ctx.app.inject({
      url: `/api/v2/job/get-company-job-by-assigner/${owner.companyId}/all`,
      headers: partner.headers,
    });
    expect(partnerView.json().total).toBe(1);
    const bad = await ctx.app.inject({
      url: `/api/v2/job/get-company-job-by-assigner/${owner.companyId}/lost`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every jobs and settings route with its tag and the per-kind fields', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    const expected = [
      ['post', '/api/v2/job/create-address', 'jobs'],
      ['post', '/api/v2/job/upload', 'jobs'],
      ['get', '/api/v2/job/upload/template/{type}', 'jobs'],
      ['get', '/api/v2/jobs', 'jobs'],
      ['get', '/api/v2/jobs/{id}', 'jobs'],
      ['get', '/api/v2/job/detail/{id}', 'jobs'],
      ['get', '/api/v2/job/summary/counts', 'jobs'],
      ['get', '/api/v2/job/company-job/counts', 'jobs'],
      ['get', '/api/v2/job/get-company-job-by-assigner/{assignerId}/{status}', 'jobs'],
      ['get', '/api/v2/job/fetch-assignees/{type}', 'jobs'],
      ['patch', '/api/v2/job/assign/{type}/{id}', 'jobs'],
      ['patch', '/api/v2/job/update-status/accept', 'jobs'],
      ['patch', '/api/v2/job/update-status/reject', 'jobs'],
      ['put', '/api/v2/job/appove-or-reject/{id}/{type}', 'jobs'],
      ['post', '/api/v2/job/{id}/cancel', 'jobs'],
      ['get', '/api/v2/setting/tat', 'settings'],
      ['post', '/api/v2/setting/tat', 'settings'],
      ['patch', '/api/v2/setting/tat/{id}', 'settings'],
      ['put', '/api/v2/setting/update-details', 'settings'],
    ] as const;
    for (const [method, path, tag] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags).toEqual([tag]);
      expect(op!.summary).toBeTruthy();
    }
    expect(res.body).toContain('nafdac_number');
    expect(res.body).toContain('guarantor_phone');
  });
});

// Last: it moves Dayo on to accepted, which the lists and counts above do not expect.
describe('GET /jobs as JSON', () => {
  it('writes each job of a page as GET /jobs/{id} does, in the shape its schema documents', async () => {
    // Kobo that is not whole naira, a microsecond the JSON must drop as Date does, and a job
    // accepted without a deadline (overdue is false, not null).
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${partner.companyId}`,
      headers: owner.headers,
      payload: { list: [ids.Dayo] },
    });
    const accepted = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v2/job/update-status/accept',
      headers: partner.headers,
      payload: { jobId: ids.Dayo },
    });
    expect(accepted.statusCode).toBe(200);
    await ctx.db.query('UPDATE jobs SET due_at = NULL WHERE id = $1', [ids.Dayo]);
    await ctx.db.query(
      "UPDATE jobs SET price_kobo = 100050, updated_at = timestamptz '2026-03-05 10:11:12.345678+00' WHERE id = $1",
      [ids.Ada],
    );
    for (const who of [owner, partner, admin]) {
      const page = await list(who.headers, { sort: ['subject_name', 'ASC'] });
      expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
      const jobs = page.json() as { id: string }[];
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) {
        expect(Value.Check(Job, job)).toBe(true);
        const one = await ctx.app.inject({ url: `/api/v2/jobs/${job.id}`, headers: who.headers });
        expect(job).toEqual(one.json());
      }
    }
    const ada = (await list(owner.headers, { filter: { id: [ids.Ada] } })).json()[0];
    expect(ada).toMatchObject({ price: 1000.5, updated_at: '2026-03-05T10:11:12.345Z' });
    const bayo = (await list(owner.headers, { filter: { id: [ids.Bayo] } })).json()[0];
    expect(bayo).toMatchObject({ fee: 1500, overdue: true, assignee_name: 'Partner Ltd' });
    expect(Object.keys(bayo)).toEqual(Object.keys(Job.properties));
    const dayo = (await list(owner.headers, { filter: { id: [ids.Dayo] } })).json()[0];
    expect(dayo).toMatchObject({ status: 'accepted', due_at: null, overdue: false });
  });
});

describe('declined and cancelled jobs have no deadline', () => {
  it('are never overdue, in the list, its overdue filter or the counts, though past their due time', async () => {
    const counts = async () =>
      (await ctx.app.inject({ url: '/api/v2/job/summary/counts', headers: owner.headers })).json()
        .overdue as number;
    const overdueBefore = await counts();
    const declined = await createJob(ctx.app, owner.headers, addressFields({ first_name: 'Dee' }));
    const cancelled = await createJob(ctx.app, owner.headers, addressFields({ first_name: 'Cee' }));
    const assigned = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${partner.companyId}`,
      headers: owner.headers,
      payload: { list: [declined.id, cancelled.id] },
    });
    expect(assigned.statusCode).toBe(200);
    await ctx.db.query(
      "UPDATE jobs SET due_at = now() - interval '1 hour' WHERE id = ANY($1::uuid[])",
      [[declined.id, cancelled.id]],
    );
    // Overdue while assigned: the condition is live before the moves below.
    expect(await counts()).toBe(overdueBefore + 2);
    const declinedRes = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v2/job/update-status/reject',
      headers: partner.headers,
      payload: { jobId: declined.id },
    });
    expect(declinedRes.statusCode).toBe(200);
    const cancelledRes = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${cancelled.id}/cancel`,
      headers: owner.headers,
      payload: {},
    });
    expect(cancelledRes.statusCode).toBe(200);

    const both = (
      await list(owner.headers, { filter: { id: [declined.id, cancelled.id] } })
    ).json();
    expect(
      both.map((j: { status: string; overdue: boolean }) => [j.status, j.overdue]).sort(),
    ).toEqual([
      ['cancelled', false],
      ['declined', false],
    ]);
    const flagged = (await list(owner.headers, { filter: { overdue: true } })).json();
    expect(flagged.map((j: { id: string }) => j.id)).not.toContain(declined.id);
    expect(flagged.map((j: { id: string }) => j.id)).not.toContain(cancelled.id);
    expect(await counts()).toBe(overdueBefore);
  });
});
