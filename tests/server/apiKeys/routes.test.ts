import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRules, apiKeyLabels, isAccessKey } from '../../../reference/permissions';
import { createTestApp, type TestContext } from '../helpers';
import { signIn } from '../jobs/support';
import { newKey } from './support';

/** The job endpoints an integration needs, and nothing more: what a key opens. */
const jobEndpoints = [
  'POST /api/v2/job/create-address',
  'POST /api/v2/job/upload',
  'GET /api/v2/jobs',
  'GET /api/v2/jobs/:id',
  'GET /api/v2/job/detail/:id',
  'POST /api/v2/job/:id/cancel',
  'GET /api/v2/jobs/:id/photos/:kind',
  'GET /api/v2/jobs/:id/attachments/:attachmentId',
];

let ctx: TestContext;
let key: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await signIn(ctx.app, ctx.db, 'company');
  key = (await newKey(ctx.app, owner.headers)).headers;
});
afterAll(() => ctx?.close());

const keyRoutes = () =>
  ctx.app.apiRoutes
    .filter((r) => r.apiKey && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);

describe('the routes an API key opens', () => {
  it('are exactly the job endpoints, each declaring `config.apiKey`', () => {
    expect(keyRoutes().sort()).toEqual([...jobEndpoints].sort());
  });

  it('security: every other signed-in route answers a valid key 401, before reading anything', async () => {
    const others = ctx.app.apiRoutes.filter((r) => !r.apiKey && r.access !== 'public');
    // The app's own routes, not an empty list that would pass anything.
    expect(others.length).toBeGreaterThan(50);
    const opened: string[] = [];
    for (const r of others) {
      const url = r.url.replace(/:\w+/g, () => randomUUID()).replace('*', 'x');
      const res = await ctx.app.inject({ method: r.method as 'GET', url, headers: key });
      if (res.statusCode !== 401) opened.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(opened).toEqual([]);
  });

  it("a new key's default labels are those the key routes' rules (and the CSV export) read", () => {
    const keys = new Set(ctx.app.apiRoutes.filter((r) => r.apiKey).map((r) => r.access ?? ''));
    // GET /jobs exports CSV for holders of jobs.export (checked inside the handler).
    keys.add('jobs.export');
    const labels = [...keys].filter(isAccessKey).flatMap((k) => {
      const rule: { permission: string | readonly string[] | null } = accessRules[k];
      return rule.permission === null ? [] : [rule.permission].flat();
    });
    expect([...new Set(labels)].sort()).toEqual([...apiKeyLabels].sort());
  });
});
