import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, type TestContext } from '../helpers';
import { createJobsTestApp } from '../jobs/support';
import {
  agentJob,
  cast,
  detail,
  goodFields,
  jpeg,
  partnerJob,
  photoSet,
  png,
  submit,
  without,
  type Cast,
  type Photos,
} from './support';

let ctx: TestContext;
let c: Cast;
let photos: Photos;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
  photos = await photoSet();
});
afterAll(() => ctx.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('POST /capture/{token}', () => {
  it('201: stores the photos and GPS, and the job becomes submitted with its events', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const before = Date.now();
    const fields = goodFields();
    const res = await submit(ctx.app, token, fields, await photoSet());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: `Thank you: the evidence for ${job.code} was received`,
      code: job.code,
      submitted_at: expect.any(String),
    });
    expect(new Date(res.json().submitted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const d = await detail(ctx.app, c.admin.headers, job.id);
    expect(d.status).toBe('submitted');
    // never opened: accepted then submitted, both by the agent
    expect(
      d.events
        .slice(-2)
        .map((e: { from_status: string; to_status: string; actor_id: string }) => [
          e.from_status,
          e.to_status,
          e.actor_id,
        ]),
    ).toEqual([
      ['assigned', 'accepted', c.agent.account.id],
      ['accepted', 'submitted', c.agent.account.id],
    ]);
    expect(d.capture.submission).toMatchObject({
      lat: 6.6018,
      lng: 3.3515,
      accuracy_m: 12.5,
      no_gps: false,
      location_text: 'Blue gate next to the pharmacy',
      captured_at: new Date(fields.captured_at).toISOString(),
      warnings: [],
    });
    expect(d.capture.submission.photos.map((p: { kind: string }) => p.kind)).toEqual([
      'selfie',
      'house',
      'utility_bill',
    ]);
    expect(d.capture.submission.photos[0]).toMatchObject({ width: 320, height: 240 });
    expect(d.capture.has_link).toBe(false); // spent
    expect(d.actions).toEqual(['approve', 'reject']);
  });

  it('stores the SHA-256 of each file as sent', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const set = await photoSet();
    expect((await submit(ctx.app, token, goodFields(), set)).statusCode).toBe(201);
    const r = await ctx.db.query<{ kind: keyof Photos; sha256: string; size_bytes: number }>(
      'SELECT kind, sha256, size_bytes FROM capture_photos WHERE job_id = $1',
      [job.id],
    );
    expect(r.rows).toHaveLength(3);
    for (const row of r.rows) {
      expect(row.sha256).toBe(sha(set[row.kind]));
      expect(row.size_bytes).toBe(set[row.kind].length);
    }
  });

  it('an assigned job opened first: accepted on open, then submitted', async () => {
    const { job, token } = await partnerJob(ctx.app, c);
    expect((await ctx.app.inject({ url: `/api/v2/capture/${token}` })).statusCode).toBe(200);
    expect((await submit(ctx.app, token, goodFields(), await photoSet())).statusCode).toBe(201);
    const d = await detail(ctx.app, c.owner.headers, job.id);
    expect(d.status).toBe('submitted');
    expect(d.events.map((e: { to_status: string }) => e.to_status)).toEqual([
      'pending',
      'assigned',
      'accepted',
      'submitted',
    ]);
  });

  it('idempotent: the same key gets the first answer, even after the link is spent', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const fields = goodFields();
    const set = await photoSet();
    const first = await submit(ctx.app, token, fields, set);
    expect(first.statusCode).toBe(201);
    const again = await submit(ctx.app, token, fields, set);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // the key may come as a header too
    const { idempotency_key: key, ...rest } = fields;
    const byHeader = await submit(ctx.app, token, rest, set, { 'idempotency-key': key });
    expect(byHeader.json()).toEqual(first.json());
    expect(await count(ctx.db, 'capture_submissions WHERE job_id = $1', [job.id])).toBe(1);
    expect(await count(ctx.db, 'capture_photos WHERE job_id = $1', [job.id])).toBe(3);
    const d = await detail(ctx.app, c.admin.headers, job.id);
    expect(d.events.filter((e: { to_status: string }) => e.to_status === 'submitted')).toHaveLength(
      1,
    );
  });

  it('concurrent retries with one key: one submission, both 201 with the same answer', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const fields = goodFields();
    const set = await photoSet();
    const [a, b] = await Promise.all([
      submit(ctx.app, token, fields, set),
      submit(ctx.app, token, fields, set),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await count(ctx.db, 'capture_photos WHERE job_id = $1', [job.id])).toBe(3);
  });

  it('409 for a second submission with another key', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    expect((await submit(ctx.app, token, goodFields(), await photoSet())).statusCode).toBe(201);
    const res = await submit(ctx.app, token, goodFields(), await photoSet());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The evidence for ${job.code} has already been submitted`);
    expect(await count(ctx.db, 'capture_submissions WHERE job_id = $1', [job.id])).toBe(1);
  });

  it('404 for a bad token, and for a cancelled job', async () => {
    expect((await submit(ctx.app, 'z'.repeat(43), goodFields(), photos)).statusCode).toBe(404);
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/cancel`,
      headers: c.owner.headers,
      payload: {},
    });
    expect((await submit(ctx.app, token, goodFields(), photos)).statusCode).toBe(404);
  });
});

