import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogSmsDriver } from '../../../server/services/sms';
import { throttles } from '../../../server/services/throttles';
import type { TestContext } from '../helpers';
import { createJob, createJobsTestApp, signIn } from '../jobs/support';
import { agentJob, cast, detail, partnerJob, type Cast } from './support';

let ctx: TestContext;
let c: Cast;
const agentPhone = '+2348091112233';

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
  await ctx.db.query('UPDATE accounts SET phone = $2 WHERE id = $1', [
    c.agent.account.id,
    agentPhone,
  ]);
});
afterAll(() => ctx.close());

const outbox = () => (ctx.app.sms.driver as ReturnType<typeof createLogSmsDriver>).outbox;

const sendSms = (headers: Record<string, string>, jobId: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v2/job/${jobId}/capture-link/sms`,
    headers,
    payload,
  });

describe('POST /job/{id}/capture-link/sms', () => {
  it("texts the live link to the assigned agent's phone through the queue, and the job page says it was sent", async () => {
    const { job, link } = await agentJob(ctx.app, ctx.db, c);
    await ctx.app.sms.idle();
    const before = outbox().length;

    const res = await sendSms(c.admin.headers, job.id);

    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'sending', to: '••••••••••2233', attempts: 0 });
    await ctx.app.sms.idle();
    const sent = outbox().slice(before);
    expect(sent).toEqual([
      {
        to: agentPhone,
        text: `Verification job ${job.code}: at the address, open this link to take the photos: ${link.href}`,
      },
    ]);
    const shown = await detail(ctx.app, c.admin.headers, job.id);
    expect(shown.capture.sms).toMatchObject({ status: 'sent', to: '••••••••••2233', attempts: 1 });
    // The outbox keeps no live link once the text is out.
    const rows = await ctx.db.query<{ body: string | null }>(
      'SELECT body FROM sms_outbox WHERE job_id = $1',
      [job.id],
    );
    expect(rows.rows).toEqual([{ body: null }]);
  });

  it('records the send in the audit log with the number masked', async () => {
    const { job } = await agentJob(ctx.app, ctx.db, c);
    expect((await sendSms(c.admin.headers, job.id)).statusCode).toBe(202);
    const r = await ctx.db.query<{ detail: Record<string, unknown>; outcome: number }>(
      `SELECT detail, outcome FROM audit_log
        WHERE action = 'job.capture_link_sms' AND target_id = $1`,
      [job.id],
    );
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.detail.to).toBe('••••••••••2233');
    expect(JSON.stringify(r.rows[0])).not.toContain('8091112233');
  });

  it('sends a partner company job to the number it gives, in any usual writing', async () => {
    const { job, url } = await partnerJob(ctx.app, c);
    // The texts of earlier tests first: one still queued would land among this test's.
    await ctx.app.sms.idle();
    const before = outbox().length;
    const res = await sendSms(c.partner.headers, job.id, { phone: '0803 555 1234' });
    expect(res.statusCode).toBe(202);
    await ctx.app.sms.idle();
    expect(outbox().slice(before)).toEqual([
      { to: '+2348035551234', text: expect.stringContaining(url) },
    ]);
  });

  it('400 naming phone: no agent to text, or a number that is not Nigerian', async () => {
    const { job } = await partnerJob(ctx.app, c);
    const none = await sendSms(c.partner.headers, job.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('phone');

    for (const phone of ['12345', '+44 20 7946 0958', '']) {
      const bad = await sendSms(c.partner.headers, job.id, { phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().errors[0].field, phone).toBe('phone');
    }
  });

  it("another company's job is 404; the owner, who does not see the link, 403; nothing queued", async () => {
    const { job } = await agentJob(ctx.app, ctx.db, c);
    const before = await ctx.db.query('SELECT 1 FROM sms_outbox');
    expect((await sendSms(c.outsider.headers, job.id, { phone: '08035551234' })).statusCode).toBe(
      404,
    );
    expect((await sendSms(c.owner.headers, job.id, { phone: '08035551234' })).statusCode).toBe(403);
    expect((await sendSms({}, job.id)).statusCode).toBe(401);
    const after = await ctx.db.query('SELECT 1 FROM sms_outbox');
    expect(after.rows.length).toBe(before.rows.length);
  });

  it('409 when the job has no live capture link', async () => {
    const job = await createJob(ctx.app, c.owner.headers);
    const res = await sendSms(c.admin.headers, job.id, { phone: '08035551234' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${job.code} has no live capture link: create one first`);
  });

  it(`429 past ${throttles.captureSmsPerJob.limit} texts an hour for one job`, async () => {
    const { job } = await agentJob(ctx.app, ctx.db, c);
    for (let i = 0; i < throttles.captureSmsPerJob.limit; i += 1) {
      expect((await sendSms(c.admin.headers, job.id)).statusCode).toBe(202);
    }
    const res = await sendSms(c.admin.headers, job.id);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another job is not held back by this one.
    const other = await agentJob(ctx.app, ctx.db, c);
    expect((await sendSms(c.admin.headers, other.job.id)).statusCode).toBe(202);
  });

  it(`429 past ${throttles.captureSmsPerSender.limit} texts an hour from one user`, async () => {
    const staff = await signIn(ctx.app, ctx.db, 'staff');
    const { job } = await agentJob(ctx.app, ctx.db, c);
    const { bucket, limit, windowMinutes } = throttles.captureSmsPerSender;
    for (let i = 0; i < limit; i += 1) {
      await ctx.app.repos.rateLimits.hit(bucket, staff.account.id, limit, windowMinutes * 60);
    }
    expect((await sendSms(staff.headers, job.id)).statusCode).toBe(429);
    expect((await sendSms(c.admin.headers, job.id)).statusCode).toBe(202);
  });
});
