import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWebhookUrl } from '../../../server/seed/demoWebhooks';
import { createDemoTestApp } from '../demoSnapshot';
import { count, login, type TestContext } from '../helpers';
import { deliveriesOf } from './support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDemoTestApp();
}, 120_000);
afterAll(() => ctx?.close());

describe('the demo webhook', () => {
  it('gives the demo company an endpoint with a settled delivery history, and queues nothing', async () => {
    const owner = await login(ctx.app, 'company@demo.ng', 'Company1234!');
    const list = await ctx.app.inject({ url: '/api/v2/webhooks', headers: owner.headers });
    const [hook] = list.json() as { id: string; url: string; enabled: boolean }[];
    expect(hook).toMatchObject({ url: demoWebhookUrl, enabled: true });

    const log = await deliveriesOf(ctx.app, owner.headers, hook!.id);
    expect(log.length).toBeGreaterThanOrEqual(5);
    expect(log.every((d) => d.status === 'delivered' && d.last_status_code === 200)).toBe(true);
    expect(log.filter((d) => d.attempts === 2)).toHaveLength(1);
    expect(log.every((d) => (d.last_duration_ms ?? 0) > 0)).toBe(true);
    // Nothing for the queue to send to a URL that resolves nowhere.
    expect(await count(ctx.db, `webhook_deliveries WHERE status IN ('pending', 'failed')`)).toBe(0);
  });
});
