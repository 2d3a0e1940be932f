import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoKinds } from '../../../server/repositories/captures';
import { sweepUnfinishedUploads } from '../../../server/services/captureSubmission';
import { count, type TestContext } from '../helpers';
import { createJobsTestApp } from '../jobs/support';
import {
  agentJob,
  cast,
  detail,
  jpeg,
  photoSet,
  png,
  submit,
  goodFields,
  type Cast,
} from './support';

let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const put = (token: string, kind: string, data: Buffer, hash = sha(data)) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/capture/${token}/photos/${kind}?sha256=${hash}`,
    headers: { 'content-type': 'image/jpeg' },
    payload: data,
  });

const held = async (token: string) =>
  (await ctx.app.inject({ url: `/api/v2/capture/${token}/photos` })).json().data;

const close = (token: string, photos: Record<string, string>, over: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v2/capture/${token}/submit`,
    payload: {
      idempotency_key: 'key-0001-abcdef',
      lat: 6.6018,
      lng: 3.3515,
      accuracy: 12,
      location_text: 'Blue gate opposite the church',
      captured_at: new Date().toISOString(),
      photos,
      ...over,
    },
  });

const heldRows = (jobId: string) => count(ctx.db, 'capture_uploads WHERE job_id = $1', [jobId]);

async function sendAll(token: string) {
  const photos = await photoSet();
  const hashes: Record<string, string> = {};
  for (const kind of photoKinds) {
    const res = await put(token, kind, photos[kind]);
    expect([kind, res.statusCode]).toEqual([kind, 201]);
    hashes[kind] = sha(photos[kind]);
  }
  return { photos, hashes };
}

