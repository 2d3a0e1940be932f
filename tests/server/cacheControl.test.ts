import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentJob,
  cast,
  detail,
  goodFields,
  jpeg,
  photoSet,
  submit,
  type Cast,
} from './capture/support';
import type { TestContext } from './helpers';
import { addressFields, createJobsTestApp, multipart } from './jobs/support';

let ctx: TestContext;
let c: Cast;
let jobId: string;
let token: string;
let attachmentUrl: string;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/job/create-address',
    headers: c.owner.headers,
    payload: multipart(addressFields(), [
      { field: 'attachments', filename: 'id.jpg', data: (await jpeg()).data, type: 'image/jpeg' },
    ]),
  });
  const withFile = created.json() as { id: string };
  const d = await detail(ctx.app, c.owner.headers, withFile.id);
  attachmentUrl = `/api/v2/jobs/${withFile.id}/attachments/${d.attachments[0].id}`;
  const assigned = await agentJob(ctx.app, ctx.db, c);
  jobId = assigned.job.id;
  token = assigned.token;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = c.owner.headers) =>
  ctx.app.inject({ url, headers });

describe('security: personal data is not cacheable', () => {
  it.each([
    ['GET /auth/me', '/api/v2/auth/me'],
    ['GET /jobs', '/api/v2/jobs'],
    ['GET /jobs/{id}', () => `/api/v2/jobs/${jobId}`],
    ['GET /job/detail/{id}', () => `/api/v2/job/detail/${jobId}`],
    ['GET /job/summary/counts', '/api/v2/job/summary/counts'],
  ])('%s answers Cache-Control: no-store', async (_name, url) => {
    const res = await get(typeof url === 'string' ? url : url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the CSV export answers no-store', async () => {
    const res = await get('/api/v2/jobs', { ...c.owner.headers, accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("the public capture page's job (name and address at the door) answers no-store", async () => {
    const res = await ctx.app.inject({ url: `/api/v2/capture/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('evidence photos and attachments answer private, no-store', async () => {
    expect((await submit(ctx.app, token, goodFields(), await photoSet())).statusCode).toBe(201);
    for (const url of [`/api/v2/jobs/${jobId}/photos/selfie`, attachmentUrl]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('error answers are not cached either', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/jobs' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a bulk-upload template, the same for everyone, stays cacheable', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/job/upload/template/address' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
