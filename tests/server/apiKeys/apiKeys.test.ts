import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash } from '../../../server/services/apiKeys';
import { configFromEnv, count, createTestApp, type TestContext } from '../helpers';
import { csv, row } from '../jobs/bulkFiles';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  multipart,
  pdfFile,
  postJobsFile,
  signIn,
  setPrices,
  type Actor,
} from '../jobs/support';
import { newKey, postKey } from './support';

let ctx: TestContext;
let owner: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Eko Lending Ltd' });
  other = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Kano Credit Ltd' });
  admin = await signIn(ctx.app, ctx.db, 'admin');
});
afterAll(() => ctx?.close());

const get = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({ url: `/api/v2${url}`, headers });

interface Listed {
  id: string;
  name: string;
  prefix: string;
  permission: string[];
  company_id: string;
  company_name: string;
  last_used_at: string | null;
  revoked_at: string | null;
  status: string;
}

describe('an API key', () => {
  it('is shown once, stored as its hash, and works on every job endpoint of its company', async () => {
    const created = await newKey(ctx.app, owner.headers, { name: '  Loan origination  ' });
    expect(created.name).toBe('Loan origination');
    expect(created.key).toMatch(/^vb_live_[\w-]{43}$/);
    // Only the hash is kept.
    const stored = await ctx.db.query<{ hash: string; prefix: string }>(
      'SELECT hash, prefix FROM api_keys WHERE id = $1',
      [created.id],
    );
    expect(stored.rows[0]!.hash).toBe(apiKeyHash(created.key));
    expect(created.key.startsWith(stored.rows[0]!.prefix)).toBe(true);
    expect(stored.rows[0]!.prefix.length).toBeLessThan(20);
    expect(await count(ctx.db, 'api_keys WHERE hash = $1', [created.key])).toBe(0);

    const key = created.headers;
    // Create one job, with an attachment.
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/job/create-address',
      headers: key,
      payload: multipart(addressFields(), [
        { field: 'attachments', filename: 'bill.pdf', data: pdfFile(), type: 'application/pdf' },
      ]),
    });
    expect(single.statusCode, single.body).toBe(201);
    const job = single.json() as { id: string; company_id: string };
    expect(job.company_id).toBe(owner.companyId);

    // Bulk upload.
    const upload = await postJobsFile(ctx.app, '/api/v2/job/upload', key, csv([row(1), row(2)]));
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toEqual({ created: 2 });

    // List (JSON and CSV), one job, its profile, its attachment and a photo it lacks.
    const list = await get('/jobs', key);
    expect(list.statusCode).toBe(200);
    expect((list.json() as unknown[]).length).toBe(3);
    const exported = await ctx.app.inject({
      url: '/api/v2/jobs',
      headers: { ...key, accept: 'text/csv' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split('\n').filter(Boolean).length).toBe(4);
    expect((await get(`/jobs/${job.id}`, key)).statusCode).toBe(200);
    const detail = await get(`/job/detail/${job.id}`, key);
    expect(detail.statusCode).toBe(200);
    const [file] = detail.json().attachments as { id: string }[];
    const download = await get(`/jobs/${job.id}/attachments/${file!.id}`, key);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfFile())).toBe(true);
    const photo = await get(`/jobs/${job.id}/photos/selfie`, key);
    expect(photo.statusCode).toBe(404);
    expect(photo.json().message).toBe('Photo not found');

    // Cancel.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/cancel`,
      headers: key,
      payload: { reason: 'Duplicate' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // The owner sees when it was last used; the jobs are the company's, made by its creator.
    const keys = (await get('/api-keys', owner.headers)).json() as Listed[];
    const listed = keys.find((k) => k.id === created.id)!;
    expect(listed.last_used_at).not.toBeNull();
    expect(listed.status).toBe('active');
    expect(listed.permission).toEqual([
      'Create Job',
      'View Job History',
      'View, Print & Download Report',
    ]);
    expect(JSON.stringify(keys)).not.toContain(created.key);
    const by = await ctx.db.query<{ created_by: string }>(
      'SELECT created_by FROM jobs WHERE id = $1',
      [job.id],
    );
    expect(by.rows[0]!.created_by).toBe(owner.account.id);
  });

  it('sees only its own company’s jobs: another company’s job is 404', async () => {
    const theirs = await createJob(ctx.app, other.headers);
    const { headers } = await newKey(ctx.app, owner.headers);
    expect((await get(`/jobs/${theirs.id}`, headers)).statusCode).toBe(404);
    expect((await get(`/job/detail/${theirs.id}`, headers)).statusCode).toBe(404);
    const list = (await get('/jobs', headers)).json() as { id: string }[];
    expect(list.map((j) => j.id)).not.toContain(theirs.id);
  });

  it('security: is refused at once when revoked, and only its company may revoke it (404 otherwise)', async () => {
    const created = await newKey(ctx.app, owner.headers);
    expect((await get('/jobs', created.headers)).statusCode).toBe(200);

    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/api-keys/${created.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/jobs', created.headers)).statusCode).toBe(200);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/api-keys/${created.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: created.id, status: 'revoked' });

    const refused = await get('/jobs', created.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This API key has been revoked');
    const listed = (await get('/api-keys?filter={"status":"revoked"}', owner.headers)).json();
    expect((listed as Listed[]).map((k) => k.id)).toContain(created.id);
  });

  it('security: refuses a wrong key (401), as it refuses a malformed one', async () => {
    const { key } = await newKey(ctx.app, owner.headers);
    for (const wrong of [
      `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`,
      'vb_live_',
      'vb_live_x',
    ]) {
      const res = await get('/jobs', { authorization: `Bearer ${wrong}` });
      expect(res.statusCode, wrong).toBe(401);
      expect(res.json().message).toBe('Invalid API key');
    }
  });

  it('security: opens no other route: admin-area and company routes answer 401', async () => {
    const { headers } = await newKey(ctx.app, owner.headers);
    for (const url of ['/companies', '/api-keys', '/messages', '/auth/me', '/job/summary/counts']) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('API keys are accepted on the job endpoints only');
    }
    const assign = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${owner.companyId}`,
      headers,
      payload: { list: [] },
    });
    expect(assign.statusCode).toBe(401);
  });

  it('carries only the labels chosen: a list-only key cannot create or cancel (403)', async () => {
    const { headers } = await newKey(ctx.app, owner.headers, { permission: ['View Job History'] });
    expect((await get('/jobs', headers)).statusCode).toBe(200);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/job/create-address',
      headers,
      payload: multipart(addressFields()),
    });
    expect(create.statusCode).toBe(403);
    const exported = await ctx.app.inject({
      url: '/api/v2/jobs',
      headers: { ...headers, accept: 'text/csv' },
    });
    expect(exported.statusCode).toBe(403);
  });
});

describe('who makes keys, and with which labels', () => {
  it('refuses labels the creator does not hold, and unknown ones (400 naming permission)', async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: owner.companyId!,
      permissions: ['Create Sub-User', 'Create Job'],
    });
    const notHeld = await postKey(ctx.app, sub.headers, {
      name: 'Sync',
      permission: ['Create Job', 'View Job History'],
    });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().errors).toEqual([
      {
        field: 'permission',
        msg: 'A key can only carry permissions you hold: View Job History',
      },
    ]);
    const unknown = await postKey(ctx.app, sub.headers, { name: 'Sync', permission: ['Root'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('permission');

    // Without `permission`: the creator's labels that count on the job endpoints.
    const made = await newKey(ctx.app, sub.headers);
    const listed = (await get('/api-keys', sub.headers)).json() as Listed[];
    expect(listed.find((k) => k.id === made.id)!.permission).toEqual(['Create Job']);
  });

  it('is for owners and sub-users with Create Sub-User only (403 otherwise)', async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: owner.companyId!,
      permissions: ['Create Job', 'View Job History'],
    });
    expect((await postKey(ctx.app, sub.headers, { name: 'Sync' })).statusCode).toBe(403);
    expect((await get('/api-keys', sub.headers)).statusCode).toBe(403);
  });

  it('checks the name and the body (400 naming the field)', async () => {
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{}, 'name'],
      [{ name: 'Sync', permission: Array(31).fill('Create Job') }, 'permission'],
    ] as const) {
      const res = await postKey(ctx.app, owner.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
    }
  });

  it('lets a company create keys for itself only (403 for another company)', async () => {
    const res = await postKey(ctx.app, owner.headers, {
      name: 'Sync',
      company_id: other.companyId,
    });
    expect(res.statusCode).toBe(403);
  });

  it('security: stops a key whose creator can no longer use it, or whose company is suspended', async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: other.companyId!,
      permissions: ['Create Sub-User', 'View Job History'],
    });
    const fromSub = await newKey(ctx.app, sub.headers);
    expect((await get('/jobs', fromSub.headers)).statusCode).toBe(200);
    await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [sub.account.id]);
    expect((await get('/jobs', fromSub.headers)).statusCode).toBe(401);

    const fromOwner = await newKey(ctx.app, other.headers);
    await ctx.db.query('UPDATE companies SET suspended_at = now() WHERE id = $1', [
      other.companyId,
    ]);
    try {
      const res = await get('/jobs', fromOwner.headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/suspended/);
    } finally {
      await ctx.db.query('UPDATE companies SET suspended_at = NULL WHERE id = $1', [
        other.companyId,
      ]);
    }
  });

  it('security: follows its creator’s labels: a label the creator loses, the key loses', async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: owner.companyId!,
      permissions: ['Create Sub-User', 'View Job History'],
    });
    const { headers } = await newKey(ctx.app, sub.headers);
    expect((await get('/jobs', headers)).statusCode).toBe(200);
    await ctx.db.query(`UPDATE accounts SET permissions = '{Create Sub-User}' WHERE id = $1`, [
      sub.account.id,
    ]);
    expect((await get('/jobs', headers)).statusCode).toBe(403);
  });
});

describe("the provider's admins", () => {
  it('create a key for a company (company_id required), list every company’s keys and revoke them', async () => {
    const missing = await postKey(ctx.app, admin.headers, { name: 'For Kano' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('company_id');
    const unknown = await postKey(ctx.app, admin.headers, {
      name: 'For Kano',
      company_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('company_id');

    const theirs = await createJob(ctx.app, other.headers);
    const created = await newKey(ctx.app, admin.headers, {
      name: 'For Kano',
      company_id: other.companyId,
    });
    // It acts as Kano Credit: its jobs, and nothing of the admin area.
    const list = (await get('/jobs', created.headers)).json() as { company_id: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((j) => j.company_id === other.companyId)).toBe(true);
    expect((await get(`/jobs/${theirs.id}`, created.headers)).statusCode).toBe(200);
    expect((await get('/companies', created.headers)).statusCode).toBe(401);

    const all = (await get('/api-keys', admin.headers)).json() as Listed[];
    expect(new Set(all.map((k) => k.company_name))).toEqual(
      new Set(['Eko Lending Ltd', 'Kano Credit Ltd']),
    );
    const kano = (
      await get(
        `/api-keys?filter=${JSON.stringify({ company_id: other.companyId })}`,
        admin.headers,
      )
    ).json() as Listed[];
    expect(kano.length).toBeGreaterThan(0);
    expect(kano.every((k) => k.company_id === other.companyId)).toBe(true);
    // Kano's owner sees the key the provider made for it.
    const seen = (await get('/api-keys', other.headers)).json() as Listed[];
    expect(seen.map((k) => k.id)).toContain(created.id);

    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/api-keys/${created.id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get('/jobs', created.headers)).statusCode).toBe(401);
  });
});

describe('limits', () => {
  it('security: holds at most 20 active keys per company (409), revoked ones not counted', async () => {
    const company = await signIn(ctx.app, ctx.db, 'company');
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await newKey(ctx.app, company.headers)).id);
    const over = await postKey(ctx.app, company.headers, { name: 'One more' });
    expect(over.statusCode).toBe(409);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/api-keys/${ids[0]}`,
      headers: company.headers,
    });
    expect((await postKey(ctx.app, company.headers, { name: 'One more' })).statusCode).toBe(201);
  });

  it('security: keeps to the limit when creations race (the count is taken under a lock)', async () => {
    const company = await signIn(ctx.app, ctx.db, 'company');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => postKey(ctx.app, company.headers, { name: `K${i}` })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(await count(ctx.db, 'api_keys WHERE company_id = $1', [company.companyId])).toBe(20);
  });

  it('security: makes at most 30 keys an hour per company (429), revoked or not', async () => {
    const company = await signIn(ctx.app, ctx.db, 'company');
    await ctx.db.query(
      `INSERT INTO rate_limits (bucket, key, hits) VALUES ('api-key:company', $1, 30)`,
      [company.companyId],
    );
    const res = await postKey(ctx.app, company.headers, { name: 'Sync' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('rate limit per key', () => {
  it('security: answers 429 with Retry-After past the limit, per key', async () => {
    const small = await createTestApp({ apiKeyRequestsPerMinute: 3 });
    try {
      await setPrices(small.db);
      const company = await signIn(small.app, small.db, 'company');
      const first = await newKey(small.app, company.headers);
      const second = await newKey(small.app, company.headers);
      const call = (h: Record<string, string>) =>
        small.app.inject({ url: '/api/v2/jobs', headers: h });
      for (let i = 0; i < 3; i++) expect((await call(first.headers)).statusCode).toBe(200);
      const refused = await call(first.headers);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another key has its own bucket; the company's users are not throttled by it.
      expect((await call(second.headers)).statusCode).toBe(200);
      expect((await call(company.headers)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('API_KEY_REQUESTS_PER_MINUTE', () => {
  it('sets the per-key limit, 600 when unset, and refuses what is not a whole number', () => {
    expect(configFromEnv({}).apiKeyRequestsPerMinute).toBe(600);
    expect(configFromEnv({ API_KEY_REQUESTS_PER_MINUTE: '120' }).apiKeyRequestsPerMinute).toBe(120);
    for (const bad of ['0', '-5', '1.5', 'lots']) {
      expect(() => configFromEnv({ API_KEY_REQUESTS_PER_MINUTE: bad }), bad).toThrow(
        'API_KEY_REQUESTS_PER_MINUTE must be a whole number',
      );
    }
  });
});
