import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compress from '../../server/plugins/external/compress';
import type { TestContext } from './helpers';
import { createJob, createJobsTestApp, signIn, type Headers } from './jobs/support';

let ctx: TestContext;
let owner: Headers;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = (await signIn(ctx.app, ctx.db, 'company')).headers;
  for (let i = 0; i < 6; i++) await createJob(ctx.app, owner);
});
afterAll(() => ctx.close());

describe('lists are compressed for clients that accept gzip', () => {
  it('gzips a page of jobs and keeps its Content-Range', async () => {
    const plain = await ctx.app.inject({ url: '/api/v2/jobs', headers: owner });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await ctx.app.inject({
      url: '/api/v2/jobs',
      headers: { ...owner, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-range']).toBe('jobs 0-5/6');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves byte ranges and partial content uncompressed', async () => {
    const app = Fastify();
    await app.register(compress);
    const body = 'x'.repeat(4096);
    app.get('/bytes', (_req, reply) => {
      reply.header('Content-Range', 'bytes 0-4095/8192').header('Content-Type', 'text/plain');
      return reply.send(body);
    });
    app.get('/partial', (_req, reply) => {
      reply.code(206).header('Content-Range', 'items 0-9/20').header('Content-Type', 'text/plain');
      return reply.send(body);
    });
    for (const url of ['/bytes', '/partial']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect([url, res.headers['content-encoding'], res.body.length]).toEqual([
        url,
        undefined,
        4096,
      ]);
      expect(res.headers['content-range']).toMatch(/ 0-/);
    }
    await app.close();
  });
});
