import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Breach } from '../../../server/schemas/breaches';
import { seedStaff } from '../../../server/seed/demoAccounts';
import { seedBreaches } from '../../../server/seed/demoBreaches';
import { newDemoContext } from '../../../server/seed/demoContext';
import { createTestApp, login, type TestContext } from '../helpers';

describe('the demo breach register', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    const demo = newDemoContext({ storage: ctx.app.storage, captureLinks: ctx.app.captureLinks });
    await ctx.db.transaction(async (tx) => {
      await seedStaff(tx, demo);
      await seedBreaches(tx, demo);
    });
  });
  afterAll(() => ctx?.close());

  it('has one entry notified within 72 hours and closed, and one open, for the demo admin', async () => {
    const { headers } = await login(ctx.app, 'admin@demo.ng', 'Admin1234!');
    const res = await ctx.app.inject({ url: '/api/v2/breaches', headers });
    expect(res.statusCode).toBe(200);
    const [open, closed] = res.json<Breach[]>();
    expect(open).toMatchObject({ status: 'open', ndpc_notified_at: null });
    expect(Date.parse(open!.ndpc_deadline)).toBeGreaterThan(Date.now());
    expect(closed).toMatchObject({ status: 'closed' });
    expect(Date.parse(closed!.ndpc_notified_at!)).toBeLessThan(Date.parse(closed!.ndpc_deadline));
  });
});
