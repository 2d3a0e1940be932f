import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import type { Db } from '../../server/db';
import {
  createTestApp,
  createUser,
  post,
  signupBody,
  testConfig,
  type TestContext,
} from './helpers';

const indexHtml =
  '<!doctype html><html><head><title>SPA shell marker</title></head><body></body></html>';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A database whose every call (whatever methods `Db` grows) fails with a message that must
 * never reach a client.
 */
const fail = () => Promise.reject(new Error('connect ECONNREFUSED /var/secret/db.sock'));
// Fastify's `decorate` reads `getter`/`setter` of a decorator's value: those must stay undefined.
const notMethods = new Set(['then', 'getter', 'setter']);
const brokenDb = new Proxy({ kind: 'pglite', close: () => Promise.resolve() } as unknown as Db, {
  get: (target, prop) =>
    prop in target || typeof prop === 'symbol' || notMethods.has(prop)
      ? Reflect.get(target, prop)
      : fail,
});

describe('API conventions', () => {
  let ctx: TestContext;
  let app: App;
  let withDist: App;
  let withoutDist: App;
  let broken: App;
  const tmp = mkdtempSync(path.join(tmpdir(), 'app-test-'));
  const distDir = path.join(tmp, 'dist');
  const emptyDir = path.join(tmp, 'empty');

  beforeAll(async () => {
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    mkdirSync(emptyDir);
    writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    writeFileSync(path.join(distDir, 'assets', 'app-123.js'), 'console.log("asset marker");');
    ctx = await createTestApp();
    app = ctx.app;
    // Further instances share the migrated database: building one is cheap, migrating is not.
    withDist = await buildApp({ config: testConfig(), db: ctx.db, distDir });
    withoutDist = await buildApp({ config: testConfig(), db: ctx.db, distDir: emptyDir });
    broken = await buildApp({ config: testConfig(), db: brokenDb, distDir: emptyDir });
    broken.get('/api/v2/test/throws', { config: { access: 'public' } }, async () => {
      throw new Error('kaboom in /srv/app/secret.ts');
    });
    broken.get('/api/v2/test/throws-with-status', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('upstream detail /srv/app/secret.ts'), { statusCode: 502 });
    });
    await Promise.all([withDist.ready(), withoutDist.ready(), broken.ready()]);
  });

  afterAll(async () => {
    await Promise.all([withDist?.close(), withoutDist?.close(), broken?.close()]);
    await ctx?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  describe('health', () => {
    it('reports ok and the database kind', async () => {
      const res = await app.inject({ url: '/api/v2/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        status: 'ok',
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      });
    });
  });

  describe('request bodies', () => {
    it('answers malformed JSON with 400 and a message only', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.ng", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringMatching(/JSON/) });
    });

    it('answers a JSON body over 1 MB with 413 and a message', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.ng', password: 'x'.repeat(1024 * 1024 + 10) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: expect.stringMatching(/too large/i) });
    });

    it('reads a body just under 1 MB (it is validated, not refused for its size)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.ng', password: 'x'.repeat(1000 * 1000) }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'password' })]);
    });
  });

  describe('unknown routes and the web app', () => {
    it.each([
      ['GET', '/api/v2/no-such-thing'],
      ['POST', '/api/v2/auth/no-such-thing'],
      ['GET', '/api/no-version'],
      ['GET', '/api'],
    ] as const)(
      'answers %s %s with 404 JSON, also when the web app is built',
      async (method, url) => {
        for (const instance of [app, withDist]) {
          const res = await instance.inject({ method, url });
          expect(res.statusCode).toBe(404);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.json()).toEqual({ message: expect.stringMatching(/not found/) });
        }
      },
    );

    it.each(['/company/jobs', '/admin/dashboard?tab=2', '/login', '/no/such/page'])(
      'serves index.html for the deep link %s',
      async (url) => {
        const res = await withDist.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toBe(indexHtml);
        expect(res.headers['cache-control']).toBe('no-cache');
      },
    );

    it('serves built files as themselves', async () => {
      const res = await withDist.inject({ url: '/assets/app-123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.body).toContain('asset marker');
      expect(res.headers['cache-control']).toMatch(/immutable/);
    });

    it('answers a non-GET request to a web path with 404 JSON, not the page', async () => {
      const res = await withDist.inject({ method: 'POST', url: '/company/jobs', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });

    it('says the web app is not built when there is no dist folder', async () => {
      const res = await withoutDist.inject({ url: '/company/jobs' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/npm run build/);
    });
  });

  describe('server errors', () => {
    it('answers a failing database with 500 and a generic message only', async () => {
      const res = await broken.inject({ url: '/api/v2/health' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(/went wrong/);
      expect(res.body).not.toMatch(/ECONNREFUSED|secret|stack|\bat /);
    });

    it('never shows a thrown error, its message or its stack', async () => {
      for (const url of ['/api/v2/test/throws', '/api/v2/test/throws-with-status']) {
        const res = await broken.inject({ url });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expect(Object.keys(res.json())).toEqual(['message']);
        expect(res.body).not.toMatch(/kaboom|upstream|secret|\.ts|stack|\bat /);
      }
    });

    it('also hides the details when a database failure happens inside an auth route', async () => {
      const res = await post(broken, 'login', {
        email: 'a@example.ng',
        password: 'amaka-test-pass-7',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: expect.stringMatching(/went wrong/) });
    });
  });

  describe('OpenAPI document', () => {
    it('lists every auth route with its method', async () => {
      const res = await app.inject({ url: '/api/v2/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\./);
      const expected: [string, string][] = [
        ['post', '/api/v2/auth/signup'],
        ['post', '/api/v2/auth/confirm-email'],
        ['post', '/api/v2/auth/login'],
        ['post', '/api/v2/auth/refresh'],
        ['post', '/api/v2/auth/logout'],
        ['get', '/api/v2/auth/me'],
        ['post', '/api/v2/auth/recover-password'],
        ['post', '/api/v2/auth/set-password'],
        ['get', '/api/v2/health'],
      ];
      for (const [method, route] of expected) {
        expect(doc.paths[route], route).toHaveProperty(method);
      }
      // The body schemas are documented too, so a client can be written from the document.
      const login = doc.paths['/api/v2/auth/login']!.post as {
        requestBody: { content: Record<string, { schema: { properties: object } }> };
      };
      expect(Object.keys(login.requestBody.content['application/json']!.schema.properties)).toEqual(
        expect.arrayContaining(['email', 'password']),
      );
    });

    it('serves a browsable UI', async () => {
      let res = await app.inject({ url: '/api/v2/docs' });
      if (res.statusCode === 302) res = await app.inject({ url: String(res.headers.location) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/swagger/i);
    });
  });

  describe('headers', () => {
    it('sends security headers on API answers, errors and the web app', async () => {
      for (const res of [
        await app.inject({ url: '/api/v2/health' }),
        await app.inject({ url: '/api/v2/no-such-thing' }),
        await app.inject({ url: '/api/v2/jobs' }),
        await withDist.inject({ url: '/company/jobs' }),
      ]) {
        expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
        expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['permissions-policy']).toBe(
          'camera=(self), geolocation=(self), microphone=()',
        );
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('gives every answer a request id, a new one per request', async () => {
      const a = await app.inject({ url: '/api/v2/health' });
      const b = await app.inject({ url: '/api/v2/no-such-thing' });
      expect(a.headers['x-request-id']).toMatch(uuid);
      expect(b.headers['x-request-id']).toMatch(uuid);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it("keeps a caller's well-formed request id and replaces a malformed one", async () => {
      const kept = await app.inject({
        url: '/api/v2/health',
        headers: { 'x-request-id': 'lb-abc_123' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-abc_123');
      for (const given of ['has spaces in it', 'x'.repeat(65), 'new\\nline']) {
        const res = await app.inject({ url: '/api/v2/health', headers: { 'x-request-id': given } });
        expect(res.headers['x-request-id']).toMatch(uuid);
      }
    });
  });

  describe('logs', () => {
    it('are structured, carry the request id and hold no password or token', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const logged = await buildApp({
        config: testConfig(),
        db: ctx.db,
        distDir: emptyDir,
        logger: { level: 'trace', stream },
      });
      try {
        await logged.ready();
        const { email, password } = await createUser(ctx.db, { password: 'Sekret-Passw0rd!' });
        const signupPassword = 'Other-Sekret-99';
        await post(logged, 'signup', signupBody({ password: signupPassword }));
        const loginRes = await post(logged, 'login', { email, password });
        expect(loginRes.statusCode).toBe(200);
        const { accessToken, refreshToken } = loginRes.json();
        const me = await logged.inject({
          url: '/api/v2/auth/me',
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(me.statusCode).toBe(200);
        const refreshed = await post(logged, 'refresh', { refreshToken });
        await post(logged, 'login', { email, password: 'Wrong-Passw0rd!' });

        const text = lines.join('\n');
        const records = lines.map((l) => JSON.parse(l) as { reqId?: string });
        expect(records.some((r) => r.reqId === me.headers['x-request-id'])).toBe(true);
        for (const secret of [
          password,
          signupPassword,
          'Wrong-Passw0rd!',
          accessToken,
          refreshToken,
          refreshed.json().refreshToken,
          refreshed.json().accessToken,
        ]) {
          expect(text).not.toContain(secret);
        }
      } finally {
        await logged.close();
      }
    });
  });
});
