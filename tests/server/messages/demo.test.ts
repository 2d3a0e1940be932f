import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDemoTestApp } from '../demoSnapshot';
import { login, type TestContext } from '../helpers';
import { get, listUrl, unreadCount } from './support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDemoTestApp();
}, 120_000);
afterAll(() => ctx.close());

it('the demo company has read and unread messages both ways, and a broadcast', async () => {
  const { headers } = await login(ctx.app, 'company@demo.ng', 'Company1234!');
  expect(await unreadCount(ctx.app, headers)).toBe(3);
  const inbox = (await get(ctx.app, headers, listUrl('/messages', {}))).json();
  expect(inbox.map((m: { subject: string; read: boolean }) => [m.subject, m.read])).toEqual([
    // The demo's late jobs, found as the TAT-breach check finds them when the demo is seeded.
    [expect.stringMatching(/^(JOB-\d+ is|\d+ jobs are) past (its|their) turnaround time$/), false],
    // Today's broadcast, sent two hours before: at any hour of the seed's day.
    ['New turnaround time for Abuja address jobs', false],
    ['Two Lekki addresses could not be found', false],
    // The month of its own date, whenever the demo is seeded.
    [expect.stringMatching(/^Re: Bulk upload for [A-Z][a-z]+$/), true],
  ]);
  const sent = (
    await get(ctx.app, headers, listUrl('/messages', { filter: { box: 'sent' } }))
  ).json();
  expect(sent).toHaveLength(2);
  // Seeding queues no mail.
  await ctx.app.mailer.idle();
  const mails = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
  expect(mails.rows[0]!.n).toBe(0);
});
