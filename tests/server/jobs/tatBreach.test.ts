import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueNames } from '../../../server/services/queue';
import { mailsTo, type TestContext } from '../helpers';
import { quickWebhooks, register, startReceiver } from '../webhooks/support';
import {
  createJob,
  createJobsTestApp,
  moveThrough,
  setTat,
  signIn,
  submitEvidence,
  type Actor,
  type Headers,
} from './support';

let ctx: TestContext;
let owner: Actor;
let partner: Actor;
let admin: Actor; // assigns to agents, as only the provider's heads may
let agent: Actor;

beforeAll(async () => {
  // Webhooks to a receiver on this machine, retried within milliseconds.
  ctx = await createJobsTestApp({ webhooks: quickWebhooks });
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Partner Ltd',
    partner: true,
  });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await setTat(ctx.db, { audience: 'company', hours: 48 });
  await setTat(ctx.db, { audience: 'agent', hours: 24 });
});
afterAll(() => ctx.close());

const assign = async (type: 'company' | 'agent', id: string, jobIds: string[]) => {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/${type}/${id}`,
    headers: type === 'agent' ? admin.headers : owner.headers,
    payload: { list: jobIds },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const detail = async (headers: Headers, id: string) =>
  (await ctx.app.inject({ url: `/api/v2/job/detail/${id}`, headers })).json();

/** The deadline moved `minutes` into the past, as time passing would. */
const dueAgo = (ids: string[], minutes: number) =>
  ctx.db.query(
    `UPDATE jobs SET due_at = now() - make_interval(mins => $2) WHERE id = ANY($1::uuid[])`,
    [ids, minutes],
  );

/** Runs the queue's check now, as its schedule would, and waits for it and its mail. */
async function check() {
  await ctx.app.queue.send(queueNames.tatBreach, {}, { singletonKey: `test-${Math.random()}` });
  await ctx.app.queue.settled([queueNames.tatBreach, queueNames.mail]);
}

const inbox = async (a: Actor) =>
  (
    await ctx.db.query<{ subject: string; body: string }>(
      `SELECT m.subject, m.body FROM messages m
         JOIN message_deliveries d ON d.message_id = m.id WHERE d.recipient_id = $1
        ORDER BY m.created_at`,
      [a.account.id],
    )
  ).rows;

describe('TAT breach', () => {
  it('writes an overdue event, tells the agent and the owner once, and the dashboard counts it', async () => {
    const late = await createJob(ctx.app, owner.headers);
    const onTime = await createJob(ctx.app, owner.headers);
    await assign('agent', agent.account.id, [late.id, onTime.id]);
    const overdueCount = async () =>
      (await ctx.app.inject({ url: '/api/v2/job/summary/counts', headers: owner.headers })).json()
        .overdue as number;
    const overdueBefore = await overdueCount();
    await dueAgo([late.id], 2);

    await check();

    const events = (await detail(owner.headers, late.id)).events;
    expect(events.at(-1)).toMatchObject({
      kind: 'overdue',
      from_status: 'assigned',
      to_status: 'assigned',
      reason: 'Turnaround time passed without a submission',
    });
    expect((await detail(owner.headers, late.id)).status).toBe('assigned');
    expect((await detail(owner.headers, onTime.id)).events.at(-1).kind).toBe('move');

    const toAgent = await inbox(agent);
    expect(toAgent.at(-1)!.subject).toBe(`${late.code} is past its turnaround time`);
    expect(toAgent.at(-1)!.body).toContain('Please visit and submit the verification');
    const toOwner = await inbox(owner);
    expect(toOwner.at(-1)!.subject).toBe(`${late.code} is past its turnaround time`);
    expect(toOwner.at(-1)!.body).toContain('The assignee has been told.');
    // Agents get the message itself by mail; users a notice that it waits for them.
    expect((await mailsTo(ctx.db, agent.account.email)).at(-1)!.text).toContain(late.code);
    expect((await mailsTo(ctx.db, owner.account.email)).at(-1)!.subject).toBe(
      `New message: ${late.code} is past its turnaround time`,
    );
    expect(await overdueCount()).toBe(overdueBefore + 1);

    // Found once per deadline: the next run tells nobody again.
    const agentMessages = toAgent.length;
    await check();
    expect(await inbox(agent)).toHaveLength(agentMessages);
    const overdueEvents = (await detail(owner.headers, late.id)).events.filter(
      (e: { kind: string }) => e.kind === 'overdue',
    );
    expect(overdueEvents).toHaveLength(1);
  });

  it('tells a partner company through its owner, in one message for all its late jobs', async () => {
    const jobs = [await createJob(ctx.app, owner.headers), await createJob(ctx.app, owner.headers)];
    await assign(
      'company',
      partner.companyId!,
      jobs.map((j) => j.id),
    );
    await dueAgo(
      jobs.map((j) => j.id),
      1,
    );
    const before = (await inbox(partner)).length;
    await check();
    const got = (await inbox(partner)).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toBe('2 jobs are past their turnaround time');
    for (const j of jobs) expect(got[0]!.body).toContain(j.code);
  });

  it('leaves submitted and reassigned-in-time jobs alone, and tells a new deadline again', async () => {
    const submitted = await createJob(ctx.app, owner.headers);
    const again = await createJob(ctx.app, owner.headers);
    await assign('agent', agent.account.id, [submitted.id, again.id]);
    await submitEvidence(ctx.app, submitted.id);
    await dueAgo([submitted.id, again.id], 5);
    await check();
    expect(
      (await detail(owner.headers, submitted.id)).events.some(
        (e: { kind: string }) => e.kind === 'overdue',
      ),
    ).toBe(false);

    // Declined, assigned again with a new deadline, and late again: told a second time.
    await moveThrough(ctx.app, again.id, () => [
      { action: 'decline', reason: 'Agent unreachable' },
    ]);
    await assign('agent', agent.account.id, [again.id]);
    await dueAgo([again.id], 1);
    await check();
    const overdue = (await detail(owner.headers, again.id)).events.filter(
      (e: { kind: string }) => e.kind === 'overdue',
    );
    expect(overdue).toHaveLength(2);
  });

  it('queues the next check at the next deadline, so a breach is found when it happens', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign('agent', agent.account.id, [job.id]);
    await ctx.db.query(`UPDATE jobs SET due_at = now() + interval '3 seconds' WHERE id = $1`, [
      job.id,
    ]);
    await check(); // nothing late yet: it queues itself for the deadline
    await expect
      .poll(
        async () =>
          (await detail(owner.headers, job.id)).events.some(
            (e: { kind: string }) => e.kind === 'overdue',
          ),
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
  });

  it('sends a job.overdue webhook to the owner company, signed like every event', async () => {
    const receiver = await startReceiver();
    try {
      await register(ctx.app, owner.headers, receiver.url, ['job.overdue']);
      const job = await createJob(ctx.app, owner.headers);
      await assign('agent', agent.account.id, [job.id]);
      await dueAgo([job.id], 1);
      await check();
      await ctx.app.queue.settled();
      const overdue = receiver.received.filter((r) => r.body.type === 'job.overdue');
      expect(overdue.map((r) => r.body.data.job.code)).toEqual([job.code]);
      expect(overdue[0]!.headers['x-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    } finally {
      await receiver.close();
    }
  });
});
