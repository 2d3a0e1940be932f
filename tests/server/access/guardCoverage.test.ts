import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { accessRules, isAccessKey } from '../../../reference/permissions';
import { readSources } from '../architecture/sources';
import { createTestApp, testConfig, type TestContext } from '../helpers';

/** The keys a source asks the table for inside handlers: `app.allows(request, 'key')`. */
function keysCheckedIn(text: string) {
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return [...code.matchAll(/\ballows\(\s*\w+\s*,\s*'([\w.]+)'\s*\)/g)].map((m) => m[1]!);
}

/**
 * Every API route declares who may call it where it is defined (`config.access`), and the app
 * refuses to start otherwise: a new endpoint cannot ship unguarded.
 */
describe('guard coverage', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('lists every /api/v2 route with a declared access of the table', () => {
    const routes = ctx.app.apiRoutes;
    // The app's own routes, not an empty list that would pass anything.
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({
      method: 'PATCH',
      url: '/api/v2/setting/tat/:id',
      access: 'tat.write',
      audit: 'tat.update',
    });
    const unguarded = routes.filter(
      (r) => !(r.access === 'public' || r.access === 'signed-in' || isAccessKey(r.access ?? '')),
    );
    expect(unguarded).toEqual([]);
  });

  it('reads every key of the permission table in a route or a server check', () => {
    const read = new Set<string>(ctx.app.apiRoutes.map((r) => r.access ?? ''));
    for (const { text } of readSources('server')) {
      for (const key of keysCheckedIn(text)) read.add(key);
    }
    // A key the server never reads is a rule only the web keeps, which the server re-derives.
    expect(Object.keys(accessRules).filter((key) => !read.has(key))).toEqual([]);
  });

  it('sees the checks it counts (the scan is not vacuous)', () => {
    expect(
      keysCheckedIn("if (!app.allows(request, 'jobs.choose_owner')) throw forbidden();"),
    ).toEqual(['jobs.choose_owner']);
    expect(keysCheckedIn("// app.allows(request, 'tat.agent_price') in a comment")).toEqual([]);
  });

  it('lists every operation of the OpenAPI document, so none escapes the matrix test', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v2/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const listed = new Set(ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((op) => !listed.has(op))).toEqual([]);
  });

  it('refuses to start with an /api/v2 route that declares no access', async () => {
    const app = await buildApp({ config: testConfig(), db: ctx.db });
    try {
      await expect(
        (async () => {
          await app.register(
            async (scope) => {
              scope.get('/reports/everything', async () => ({ leaked: true }));
            },
            { prefix: '/api/v2' },
          );
          await app.ready();
        })(),
      ).rejects.toThrow('GET /api/v2/reports/everything declares no access');
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('starts with the same route once it declares its access', async () => {
    const app = await buildApp({ config: testConfig(), db: ctx.db });
    try {
      await app.register(
        async (scope) => {
          scope.get('/reports/everything', { config: { access: 'jobs.export' } }, async () => ({
            leaked: false,
          }));
        },
        { prefix: '/api/v2' },
      );
      await app.ready();
      expect(app.apiRoutes).toContainEqual({
        method: 'GET',
        url: '/api/v2/reports/everything',
        access: 'jobs.export',
      });
      // And the hook guards it: no token, no report.
      const res = await app.inject({ url: '/api/v2/reports/everything' });
      expect(res.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('security: exempts only the exact paths of the docs, not anything under /api/v2/docs', async () => {
    for (const url of ['/docs-export', '/docs/everything', '/docs/json/users']) {
      const app = await buildApp({ config: testConfig(), db: ctx.db });
      try {
        await expect(
          (async () => {
            await app.register(
              async (scope) => {
                scope.get(url, async () => ({ leaked: true }));
              },
              { prefix: '/api/v2' },
            );
            await app.ready();
          })(),
          url,
        ).rejects.toThrow(`GET /api/v2${url} declares no access`);
      } finally {
        await app.close().catch(() => undefined);
      }
    }
    // The docs themselves stay public.
    const docs = ['', '/', '/json', '/yaml', '/static/index.html', '/static/swagger-ui.css'];
    for (const url of docs.map((path) => `/api/v2/docs${path}`)) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(400);
    }
  });

  it('security: refuses at run time a route that lost its access after the start-up check (403)', async () => {
    const app = await buildApp({ config: testConfig(), db: ctx.db });
    try {
      await app.register(
        async (scope) => {
          // Runs after the guard's own onRoute check, as a plugin registered out of order might.
          scope.addHook('onRoute', (route) => {
            delete route.config?.access;
          });
          const config = { access: 'public', audit: 'report.create' } as const;
          scope.post('/reports/everything', { config }, async () => ({
            leaked: true,
          }));
        },
        { prefix: '/api/v2' },
      );
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/api/v2/reports/everything' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('leaked');
    } finally {
      await app.close();
    }
  });
});
