import { createHash } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJob, cast, goodFields, photoSet, png, submit, type Cast } from '../capture/support';
import { createTestApp, type TestContext } from '../helpers';
import { addressFields, multipart, setPrices } from '../jobs/support';
import { startS3, type S3Peer } from './s3rver';

let s3: S3Peer;
let ctx: TestContext;
let c: Cast;

// `dataDir` stays '/nonexistent' (testConfig): a file that went to the local folder would fail.
beforeAll(async () => {
  s3 = await startS3();
  ctx = await createTestApp({ s3: s3.config });
  await setPrices(ctx.db);
  c = await cast(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the app with S3_BUCKET set', () => {
  it('puts submitted photos in the bucket and serves them only to those who may see the job', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const set = await photoSet();
    expect((await submit(ctx.app, token, goodFields(), set)).statusCode).toBe(201);

    const keys = await s3.list(`captures/${job.id}/`);
    expect(keys).toHaveLength(3);
    const objects = await Promise.all(keys.map((k) => s3.read(k)));
    expect(objects.map((o) => o.type)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
    // the bucket holds the photos as served (without metadata); the rows keep the sent hashes
    const rows = await ctx.db.query<{ sha256: string }>(
      'SELECT sha256 FROM capture_photos WHERE job_id = $1',
      [job.id],
    );
    expect(rows.rows.map((r) => r.sha256).sort()).toEqual(Object.values(set).map(sha256).sort());

    const url = `/api/v2/jobs/${job.id}/photos/house`;
    const got = await ctx.app.inject({ url, headers: c.owner.headers });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(objects.filter((o) => o.data.equals(got.rawPayload))).toHaveLength(1);
    expect((await ctx.app.inject({ url, headers: c.outsider.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('a photo missing from the bucket answers 404, as a missing local file does', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    expect((await submit(ctx.app, token, goodFields(), await photoSet())).statusCode).toBe(201);
    const row = await ctx.db.query<{ storage_key: string }>(
      "SELECT storage_key FROM capture_photos WHERE job_id = $1 AND kind = 'selfie'",
      [job.id],
    );
    await s3.client.send(
      new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: row.rows[0]!.storage_key }),
    );
    const res = await ctx.app.inject({
      url: `/api/v2/jobs/${job.id}/photos/selfie`,
      headers: c.admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'File not found' });
  });

  it('keeps job attachments in the bucket with their content type', async () => {
    const file = await png();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/job/create-address',
      headers: c.owner.headers,
      payload: multipart(addressFields(), [
        { field: 'attachments', filename: 'map.png', data: file, type: 'image/png' },
      ]),
    });
    expect(res.statusCode).toBe(201);
    const [key] = await s3.list('attachments/');
    expect(key).toMatch(/^attachments\/[0-9a-f-]{36}\.png$/);
    const stored = await s3.read(key!);
    expect(stored.type).toBe('image/png');
    expect(stored.data.equals(file)).toBe(true);
  });
});
