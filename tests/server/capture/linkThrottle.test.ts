import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../../../server/services/throttles';
import type { TestContext } from '../helpers';
import { createJobsTestApp } from '../jobs/support';
import { agentJob, cast, goodFields, photoSet, submit, type Cast } from './support';

let ctx: TestContext;
let c: Cast;
let port: number;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

const { limit, bucket } = throttles.captureMissesPerIp;
const unknownToken = (i: number) => `${'u'.repeat(40)}${String(i).padStart(3, '0')}`;
const missesOf = async (ip: string) => {
  const r = await ctx.db.query<{ hits: number }>(
    'SELECT hits FROM rate_limits WHERE bucket = $1 AND key = $2',
    [bucket, ip],
  );
  return r.rows[0]?.hits ?? 0;
};

/**
 * Announces a 15 MB multipart body and sends it in 16 KB pieces, 320 KB/s; resolves with the
 * status and how much had been sent when the answer came (status 0: no answer after 2 MB).
 */
function slowUpload(path: string): Promise<{ status: number; sentBytes: number }> {
  const total = 15 * 1024 * 1024;
  const piece = Buffer.alloc(16 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=----slow',
        'content-length': total,
      },
    });
    const done = (status: number) => {
      clearInterval(timer);
      resolve({ status, sentBytes });
      req.destroy();
    };
    const timer = setInterval(() => {
      if (sentBytes >= 2 * 1024 * 1024) return done(0);
      req.write(piece);
      sentBytes += piece.length;
    }, 50);
    req.on('response', (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
  });
}

describe('security: capture links are checked before the body is read', () => {
  it('answers a POST to an unknown link before the body has been sent', async () => {
    const { status, sentBytes } = await slowUpload(`/api/v2/capture/${unknownToken(1)}`);
    expect(status).toBe(404);
    expect(sentBytes).toBeLessThan(256 * 1024);
  });

  it('counts bad bodies sent to unknown links as misses', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/capture/${unknownToken(i)}`,
        headers: { 'content-type': 'multipart/form-data; boundary=nothing-follows' },
        payload: 'not a multipart body',
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await missesOf(ip)).toBe(3);
  });
});

describe('security: a capture link that exists is never refused by the limiter', () => {
  it('lets an agent behind a locked-out IP open and submit a valid link', async () => {
    const sharedIp = '198.51.100.30';
    for (let i = 0; i < limit; i++) {
      const res = await ctx.app.inject({
        url: `/api/v2/capture/${unknownToken(i)}`,
        remoteAddress: sharedIp,
      });
      expect(res.statusCode).toBe(404);
    }
    const locked = await ctx.app.inject({
      url: `/api/v2/capture/${unknownToken(limit)}`,
      remoteAddress: sharedIp,
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const { token } = await agentJob(ctx.app, ctx.db, c);
    const opened = await ctx.app.inject({
      url: `/api/v2/capture/${token}`,
      remoteAddress: sharedIp,
    });
    expect(opened.statusCode).toBe(200);
    const mine = await ctx.app.inject({
      url: `/api/v2/capture/my-jobs/${token}`,
      remoteAddress: sharedIp,
    });
    expect(mine.statusCode).toBe(200);
    const sent = await submit(ctx.app, token, goodFields(), await photoSet(), {}, sharedIp);
    expect(sent.statusCode).toBe(201);
    // Valid links did not add misses.
    expect(await missesOf(sharedIp)).toBe(limit);
  });
});