describe('photos sent one by one, then a closing call', () => {
  it('each photo is held as it arrives; Submit closes the job with those very photos', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    expect(await held(token)).toEqual([]);
    const { photos, hashes } = await sendAll(token);
    expect(await held(token)).toEqual(
      photoKinds.map((kind) => ({ kind, sha256: hashes[kind], size_bytes: photos[kind].length })),
    );
    // Photos sent ahead move nothing: the job is submitted by the closing call only.
    expect((await detail(ctx.app, c.admin.headers, job.id)).status).toBe('assigned');

    const res = await close(token, hashes);
    expect(res.statusCode).toBe(201);
    expect(res.json().code).toBe(job.code);
    const d = await detail(ctx.app, c.admin.headers, job.id);
    expect(d.status).toBe('submitted');
    expect(d.capture.submission).toMatchObject({ lat: 6.6018, lng: 3.3515, accuracy_m: 12 });
    expect(
      Object.fromEntries(
        d.capture.submission.photos.map((p: { kind: string; sha256: string }) => [
          p.kind,
          p.sha256,
        ]),
      ),
    ).toEqual(hashes);
    for (const p of d.capture.submission.photos as { url: string }[]) {
      const img = await ctx.app.inject({ url: p.url, headers: c.admin.headers });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
    expect(await heldRows(job.id)).toBe(0);
  });

  it('a photo already held is not stored again; a retake replaces it and its file', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const first = (await jpeg()).data;
    expect((await put(token, 'house', first)).statusCode).toBe(201);
    const [before] = await held(token);
    const keys = async () =>
      (
        await ctx.db.query<{ storage_key: string }>(
          'SELECT storage_key FROM capture_uploads WHERE job_id = $1',
          [job.id],
        )
      ).rows;
    const keyBefore = (await keys())[0]!.storage_key;

    const again = await put(token, 'house', first);
    expect(again.statusCode).toBe(200);
    expect(await held(token)).toEqual([before]);
    expect((await keys())[0]!.storage_key).toBe(keyBefore);

    const retake = (await jpeg()).data;
    expect((await put(token, 'house', retake)).statusCode).toBe(201);
    expect((await held(token))[0].sha256).toBe(sha(retake));
    await expect(ctx.app.storage.get(keyBefore)).rejects.toThrow();
  });

  it('refuses a photo that arrived damaged, is not a JPEG, or is too large, holding nothing', async () => {
    const { token } = await agentJob(ctx.app, ctx.db, c);
    const photo = (await jpeg()).data;
    const cut = await put(token, 'selfie', photo.subarray(0, photo.length - 200), sha(photo));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().errors[0].field).toBe('selfie');

    const notJpeg = await png();
    const wrongType = await put(token, 'selfie', notJpeg);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0]).toEqual({
      field: 'selfie',
      msg: 'selfie must be a JPEG image: this file is not one',
    });

    const badHash = await put(token, 'selfie', photo, 'not-a-hash');
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().errors[0].field).toBe('sha256');

    const huge = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await put(token, 'selfie', huge)).statusCode).toBe(413);

    const badKind = await put(token, 'kitchen', photo);
    expect(badKind.statusCode).toBe(400);
    expect(await held(token)).toEqual([]);
  });

  it('Submit names each photo not yet held, and writes nothing', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const selfie = (await jpeg()).data;
    await put(token, 'selfie', selfie);
    const res = await close(token, {
      selfie: sha(selfie),
      house: 'a'.repeat(64),
      utility_bill: 'b'.repeat(64),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'house',
      'utility_bill',
    ]);
    expect((await detail(ctx.app, c.admin.headers, job.id)).status).not.toBe('submitted');
    expect(await count(ctx.db, 'capture_submissions WHERE job_id = $1', [job.id])).toBe(0);
  });

  it('a retried Submit gets the first answer; another key is 409; a spent link takes no photos', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const { hashes } = await sendAll(token);
    const first = await close(token, hashes);
    expect(first.statusCode).toBe(201);
    const retry = await close(token, hashes);
    expect([retry.statusCode, retry.json()]).toEqual([201, first.json()]);
    expect((await close(token, hashes, { idempotency_key: 'another-key-123' })).statusCode).toBe(
      409,
    );
    const late = await put(token, 'house', (await jpeg()).data);
    expect(late.statusCode).toBe(404);
    expect(await heldRows(job.id)).toBe(0);
  });

  it('the one-shot upload still works, and drops photos sent ahead that it supersedes', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    await put(token, 'selfie', (await jpeg()).data);
    const photos = await photoSet();
    const res = await submit(ctx.app, token, goodFields(), photos);
    expect(res.statusCode).toBe(201);
    const d = await detail(ctx.app, c.admin.headers, job.id);
    expect(
      d.capture.submission.photos.find((p: { kind: string }) => p.kind === 'selfie').sha256,
    ).toBe(sha(photos.selfie));
    expect(await heldRows(job.id)).toBe(0);
  });

  it('unknown links are 404 before the photo is read', async () => {
    const res = await put('x'.repeat(43), 'selfie', (await jpeg()).data);
    expect(res.statusCode).toBe(404);
  });
});

describe('photos of a submission never finished', () => {
  it('are deleted with their files after the retention, newer ones kept', async () => {
    const old = await agentJob(ctx.app, ctx.db, c);
    const recent = await agentJob(ctx.app, ctx.db, c);
    await put(old.token, 'selfie', (await jpeg()).data);
    await put(recent.token, 'selfie', (await jpeg()).data);
    const [oldKey] = (
      await ctx.db.query<{ storage_key: string }>(
        'SELECT storage_key FROM capture_uploads WHERE job_id = $1',
        [old.job.id],
      )
    ).rows;
    await ctx.db.query(
      "UPDATE capture_uploads SET received_at = now() - interval '8 days' WHERE job_id = $1",
      [old.job.id],
    );
    expect(await sweepUnfinishedUploads(ctx.app)).toBe(1);
    expect((await held(old.token)).length).toBe(0);
    expect((await held(recent.token)).length).toBe(1);
    await expect(ctx.app.storage.get(oldKey!.storage_key)).rejects.toThrow();
  });
});
