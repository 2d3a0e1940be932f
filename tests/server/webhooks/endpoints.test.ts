import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpointsPerCompany } from '../../../server/schemas/webhooks';
import { throttles } from '../../../server/services/throttles';
import { isPublicAddress } from '../../../server/services/webhookRequest';
import { createTestApp, type TestContext } from '../helpers';
import { signIn, type Actor } from '../jobs/support';
import { quickWebhooks, register, startReceiver } from './support';

const api = '/api/v2/webhooks';

describe('webhook URLs: public HTTPS addresses only', () => {
  let ctx: TestContext;
  let owner: Actor;
  beforeAll(async () => {
    ctx = await createTestApp(); // WEBHOOK_ALLOW_PRIVATE unset
    owner = await signIn(ctx.app, ctx.db, 'company');
  });
  afterAll(() => ctx?.close());

  it.each([
    'http://example.com/hook',
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.9/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://user:pass@example.com/hook',
    'not a url',
  ])('refuses %s with a 400 naming url', async (url) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: api,
      headers: owner.headers,
      payload: { url, events: ['job.created'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'url' })]);
  });

  it('accepts a public address, and tells the ranges apart', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: api,
      headers: owner.headers,
      payload: { url: 'https://93.184.215.14/hook', events: ['job.created'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().secret).toMatch(/^whsec_/);
    expect(['8.8.8.8', '2606:4700::1111', '93.184.215.14'].map(isPublicAddress)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1', '169.254.169.254', 'fc00::1', 'x'].map(
        isPublicAddress,
      ),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('refuses at delivery a URL whose address turned private since (the test event)', async () => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: api,
      headers: owner.headers,
      payload: { url: 'https://93.184.215.14/other', events: ['job.created'] },
    });
    const { id } = r.json() as { id: string };
    await ctx.db.query(`UPDATE webhook_endpoints SET url = 'https://127.0.0.1/x' WHERE id = $1`, [
      id,
    ]);
    const test = await ctx.app.inject({
      method: 'POST',
      url: `${api}/${id}/test`,
      headers: owner.headers,
    });
    expect(test.json()).toMatchObject({ ok: false, status_code: null });
    expect(test.json().error).toMatch(/private/);
  });
});

describe('webhook endpoints: who may see and change them, and limits', () => {
  let ctx: TestContext;
  let owner: Actor;
  let other: Actor;
  let receiverUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ctx = await createTestApp({ webhooks: quickWebhooks });
    owner = await signIn(ctx.app, ctx.db, 'company');
    other = await signIn(ctx.app, ctx.db, 'company');
    const r = await startReceiver();
    receiverUrl = r.url;
    close = r.close;
  });
  afterAll(async () => {
    await close?.();
    await ctx?.close();
  });

  it("answers 404 for another company's endpoint and its log", async () => {
    const { id } = await register(ctx.app, owner.headers, receiverUrl);
    const calls = [
      { method: 'GET', url: `${api}/${id}` },
      { method: 'GET', url: `${api}/${id}/deliveries` },
      { method: 'POST', url: `${api}/${id}/test` },
      { method: 'POST', url: `${api}/${id}/rotate-secret` },
      { method: 'POST', url: `${api}/${id}/deliveries/${id}/resend` },
      { method: 'PUT', url: `${api}/${id}`, payload: { events: ['job.created'] } },
      { method: 'DELETE', url: `${api}/${id}` },
    ] as const;
    for (const c of calls) {
      const res = await ctx.app.inject({ ...c, headers: other.headers });
      expect([c.url, res.statusCode]).toEqual([c.url, 404]);
    }
    const list = await ctx.app.inject({ url: api, headers: other.headers });
    expect(list.json()).toEqual([]);
    const mine = await ctx.app.inject({ url: api, headers: owner.headers });
    expect(mine.json()).toEqual([expect.objectContaining({ id, url: receiverUrl })]);
    expect(mine.body).not.toContain('secret');
  });

  it("lets the provider's admins list every company's endpoints, and no sub-user manage them", async () => {
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    const all = await ctx.app.inject({ url: api, headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect((all.json() as { company_id: string }[]).map((e) => e.company_id)).toContain(
      owner.companyId,
    );
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: owner.companyId!,
      permissions: ['Create Job', 'View Job History'],
    });
    expect((await ctx.app.inject({ url: api, headers: sub.headers })).statusCode).toBe(403);
    const create = await ctx.app.inject({
      method: 'POST',
      url: api,
      headers: admin.headers,
      payload: { url: receiverUrl, events: ['job.created'] },
    });
    expect(create.statusCode).toBe(403);
  });

  it.each([
    [{ url: 'https://example.com/', events: [] }, 'events'],
    [{ url: 'https://example.com/', events: ['job.exploded'] }, 'events'],
    [{ url: 'https://example.com/', events: ['job.created', 'job.created'] }, 'events'],
    [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['job.created'] }, 'url'],
    [{ events: ['job.created'] }, 'url'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const res = await ctx.app.inject({ method: 'POST', url: api, headers: owner.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain(field);
  });

  it(`keeps at most ${webhookEndpointsPerCompany} endpoints per company`, async () => {
    const company = await signIn(ctx.app, ctx.db, 'company');
    for (let i = 0; i < webhookEndpointsPerCompany; i++) {
      await register(ctx.app, company.headers, `${receiverUrl}?n=${i}`);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: api,
      headers: company.headers,
      payload: { url: receiverUrl, events: ['job.created'] },
    });
    expect(res.statusCode).toBe(409);
  });

  it('limits test events and resends per endpoint (429)', async () => {
    const { id } = await register(ctx.app, owner.headers, receiverUrl);
    const limit = throttles.webhookSendsPerEndpoint.limit;
    const codes: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${api}/${id}/test`,
        headers: owner.headers,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, limit).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('changes the events and enables a disabled endpoint again', async () => {
    const { id } = await register(ctx.app, owner.headers, receiverUrl);
    await ctx.db.query('UPDATE webhook_endpoints SET disabled_at = now() WHERE id = $1', [id]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/${id}`,
      headers: owner.headers,
      payload: { events: ['job.approved'], enabled: true },
    });
    expect(res.json()).toMatchObject({ events: ['job.approved'], enabled: true });
  });
});
