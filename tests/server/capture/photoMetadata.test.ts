import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import { createJobsTestApp } from '../jobs/support';
import {
  agentJob,
  cast,
  detail,
  goodFields,
  jpegWithExif,
  metadataOf,
  photoSet,
  submit,
  type Cast,
} from './support';

let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('security: served photos keep no uploaded metadata', () => {
  it('strips EXIF and GPS, keeps the picture upright, records the SHA-256 and size of what was sent', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const sent = await jpegWithExif();
    expect((await metadataOf(sent)).metadata).toEqual(['exif', 'orientation', 'cameraName']);
    const set = { ...(await photoSet()), house: sent };
    expect((await submit(ctx.app, token, goodFields(), set)).statusCode).toBe(201);

    const res = await ctx.app.inject({
      url: `/api/v2/jobs/${job.id}/photos/house`,
      headers: c.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await metadataOf(res.rawPayload)).toEqual({
      format: 'jpeg',
      metadata: [],
      // the sensor's 320×240 turned as the EXIF said, now in the pixels themselves
      width: 240,
      height: 320,
      orientation: undefined,
    });

    const house = (await detail(ctx.app, c.owner.headers, job.id)).capture.submission.photos.find(
      (p: { kind: string }) => p.kind === 'house',
    );
    expect(house).toMatchObject({
      sha256: sha256(sent),
      size_bytes: sent.length,
      width: 240,
      height: 320,
    });
    // GPS stays as the fields the wizard sent
    expect((await detail(ctx.app, c.owner.headers, job.id)).capture.submission).toMatchObject({
      lat: 6.6018,
      lng: 3.3515,
    });
  });

  it('still finds the same photo sent for another job (by the sent bytes)', async () => {
    const sent = await jpegWithExif();
    const first = await agentJob(ctx.app, ctx.db, c);
    const firstSet = { ...(await photoSet()), selfie: sent };
    expect((await submit(ctx.app, first.token, goodFields(), firstSet)).statusCode).toBe(201);
    const second = await agentJob(ctx.app, ctx.db, c);
    const secondSet = { ...(await photoSet()), selfie: sent };
    expect((await submit(ctx.app, second.token, goodFields(), secondSet)).statusCode).toBe(201);
    const warnings = (await detail(ctx.app, c.admin.headers, second.job.id)).capture.submission
      .warnings as { code: string; other_job_code?: string }[];
    expect(warnings).toContainEqual(
      expect.objectContaining({ code: 'duplicate_photo', other_job_code: first.job.code }),
    );
  });
});
