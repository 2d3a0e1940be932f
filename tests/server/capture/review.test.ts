import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, type TestContext } from '../helpers';
import { createJob, createJobsTestApp, multipart, signIn } from '../jobs/support';
import {
  agentJob,
  cast,
  detail,
  goodFields,
  jpeg,
  metadataOf,
  partnerJob,
  photoSet,
  submit,
  without,
  type Cast,
} from './support';

let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

type Warning = { code: string; message: string; photo_kind?: string; other_job_code?: string };
const warningsOf = async (headers: Record<string, string>, id: string) =>
  (await detail(ctx.app, headers, id)).capture.submission.warnings as Warning[];

describe('GET /jobs/{id}/photos/{kind}', () => {
  it('the owner, the assignee company and the provider get the same bytes; others 404', async () => {
    const { job, token } = await partnerJob(ctx.app, c);
    const set = await photoSet();
    expect((await submit(ctx.app, token, goodFields(), set)).statusCode).toBe(201);
    const staff = await signIn(ctx.app, ctx.db, 'staff');
    const first: Partial<Record<keyof typeof set, Buffer>> = {};
    for (const who of [c.owner, c.partner, c.admin, staff]) {
      for (const kind of ['selfie', 'house', 'utility_bill'] as const) {
        const res = await ctx.app.inject({
          url: `/api/v2/jobs/${job.id}/photos/${kind}`,
          headers: who.headers,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toMatch(/^private/);
        // the photo as stored (without its metadata): the same picture, the same bytes for all
        expect(await metadataOf(res.rawPayload)).toMatchObject({ format: 'jpeg', width: 320 });
        first[kind] ??= res.rawPayload;
        expect(res.rawPayload.equals(first[kind])).toBe(true);
      }
    }
    expect(first.house!.equals(first.selfie!)).toBe(false);
    const d = await detail(ctx.app, c.owner.headers, job.id);
    expect(d.capture.submission.photos[1].url).toBe(`/api/v2/jobs/${job.id}/photos/house`);

    const other = await ctx.app.inject({
      url: `/api/v2/jobs/${job.id}/photos/house`,
      headers: c.outsider.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('ÿØÿ');
    const anonymous = await ctx.app.inject({ url: `/api/v2/jobs/${job.id}/photos/house` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Authentication required');
    const unknown = await ctx.app.inject({
      url: `/api/v2/jobs/00000000-0000-4000-8000-000000000000/photos/house`,
      headers: c.admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('404 before any submission', async () => {
    const { job } = await agentJob(ctx.app, ctx.db, c);
    const res = await ctx.app.inject({
      url: `/api/v2/jobs/${job.id}/photos/selfie`,
      headers: c.owner.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /jobs/{id}/attachments/{attachmentId}', () => {
  it('serves a creation attachment to those who see the job, 404 to others', async () => {
    const file = (await jpeg()).data;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/job/create-address',
      headers: c.owner.headers,
      payload: multipart(
        {
          first_name: 'Ada',
          last_name: 'Eze',
          phone: '08031234567',
          email: 'ada@example.ng',
          address: '3 Broad Street',
          landmark: 'By the bank',
          state: 'lagos',
          lga: 'ikeja',
        },
        [{ field: 'attachments', filename: 'id card.jpg', data: file, type: 'image/jpeg' }],
      ),
    });
    expect(res.statusCode).toBe(201);
    const job = res.json() as { id: string };
    const d = await detail(ctx.app, c.owner.headers, job.id);
    const url = `/api/v2/jobs/${job.id}/attachments/${d.attachments[0].id}`;
    const got = await ctx.app.inject({ url, headers: c.admin.headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(await metadataOf(got.rawPayload)).toMatchObject({ format: 'jpeg', width: 320 });
    expect((await ctx.app.inject({ url, headers: c.outsider.headers })).statusCode).toBe(404);
    const wrong = `/api/v2/jobs/${job.id}/attachments/00000000-0000-4000-8000-000000000000`;
    expect((await ctx.app.inject({ url: wrong, headers: c.owner.headers })).statusCode).toBe(404);
  });
});

describe('warnings on the job profile', () => {
  it('a reused photo on a second job: duplicate_photo naming the first job', async () => {
    const first = await agentJob(ctx.app, ctx.db, c);
    const set = await photoSet();
    expect((await submit(ctx.app, first.token, goodFields(), set)).statusCode).toBe(201);
    const second = await agentJob(ctx.app, ctx.db, c);
    const reused = { ...(await photoSet()), house: set.house };
    expect((await submit(ctx.app, second.token, goodFields(), reused)).statusCode).toBe(201);
    expect(await warningsOf(c.admin.headers, second.job.id)).toEqual([
      {
        code: 'duplicate_photo',
        message: `The house photo is identical to a photo of ${first.job.code}`,
        photo_kind: 'house',
        other_job_code: first.job.code,
      },
    ]);
    // both ways: the first job now has a twin too
    expect((await warningsOf(c.owner.headers, first.job.id)).map((w) => w.code)).toEqual([
      'duplicate_photo',
    ]);
  });

  it('the same picture re-encoded at another quality: similar_photo', async () => {
    const first = await agentJob(ctx.app, ctx.db, c);
    const original = await jpeg({ quality: 85 });
    const set = { ...(await photoSet()), utility_bill: original.data };
    expect((await submit(ctx.app, first.token, goodFields(), set)).statusCode).toBe(201);
    const second = await agentJob(ctx.app, ctx.db, c);
    const copy = await jpeg({ pixels: original.pixels, quality: 50, width: 300, height: 225 });
    expect(copy.data.equals(original.data)).toBe(false);
    const next = { ...(await photoSet()), utility_bill: copy.data };
    expect((await submit(ctx.app, second.token, goodFields(), next)).statusCode).toBe(201);
    expect(await warningsOf(c.admin.headers, second.job.id)).toEqual([
      {
        code: 'similar_photo',
        message: `The utility bill photo is nearly identical to a photo of ${first.job.code}`,
        photo_kind: 'utility_bill',
        other_job_code: first.job.code,
      },
    ]);
  });

  it("another company's job is not named to a company", async () => {
    const theirs = await partnerJob(ctx.app, c);
    const set = await photoSet();
    expect((await submit(ctx.app, theirs.token, goodFields(), set)).statusCode).toBe(201);
    // an outsider's own job, given to the agent, reusing that selfie
    const outsiderJob = await createJob(ctx.app, c.outsider.headers);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/agent/${c.agent.account.id}`,
      headers: c.admin.headers,
      payload: { list: [outsiderJob.id] },
    });
    const mail = (await mailsTo(ctx.db, c.agent.account.email)).find((m) =>
      m.text.includes(outsiderJob.code),
    )!;
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).pathname.split('/').pop()!;
    const mine = { ...(await photoSet()), selfie: set.selfie };
    expect((await submit(ctx.app, token, goodFields(), mine)).statusCode).toBe(201);
    const [w] = await warningsOf(c.outsider.headers, outsiderJob.id);
    expect(w).toEqual({
      code: 'duplicate_photo',
      message: 'The selfie photo is identical to a photo of another job',
      photo_kind: 'selfie',
    });
    const [forAdmin] = await warningsOf(c.admin.headers, outsiderJob.id);
    expect(forAdmin!.other_job_code).toBe(theirs.job.code);
  });

  it('no GPS: allowed, flagged no_gps', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const noGps = without(goodFields(), 'lat', 'lng', 'accuracy');
    expect((await submit(ctx.app, token, noGps, await photoSet())).statusCode).toBe(201);
    const d = await detail(ctx.app, c.owner.headers, job.id);
    expect(d.capture.submission).toMatchObject({ lat: null, lng: null, no_gps: true });
    expect(d.capture.submission.warnings).toEqual([
      { code: 'no_gps', message: 'Submitted without GPS coordinates' },
    ]);
  });

  it('accuracy worse than 100 m: low_accuracy', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const res = await submit(ctx.app, token, goodFields({ accuracy: '250' }), await photoSet());
    expect(res.statusCode).toBe(201);
    expect((await warningsOf(c.owner.headers, job.id)).map((w) => w.code)).toEqual([
      'low_accuracy',
    ]);
  });

  it('device time 3 hours behind: device_time_skew', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const capturedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const res = await submit(
      ctx.app,
      token,
      goodFields({ captured_at: capturedAt }),
      await photoSet(),
    );
    expect(res.statusCode).toBe(201);
    const w = await warningsOf(c.owner.headers, job.id);
    expect(w).toEqual([
      {
        code: 'device_time_skew',
        message: expect.stringMatching(
          /^The device time was 3 h 0 min behind the time the evidence was received$/,
        ),
      },
    ]);
    const d = await detail(ctx.app, c.owner.headers, job.id);
    expect(d.capture.submission.captured_at).toBe(capturedAt);
  });
});

describe('OpenAPI', () => {
  it('documents every capture route under the capture tag', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v2/docs/json' })).json();
    const tagged = (path: string, method: string) => doc.paths[path]?.[method]?.tags;
    expect(tagged('/api/v2/capture/{token}', 'get')).toEqual(['capture']);
    expect(tagged('/api/v2/capture/{token}', 'post')).toEqual(['capture']);
    expect(tagged('/api/v2/capture/my-jobs/{token}', 'get')).toEqual(['capture']);
    expect(tagged('/api/v2/job/{id}/capture-link', 'post')).toEqual(['capture']);
    expect(tagged('/api/v2/jobs/{id}/photos/{kind}', 'get')).toEqual(['capture']);
    expect(tagged('/api/v2/jobs/{id}/attachments/{attachmentId}', 'get')).toEqual(['jobs']);
  });
});
