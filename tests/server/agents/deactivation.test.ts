import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, type TestContext } from '../helpers';
import {
  agentJob,
  assign,
  cast,
  detail,
  goodFields,
  photoSet,
  submit,
  type Cast,
} from '../capture/support';
import { createJobsTestApp, signIn } from '../jobs/support';
import { balanceOf } from '../money/support';

let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const setStatus = (agentId: string, status: 0 | 1) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/agents/${agentId}`,
    headers: c.admin.headers,
    payload: { status },
  });

const review = (jobId: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/job/appove-or-reject/${jobId}/approve`,
    headers: c.owner.headers,
    payload: { rating: 5 },
  });

describe('deactivating an agent', () => {
  it('security: ends its links at once, hands its open jobs back and keeps what it earned', async () => {
    // Earned before: approved, and submitted awaiting review.
    const approved = await agentJob(ctx.app, ctx.db, c);
    expect((await submit(ctx.app, approved.token, goodFields(), await photoSet())).statusCode).toBe(
      201,
    );
    expect((await review(approved.job.id)).statusCode).toBe(200);
    const submitted = await agentJob(ctx.app, ctx.db, c);
    expect(
      (await submit(ctx.app, submitted.token, goodFields(), await photoSet())).statusCode,
    ).toBe(201);
    // Open: one never opened (assigned), one opened (accepted).
    const assigned = await agentJob(ctx.app, ctx.db, c);
    const accepted = await agentJob(ctx.app, ctx.db, c);
    expect((await ctx.app.inject({ url: `/api/v2/capture/${accepted.token}` })).statusCode).toBe(
      200,
    );
    const earnedBefore = await balanceOf(ctx.db, 'agent_earnings', c.agent.account.id);
    expect(earnedBefore).toBeGreaterThan(0);
    const ownerMailsBefore = (await mailsTo(ctx.db, c.owner.account.email)).length;

    expect((await setStatus(c.agent.account.id, 0)).statusCode).toBe(200);

    // Its links are dead: nothing of the subject, no submission.
    for (const { token } of [assigned, accepted]) {
      const open = await ctx.app.inject({ url: `/api/v2/capture/${token}` });
      expect(open.statusCode).toBe(404);
      expect(open.body).not.toContain('Chidi');
      const mine = await ctx.app.inject({ url: `/api/v2/capture/my-jobs/${token}` });
      expect(mine.statusCode).toBe(404);
      expect((await submit(ctx.app, token, goodFields(), await photoSet())).statusCode).toBe(404);
    }
    // Its open jobs are back with the provider, each with an event by the admin.
    for (const { job } of [assigned, accepted]) {
      const d = await detail(ctx.app, c.admin.headers, job.id);
      expect(d.status).toBe('declined');
      expect(d.actions).toContain('assign');
      expect(d.capture.has_link).toBe(false);
      const last = d.events.at(-1) as { actor_id: string; reason: string; to_status: string };
      expect(last.actor_id).toBe(c.admin.account.id);
      expect(last.to_status).toBe('declined');
      expect(last.reason).toMatch(/deactivated/);
    }
    // The owner is told: one message listing both jobs, and its mail.
    const inbox = await ctx.db.query<{ subject: string; body: string; sender_id: string }>(
      `SELECT m.subject, m.body, m.sender_id FROM messages m
         JOIN message_deliveries d ON d.message_id = m.id WHERE d.recipient_id = $1`,
      [c.owner.account.id],
    );
    expect(inbox.rows).toHaveLength(1);
    expect(inbox.rows[0]!.sender_id).toBe(c.admin.account.id);
    expect(inbox.rows[0]!.body).toContain(assigned.job.code);
    expect(inbox.rows[0]!.body).toContain(accepted.job.code);
    expect(inbox.rows[0]!.body).not.toContain(submitted.job.code);
    await ctx.app.mailer.idle();
    expect(await mailsTo(ctx.db, c.owner.account.email)).toHaveLength(ownerMailsBefore + 1);

    // What it earned stays: the submitted job is still approved and paid to it, and paid out.
    expect((await review(submitted.job.id)).statusCode).toBe(200);
    const earned = await balanceOf(ctx.db, 'agent_earnings', c.agent.account.id);
    expect(earned).toBe(earnedBefore + 100_000);
    const payout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/payouts',
      headers: c.admin.headers,
      payload: { agent_id: c.agent.account.id },
    });
    expect(payout.statusCode).toBe(201);

    // The handed-back jobs go to another agent; reactivating does not revive the old links.
    const other = await signIn(ctx.app, ctx.db, 'agent');
    const ids = [assigned.job.id, accepted.job.id];
    expect(
      (await assign(ctx.app, c.admin.headers, 'agent', other.account.id, ids)).statusCode,
    ).toBe(200);
    expect((await setStatus(c.agent.account.id, 1)).statusCode).toBe(200);
    const again = await ctx.app.inject({ url: `/api/v2/capture/${accepted.token}` });
    expect(again.statusCode).toBe(404);
  });

  it('security: a link of an agent deactivated without the hand-back is dead too', async () => {
    const agent = await signIn(ctx.app, ctx.db, 'agent');
    const job = await agentJob(ctx.app, ctx.db, { ...c, agent });
    // As data from before deactivation handed jobs back: only the account's status changed.
    await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [agent.account.id]);
    expect((await ctx.app.inject({ url: `/api/v2/capture/${job.token}` })).statusCode).toBe(404);
    expect((await submit(ctx.app, job.token, goodFields(), await photoSet())).statusCode).toBe(404);
  });

  it('tells nobody and moves nothing when the agent has no open job', async () => {
    const agent = await signIn(ctx.app, ctx.db, 'agent');
    const before = await ctx.db.query('SELECT count(*)::int AS n FROM messages');
    expect((await setStatus(agent.account.id, 0)).statusCode).toBe(200);
    expect((await ctx.db.query('SELECT count(*)::int AS n FROM messages')).rows).toEqual(
      before.rows,
    );
  });
});
