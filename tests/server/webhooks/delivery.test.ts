import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { verifyWebhookSignature } from '../../../server/services/webhookSignature';
import { count, createTestApp, freshDb, mailsTo, testConfig, type TestContext } from '../helpers';
import { csv, row } from '../jobs/bulkFiles';
import { createJob, postJobsFile, setPrices, signIn, type Actor } from '../jobs/support';
import { deliveriesOf, quickWebhooks, register, startReceiver, type Receiver } from './support';

describe('webhook deliveries to a real receiver', () => {
  let ctx: TestContext;
  let owner: Actor;
  const receivers: Receiver[] = [];
  const receiver = async (answer?: Parameters<typeof startReceiver>[0]) => {
    const r = await startReceiver(answer);
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ webhooks: quickWebhooks });
    await setPrices(ctx.db);
    owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Hooked Ltd' });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await ctx?.close();
  });

  it('sends each event signed with the secret, with its id, type, time and the job', async () => {
    const r = await receiver();
    const { id, secret } = await register(ctx.app, owner.headers, r.url);
    const job = await createJob(ctx.app, owner.headers);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/cancel`,
      headers: owner.headers,
      payload: { reason: 'Ordered twice' },
    });
    expect(cancelled.statusCode).toBe(200);
    await ctx.app.queue.settled();

    expect(r.received.map((x) => x.body.type)).toEqual(['job.created', 'job.cancelled']);
    for (const x of r.received) {
      expect(verifyWebhookSignature(secret, x.headers['x-signature'] as string, x.raw)).toBe(true);
      expect(x.headers['x-webhook-id']).toBe(x.body.id);
      expect(x.headers['user-agent']).toMatch(/Webhooks/);
      expect(x.body.data.job.id).toBe(job.id);
      expect(Date.parse(x.body.created_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The job as its owner reads it from GET /jobs/:id, at the time of the event.
    const [created, cancel] = r.received;
    expect(created!.body.data.job.status).toBe('pending');
    expect(cancel!.body.data.job.status).toBe('cancelled');
    const shown = (
      await ctx.app.inject({ url: `/api/v2/jobs/${job.id}`, headers: owner.headers })
    ).json() as Record<string, unknown>;
    expect(Object.keys(cancel!.body.data.job).sort()).toEqual(Object.keys(shown).sort());
    expect(
      verifyWebhookSignature(
        'another-secret',
        r.received[0]!.headers['x-signature'] as string,
        r.received[0]!.raw,
      ),
    ).toBe(false);

    const log = await deliveriesOf(ctx.app, owner.headers, id);
    expect(log.map((d) => [d.event_type, d.status, d.attempts, d.last_status_code])).toEqual([
      ['job.cancelled', 'delivered', 1, 200],
      ['job.created', 'delivered', 1, 200],
    ]);
    expect(log.every((d) => typeof d.last_duration_ms === 'number')).toBe(true);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/webhooks/${id}`,
      headers: owner.headers,
    });
  });

  it('sends a failed event once more after each failure, then stops (a redirect is a failure)', async () => {
    const answers = [500, 302, 503, 200];
    const r = await receiver((n) => answers[n - 1] ?? 200);
    const { id } = await register(ctx.app, owner.headers, r.url, ['job.created']);
    await createJob(ctx.app, owner.headers);
    await expect
      .poll(async () => (await deliveriesOf(ctx.app, owner.headers, id))[0]?.status, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe('delivered');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ctx.app.queue.settled();
    expect(r.received).toHaveLength(4);
    expect(new Set(r.received.map((x) => x.body.id)).size).toBe(1);
    const [d] = await deliveriesOf(ctx.app, owner.headers, id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200 });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/webhooks/${id}`,
      headers: owner.headers,
    });
  });

  it('keeps the order per job: a later event waits for the earlier one to be delivered', async () => {
    let failFirst = true;
    const r = await receiver((_n, x) => {
      if (x.body.type === 'job.created' && failFirst) {
        failFirst = false;
        return 500;
      }
      return 200;
    });
    const { id } = await register(ctx.app, owner.headers, r.url);
    const job = await createJob(ctx.app, owner.headers);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/cancel`,
      headers: owner.headers,
      payload: { reason: 'Not needed' },
    });
    await expect
      .poll(async () => (await deliveriesOf(ctx.app, owner.headers, id)).map((d) => d.status), {
        timeout: 15_000,
        interval: 100,
      })
      .toEqual(['delivered', 'delivered']);
    expect(r.received.map((x) => x.body.type)).toEqual([
      'job.created',
      'job.created',
      'job.cancelled',
    ]);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/webhooks/${id}`,
      headers: owner.headers,
    });
  });

  it('resends a delivered event on request, and sends a signed test event', async () => {
    const r = await receiver();
    const { id, secret } = await register(ctx.app, owner.headers, r.url, ['job.created']);
    await createJob(ctx.app, owner.headers);
    await ctx.app.queue.settled();
    const [d] = await deliveriesOf(ctx.app, owner.headers, id);
    const resent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${id}/deliveries/${d!.id}/resend`,
      headers: owner.headers,
    });
    expect(resent.statusCode).toBe(202);
    await ctx.app.queue.settled();
    expect(r.received.map((x) => x.body.id)).toEqual([d!.event_id, d!.event_id]);

    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${id}/test`,
      headers: owner.headers,
    });
    expect(test.json()).toMatchObject({ ok: true, status_code: 200 });
    const last = r.received.at(-1)!;
    expect(last.body.type).toBe('webhook.test');
    expect(verifyWebhookSignature(secret, last.headers['x-signature'] as string, last.raw)).toBe(
      true,
    );

    // A rotated secret signs from then on; the old one no longer verifies.
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${id}/rotate-secret`,
      headers: owner.headers,
    });
    const { secret: fresh } = rotated.json() as { secret: string };
    expect(fresh).not.toBe(secret);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${id}/test`,
      headers: owner.headers,
    });
    const after = r.received.at(-1)!;
    expect(verifyWebhookSignature(fresh, after.headers['x-signature'] as string, after.raw)).toBe(
      true,
    );
    expect(verifyWebhookSignature(secret, after.headers['x-signature'] as string, after.raw)).toBe(
      false,
    );
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/webhooks/${id}`,
      headers: owner.headers,
    });
  });

  it('gives up after a day of failures, disables the endpoint and mails the owner', async () => {
    const r = await receiver(() => 500);
    const { id } = await register(ctx.app, owner.headers, r.url, ['job.created']);
    await createJob(ctx.app, owner.headers);
    await expect
      .poll(() => r.received.length, { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await deliveriesOf(ctx.app, owner.headers, id))[0]?.attempts)
      .toBeGreaterThan(0);
    // A day went by failing.
    await ctx.db.query(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = $1`,
      [id],
    );
    await ctx.db.query(
      `UPDATE webhook_deliveries SET first_failed_at = now() - interval '25 hours' WHERE endpoint_id = $1`,
      [id],
    );
    await expect
      .poll(async () => (await deliveriesOf(ctx.app, owner.headers, id))[0]?.status, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe('given_up');
    const shown = await ctx.app.inject({ url: `/api/v2/webhooks/${id}`, headers: owner.headers });
    expect(shown.json()).toMatchObject({ enabled: false });
    const mails = await mailsTo(ctx.db, owner.account.email);
    expect(mails.at(-1)?.subject).toBe('A webhook endpoint was disabled');
    expect(mails.at(-1)?.text).toContain(r.url);

    // Nothing more goes to a disabled endpoint.
    const before = r.received.length;
    await createJob(ctx.app, owner.headers);
    await ctx.app.queue.settled();
    expect(r.received.length).toBe(before);
    expect(await count(ctx.db, 'webhook_deliveries WHERE endpoint_id = $1', [id])).toBe(1);
  });

  it('publishes a bulk upload set-based: one event per job, each delivered', async () => {
    const r = await receiver();
    const company = await signIn(ctx.app, ctx.db, 'company');
    await register(ctx.app, company.headers, r.url, ['job.created']);
    const rows = Array.from({ length: 150 }, (_, i) => row(i + 1));
    const res = await postJobsFile(ctx.app, '/api/v2/job/upload', company.headers, csv(rows), {
      mime: 'text/csv',
    });
    expect(res.json()).toEqual({ created: 150 });
    await expect.poll(() => r.received.length, { timeout: 20_000, interval: 100 }).toBe(150);
    expect(new Set(r.received.map((x) => x.body.data.job.id)).size).toBe(150);
  });

  it("publishes nothing for a company without endpoints, nor to the assignee's", async () => {
    const r = await receiver();
    const partner = await signIn(ctx.app, ctx.db, 'company', { partner: true });
    await register(ctx.app, partner.headers, r.url, ['job.assigned', 'job.created']);
    const other = await signIn(ctx.app, ctx.db, 'company');
    const events = await count(ctx.db, 'webhook_events');
    const job = await createJob(ctx.app, other.headers);
    const assigned = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${partner.companyId}`,
      headers: other.headers,
      payload: { list: [job.id] },
    });
    expect(assigned.statusCode).toBe(200);
    await ctx.app.queue.settled();
    expect(await count(ctx.db, 'webhook_events')).toBe(events);
    expect(r.received).toHaveLength(0);
  });
});