describe('POST /capture/{token}: bad input answers 400 naming the field, and stores nothing', () => {
  let token: string;
  let jobId: string;
  beforeAll(async () => {
    const j = await agentJob(ctx.app, ctx.db, c);
    token = j.token;
    jobId = j.job.id;
  });

  const expectField = (
    res: Awaited<ReturnType<typeof submit>>,
    field: string,
    status = 400,
    msg?: RegExp,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { message: string; errors: { field: string; msg: string }[] };
    expect(body.errors.map((e) => e.field)).toContain(field);
    expect(body.message).toContain(body.errors[0]!.field);
    if (msg) expect(body.errors.find((e) => e.field === field)!.msg).toMatch(msg);
  };

  it('a PNG renamed .jpg and sent as image/jpeg', async () => {
    const res = await submit(ctx.app, token, goodFields(), {
      ...photos,
      house: { filename: 'house.jpg', data: await png(), type: 'image/jpeg' },
    });
    expectField(res, 'house', 400, /house must be a JPEG image/);
  });

  it('a text file', async () => {
    const res = await submit(ctx.app, token, goodFields(), {
      ...photos,
      utility_bill: { filename: 'bill.jpg', data: Buffer.from('hello, not a photo\n') },
    });
    expectField(res, 'utility_bill', 400, /utility_bill must be a JPEG image/);
  });

  it('JPEG magic bytes followed by garbage', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await submit(ctx.app, token, goodFields(), { ...photos, selfie: fake });
    expectField(res, 'selfie', 400, /not a readable JPEG/);
  });

  it('a file over 5 MB', async () => {
    const big = Buffer.concat([photos.selfie, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await submit(ctx.app, token, goodFields(), { ...photos, selfie: big });
    expectField(res, 'selfie', 413, /selfie must be at most 5 MB/);
  });

  it('missing files and fields', async () => {
    const two = without(photos, 'house');
    expectField(await submit(ctx.app, token, goodFields(), two), 'house', 400, /house is required/);
    const noTime = without(goodFields(), 'captured_at');
    expectField(await submit(ctx.app, token, noTime, photos), 'captured_at');
    const noKey = without(goodFields(), 'idempotency_key');
    expectField(await submit(ctx.app, token, noKey, photos), 'idempotency_key');
    expectField(
      await submit(ctx.app, token, goodFields({ idempotency_key: 'short' }), photos),
      'idempotency_key',
    );
    expectField(
      await submit(ctx.app, token, goodFields({ captured_at: 'yesterday' }), photos),
      'captured_at',
    );
    // a text part where a file belongs
    expectField(
      await submit(
        ctx.app,
        token,
        { ...goodFields(), selfie: 'me.jpg' },
        {
          house: photos.house,
          utility_bill: photos.utility_bill,
        },
      ),
      'selfie',
    );
  });

  it('bad coordinates and accuracy', async () => {
    for (const [over, field] of [
      [{ lat: '91' }, 'lat'],
      [{ lat: '-90.5' }, 'lat'],
      [{ lng: '180.01' }, 'lng'],
      [{ lat: 'north' }, 'lat'],
      [{ lng: '0x10' }, 'lng'],
      [{ accuracy: '-1' }, 'accuracy'],
      [{ lng: '' }, 'lng'], // lat without lng
    ] as const) {
      expectField(await submit(ctx.app, token, goodFields(over), photos), field);
    }
  });

  it('nothing was stored and the job is still open', async () => {
    expect(await count(ctx.db, 'capture_submissions WHERE job_id = $1', [jobId])).toBe(0);
    expect((await detail(ctx.app, c.admin.headers, jobId)).status).toBe('assigned');
    // and a correct submission still goes through (with a lower quality selfie, say)
    const selfie = (await jpeg({ quality: 40 })).data;
    expect((await submit(ctx.app, token, goodFields(), { ...photos, selfie })).statusCode).toBe(
      201,
    );
  });
});