describe('webhook delivery across processes', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await setPrices(db);
  });
  afterAll(() => db?.close());

  const appOn = async (retryBaseMs = quickWebhooks.retryBaseMs) => {
    const webhooks = { ...quickWebhooks, retryBaseMs };
    const app = await buildApp({ config: testConfig({ webhooks }), db });
    await app.ready();
    return app;
  };

  it('still delivers when the API process stops mid-retry and another starts', async () => {
    const r = await startReceiver((n) => (n === 1 ? 500 : 200));
    // Its retry waits long enough for the first process to be gone.
    const first: App = await appOn(2000);
    let second: App | undefined;
    try {
      const owner = await signIn(first, db, 'company');
      await register(first, owner.headers, r.url, ['job.created']);
      await createJob(first, owner.headers);
      await expect.poll(() => r.received.length, { timeout: 10_000, interval: 50 }).toBe(1);
      await first.close();
      expect(await count(db, `webhook_deliveries WHERE status = 'failed'`)).toBe(1);

      second = await appOn();
      await expect
        .poll(() => count(db, `webhook_deliveries WHERE status = 'delivered'`), {
          timeout: 15_000,
          interval: 100,
        })
        .toBe(1);
      expect(r.received).toHaveLength(2);
      expect(r.received[1]!.body.id).toBe(r.received[0]!.body.id);
    } finally {
      await second?.close();
      await r.close();
    }
  });

  it('delivers each event once with two API processes on one database', async () => {
    const r = await startReceiver();
    const a = await appOn();
    const b = await appOn();
    try {
      const owner = await signIn(a, db, 'company');
      await register(a, owner.headers, r.url, ['job.created']);
      for (let i = 0; i < 12; i++) await createJob(i % 2 ? a : b, owner.headers);
      await Promise.all([a.queue.settled(), b.queue.settled()]);
      await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(12);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(r.received).toHaveLength(12);
      expect(new Set(r.received.map((x) => x.body.id)).size).toBe(12);
    } finally {
      await a.close();
      await b.close();
      await r.close();
    }
  });
});
