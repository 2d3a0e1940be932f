import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestContext } from '../helpers';
import {
  createJob,
  createJobsTestApp,
  makePartner,
  setTat,
  signIn,
  submitEvidence,
  type Headers,
  type Actor,
} from './support';

let ctx: TestContext;
let owner: Actor; // client company A
let partner: Actor; // partner company B
let outsider: Actor; // company C
let admin: Actor; // super-admin
let staff: Actor; // provider sub-admin, not a super-admin
let agent: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Partner Ltd',
    partner: true,
  });
  outsider = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Outsider Ltd',
    partner: true,
  });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  staff = await signIn(ctx.app, ctx.db, 'staff');
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await setTat(ctx.db, { audience: 'company', amountKobo: 250_000, hours: 48 });
  await setTat(ctx.db, { audience: 'agent', amountKobo: 100_050, hours: 24 });
});
afterAll(() => ctx.close());

const assign = (headers: Headers, type: string, id: string, list: string[]) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/${type}/${id}`,
    headers,
    payload: { list },
  });
const respond = (headers: Headers, answer: 'accept' | 'reject', jobId: string, reason?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/update-status/${answer}`,
    headers,
    payload: { jobId, ...(reason ? { reason } : {}) },
  });
const review = (headers: Headers, id: string, type: 'approve' | 'reject', payload: object = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/job/appove-or-reject/${id}/${type}`,
    headers,
    payload,
  });
const cancel = (headers: Headers, id: string, reason?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v2/job/${id}/cancel`,
    headers,
    payload: reason ? { reason } : {},
  });
const detail = async (headers: Headers, id: string) =>
  (await ctx.app.inject({ url: `/api/v2/job/detail/${id}`, headers })).json();

const lastEvent = async (id: string) => (await detail(owner.headers, id)).events.at(-1);

/** What a move would change: a refused one must leave all of it as it was. */
const moveState = async (id: string) => {
  const d = await detail(admin.headers, id);
  return { status: d.status, rating: d.rating, assignee: d.assignee_id, events: d.events.length };
};

describe('assigning', () => {
  it('assigns a company: due_at = assigned_at + tatInHours, fee from the TAT, an event', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const res = await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Job successfully Assigned');
    const [j] = res.json().data;
    expect(j).toMatchObject({
      status: 'assigned',
      assignee_type: 'company',
      assignee_id: partner.companyId,
      assignee_name: 'Partner Ltd',
      fee: 2500,
      price: 2500,
      overdue: false,
    });
    expect(new Date(j.due_at).getTime() - new Date(j.assigned_at).getTime()).toBe(48 * 3600_000);
    const d = await detail(owner.headers, job.id);
    expect(
      d.events.map((e: { from_status: string; to_status: string }) => [e.from_status, e.to_status]),
    ).toEqual([
      [null, 'pending'],
      ['pending', 'assigned'],
    ]);
    expect(d.events[1]).toMatchObject({
      actor_id: owner.account.id,
      reason: 'Assigned to Partner Ltd',
    });
  });

  it('lets a super-admin assign an agent with the Agent TAT', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const res = await assign(admin.headers, 'agent', agent.account.id, [job.id]);
    expect(res.statusCode).toBe(200);
    const [j] = res.json().data;
    expect(j).toMatchObject({ assignee_type: 'agent', assignee_id: agent.account.id, fee: 1000.5 });
    expect(j.assignee_name).toBe(`${agent.account.first_name} ${agent.account.last_name}`);
    expect(new Date(j.due_at).getTime() - new Date(j.assigned_at).getTime()).toBe(24 * 3600_000);
  });

  it('refuses agent assignees to anyone but a super-admin (403)', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const before = await moveState(job.id);
    expect((await assign(staff.headers, 'agent', agent.account.id, [job.id])).statusCode).toBe(403);
    expect((await assign(owner.headers, 'agent', agent.account.id, [job.id])).statusCode).toBe(403);
    expect(await moveState(job.id)).toEqual(before);
  });

  it('assigns all or none: one bad job leaves the others pending', async () => {
    const a = await createJob(ctx.app, owner.headers);
    const b = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [b.id]);
    expect((await respond(partner.headers, 'accept', b.id)).statusCode).toBe(200);
    const res = await assign(owner.headers, 'company', partner.companyId!, [a.id, b.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Cannot assign ${b.code}: it is accepted`);
    expect((await detail(owner.headers, a.id)).status).toBe('pending');
  });

  it('names the state, kind and audience of a missing TAT (400)', async () => {
    // Creating the job needed its Company price, so the Agent TAT is the one that can be missing.
    const job = await createJob(ctx.app, owner.headers, {
      type: 'product',
      product_name: 'Soap',
      brand: 'Clean',
      nafdac_number: 'A1-1234',
      inspection_address: '1 Road',
      state: 'kano',
      lga: 'Kano Municipal',
      contact_name: 'Musa',
      contact_phone: '08031234567',
    });
    const res = await assign(admin.headers, 'agent', agent.account.id, [job.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'No TAT is set for Kano / Product with audience Agent: only the provider can set one (Settings → Set Amount)',
    );
  });

  it("answers 404 for another company's job and 403 for a job merely assigned to you", async () => {
    const theirs = await createJob(ctx.app, outsider.headers);
    expect(
      (await assign(owner.headers, 'company', partner.companyId!, [theirs.id])).statusCode,
    ).toBe(404);
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    expect(
      (await assign(partner.headers, 'company', outsider.companyId!, [job.id])).statusCode,
    ).toBe(403);
  });

  it('refuses assigning a company its own jobs, and an unknown assignee', async () => {
    const job = await createJob(ctx.app, owner.headers);
    expect((await assign(owner.headers, 'company', owner.companyId!, [job.id])).statusCode).toBe(
      400,
    );
    // Even a partner never gets its own jobs.
    await makePartner(ctx.db, owner.companyId!);
    expect((await assign(admin.headers, 'company', owner.companyId!, [job.id])).statusCode).toBe(
      400,
    );
    await makePartner(ctx.db, owner.companyId!, false);
    const unknown = await assign(owner.headers, 'company', '00000000-0000-4000-8000-000000000000', [
      job.id,
    ]);
    expect(unknown.statusCode).toBe(404);
    expect((await assign(owner.headers, 'company', partner.companyId!, [])).statusCode).toBe(400);
  });

  it('reassigns an assigned job and assigns a declined one', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    const again = await assign(admin.headers, 'company', outsider.companyId!, [job.id]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].assignee_name).toBe('Outsider Ltd');
    await respond(outsider.headers, 'reject', job.id, 'Too far');
    const third = await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    expect(third.json().data[0].status).toBe('assigned');
  });
});

describe('accepting and declining', () => {
  it('lets the assignee company (its owner or sub-user) accept, with an event', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    const sub = await signIn(ctx.app, ctx.db, 'subuser', { companyOf: partner.companyId! });
    const res = await respond(sub.headers, 'accept', job.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('accepted');
    const again = await respond(partner.headers, 'accept', job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Cannot accept ${job.code}: it is accepted`);
    expect(await lastEvent(job.id)).toMatchObject({
      from_status: 'assigned',
      to_status: 'accepted',
      actor_id: sub.account.id,
    });
  });

  it('records the reason of a decline', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    const res = await respond(partner.headers, 'reject', job.id, 'No staff in Ikeja');
    expect(res.json().status).toBe('declined');
    expect((await detail(partner.headers, job.id)).events.at(-1)).toMatchObject({
      to_status: 'declined',
      reason: 'No staff in Ikeja',
    });
  });

  it('refuses anyone but the assignee: 403 if they see the job, 404 otherwise', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    const before = await moveState(job.id);
    expect((await respond(owner.headers, 'accept', job.id)).statusCode).toBe(403);
    expect((await respond(admin.headers, 'accept', job.id)).statusCode).toBe(403);
    expect((await respond(outsider.headers, 'accept', job.id)).statusCode).toBe(404);
    expect((await respond(outsider.headers, 'reject', job.id)).statusCode).toBe(404);
    expect(await moveState(job.id)).toEqual(before);
  });

  it('refuses to accept a pending job (409)', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await ctx.db.query(
      "UPDATE jobs SET assignee_type = 'company', assignee_company_id = $2 WHERE id = $1",
      [job.id, partner.companyId],
    );
    const res = await respond(partner.headers, 'accept', job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Cannot accept ${job.code}: it is pending`);
  });
});

describe('job access: only the assigned agent or company may accept or decline', () => {
  /** Agents do not sign in, but a token an agent holds must reach only the agent's own jobs. */
  async function agentHeaders(agentId: string): Promise<Headers> {
    const { sessionId } = await ctx.app.repos.sessions.start(agentId);
    const token = await ctx.app.accessTokens.sign({ sub: agentId, sid: sessionId });
    return { authorization: `Bearer ${token}` };
  }

  it('a job assigned to an agent: the owner and the provider may not answer for the agent', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(admin.headers, 'agent', agent.account.id, [job.id]);
    const before = await moveState(job.id);
    for (const who of [owner, admin]) {
      for (const answer of ['accept', 'reject'] as const) {
        const res = await respond(who.headers, answer, job.id);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(
          `Only the assignee may ${answer === 'accept' ? 'accept' : 'decline'} this job`,
        );
      }
      expect((await detail(who.headers, job.id)).actions).not.toContain('accept');
    }
    expect(await moveState(job.id)).toEqual(before);
  });

  it('an agent works through capture links only: a signed-in agent is refused every job call', async () => {
    const me = await signIn(ctx.app, ctx.db, 'agent');
    const mine = await createJob(ctx.app, owner.headers);
    await assign(admin.headers, 'agent', me.account.id, [mine.id]);
    const headers = await agentHeaders(me.account.id);
    const before = await moveState(mine.id);

    expect((await ctx.app.inject({ url: '/api/v2/jobs', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/v2/jobs/${mine.id}`, headers })).statusCode).toBe(
      403,
    );
    expect((await respond(headers, 'accept', mine.id)).statusCode).toBe(403);
    expect(await moveState(mine.id)).toEqual(before);
  });

  it('a company that is neither the assignee nor the owner: 404; the owner company: 403', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    await assign(owner.headers, 'company', outsider.companyId!, [job.id]);
    const before = await moveState(job.id);
    expect((await respond(partner.headers, 'accept', job.id)).statusCode).toBe(404);
    expect((await respond(owner.headers, 'reject', job.id)).statusCode).toBe(403);
    expect(await moveState(job.id)).toEqual(before);
    expect((await respond(outsider.headers, 'accept', job.id)).statusCode).toBe(200);
  });
});

describe('approving and rejecting', () => {
  async function submittedJob() {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    await respond(partner.headers, 'accept', job.id);
    await submitEvidence(ctx.app, job.id);
    return job;
  }

  it('lets the owner approve with a rating', async () => {
    const job = await submittedJob();
    const res = await review(owner.headers, job.id, 'approve', { rating: 4, reason: 'Well done' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', rating: 4 });
    expect(await lastEvent(job.id)).toMatchObject({
      from_status: 'submitted',
      to_status: 'approved',
      reason: 'Well done',
    });
  });

  it('lets an admin reject', async () => {
    const job = await submittedJob();
    const res = await review(admin.headers, job.id, 'reject', {
      reason: 'Blurred photo',
      rating: 2,
    });
    expect(res.json()).toMatchObject({ status: 'rejected', rating: 2 });
  });

  it('refuses jobs that are not submitted (409 naming the status)', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const res = await review(owner.headers, job.id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Cannot approve ${job.code}: it is pending`);
  });

  it('refuses the assignee (403), another company (404) and a bad rating (400)', async () => {
    const job = await submittedJob();
    const before = await moveState(job.id);
    expect((await review(partner.headers, job.id, 'approve')).statusCode).toBe(403);
    expect((await review(outsider.headers, job.id, 'approve')).statusCode).toBe(404);
    expect((await review(owner.headers, job.id, 'approve', { rating: 6 })).statusCode).toBe(400);
    expect((await review(owner.headers, job.id, 'approve', { rating: 3.5 })).statusCode).toBe(400);
    expect(await moveState(job.id)).toEqual(before);
  });

  it('rates the assignee in the assignee list (average of reviewed jobs)', async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/job/fetch-assignees/company',
      headers: outsider.headers,
    });
    const p = res.json().find((a: { id: string }) => a.id === partner.companyId);
    expect(p.total_ratings).toBe(3); // 4 and 2
  });
});

describe('cancelling', () => {
  it('lets the owner cancel before submission, with the reason', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const res = await cancel(owner.headers, job.id, 'Customer withdrew');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const again = await cancel(owner.headers, job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Cannot cancel ${job.code}: it is cancelled`);
  });

  it('refuses after submission, to the assignee, and to other companies', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    const assigned = await moveState(job.id);
    expect((await cancel(partner.headers, job.id)).statusCode).toBe(403);
    expect((await cancel(outsider.headers, job.id)).statusCode).toBe(404);
    expect(await moveState(job.id)).toEqual(assigned);
    await submitEvidence(ctx.app, job.id);
    // Capture accepted it, then submitted it: two events more.
    const submitted = { ...assigned, status: 'submitted', events: assigned.events + 2 };
    expect(await moveState(job.id)).toEqual(submitted);
    const res = await cancel(admin.headers, job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Cannot cancel ${job.code}: it is submitted`);
    expect(await moveState(job.id)).toEqual(submitted);
  });

  it('job moves: cancels an accepted job and a declined one', async () => {
    const accepted = await createJob(ctx.app, owner.headers);
    const declined = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [accepted.id, declined.id]);
    await respond(partner.headers, 'accept', accepted.id);
    await respond(partner.headers, 'reject', declined.id);
    for (const [job, from] of [
      [accepted, 'accepted'],
      [declined, 'declined'],
    ] as const) {
      const res = await cancel(owner.headers, job.id, 'No longer needed');
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('cancelled');
      expect(await lastEvent(job.id)).toMatchObject({
        from_status: from,
        to_status: 'cancelled',
        reason: 'No longer needed',
        actor_id: owner.account.id,
      });
    }
  });
});

describe('detail: actions and overdue', () => {
  it('offers each user the actions they may take now', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const pending = await detail(owner.headers, job.id);
    expect(pending.actions).toEqual(['assign', 'cancel']);
    // Never assigned: no times rather than the epoch.
    expect(pending).toMatchObject({ assigned_at: null, due_at: null });
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    expect((await detail(partner.headers, job.id)).actions).toEqual(['accept', 'decline']);
    expect((await detail(admin.headers, job.id)).actions).toEqual(['assign', 'cancel']);
    await submitEvidence(ctx.app, job.id);
    expect((await detail(owner.headers, job.id)).actions).toEqual(['approve', 'reject']);
    expect((await detail(partner.headers, job.id)).actions).toEqual([]);
  });

  it('offers only the actions whose right the user holds, and refuses the others', async () => {
    const seer = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['View Job History'] });
    const creator = await signIn(ctx.app, ctx.db, 'staff', {
      permissions: ['View Job History', 'Create Job'],
    });
    const reviewer = await signIn(ctx.app, ctx.db, 'staff', {
      permissions: ['View Job History', 'View Job Stages'],
    });
    const partnerSeer = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: partner.companyId!,
      permissions: ['View Job History'],
    });
    const partnerStages = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: partner.companyId!,
      permissions: ['View Job History', 'View Job Stages'],
    });
    const job = await createJob(ctx.app, owner.headers);
    expect((await detail(seer.headers, job.id)).actions).toEqual([]);
    expect((await detail(creator.headers, job.id)).actions).toEqual(['assign', 'cancel']);
    expect((await detail(reviewer.headers, job.id)).actions).toEqual([]);
    expect((await assign(seer.headers, 'company', partner.companyId!, [job.id])).statusCode).toBe(
      403,
    );
    expect((await cancel(reviewer.headers, job.id)).statusCode).toBe(403);

    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    expect((await detail(partnerSeer.headers, job.id)).actions).toEqual([]);
    expect((await respond(partnerSeer.headers, 'accept', job.id)).statusCode).toBe(403);
    expect((await detail(partnerStages.headers, job.id)).actions).toEqual(['accept', 'decline']);

    await submitEvidence(ctx.app, job.id);
    expect((await detail(creator.headers, job.id)).actions).toEqual([]);
    expect((await review(creator.headers, job.id, 'approve')).statusCode).toBe(403);
    expect((await detail(reviewer.headers, job.id)).actions).toEqual(['approve', 'reject']);
    expect((await review(reviewer.headers, job.id, 'approve', { rating: 4 })).statusCode).toBe(200);
  });

  it("is 404 for another company's job", async () => {
    const job = await createJob(ctx.app, owner.headers);
    const res = await ctx.app.inject({
      url: `/api/v2/job/detail/${job.id}`,
      headers: outsider.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('marks a job past due_at and not yet submitted as overdue', async () => {
    const job = await createJob(ctx.app, owner.headers);
    await assign(owner.headers, 'company', partner.companyId!, [job.id]);
    await ctx.db.query("UPDATE jobs SET due_at = now() - interval '1 minute' WHERE id = $1", [
      job.id,
    ]);
    expect((await detail(owner.headers, job.id)).overdue).toBe(true);
    await submitEvidence(ctx.app, job.id);
    expect((await detail(owner.headers, job.id)).overdue).toBe(false);
  });
});

describe('GET /job/fetch-assignees/{type}', () => {
  it('lists partner companies but your own, by company name and code, never the owner', async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/job/fetch-assignees/company',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((a: { id: string }) => a.id);
    expect(ids).toContain(partner.companyId);
    expect(ids).not.toContain(owner.companyId);
    expect(list.find((a: { id: string }) => a.id === outsider.companyId)).toEqual({
      id: outsider.companyId,
      company_name: 'Outsider Ltd',
      full_name: 'Outsider Ltd',
      first_name: 'Outsider Ltd',
      last_name: '',
      name: 'Outsider Ltd',
      code: outsider.account.unique_code,
      state: null,
      created_time: expect.any(String),
      total_ratings: 0,
    });
  });

  it('lists active agents for super-admins only', async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/job/fetch-assignees/agent',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        id: agent.account.id,
        full_name: `${agent.account.first_name} ${agent.account.last_name}`,
        company_name: null,
      }),
    );
    const boss = await signIn(ctx.app, ctx.db, 'boss'); // SUPER_ADMIN_EMAILS is boss@provider.ng only
    expect(boss.account.email).not.toBe('boss@provider.ng');
    expect(
      (await ctx.app.inject({ url: '/api/v2/job/fetch-assignees/agent', headers: staff.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/v2/job/fetch-assignees/agent', headers: owner.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('includes an agent made like `npm run user:create -- --role agent`', async () => {
    const { account } = await createUser(ctx.db, {
      role: 'agent',
      first_name: 'Ibrahim',
      last_name: 'Musa',
    });
    expect(account.company_id).toBeNull();
    const res = await ctx.app.inject({
      url: '/api/v2/job/fetch-assignees/agent',
      headers: admin.headers,
    });
    expect(res.json()).toContainEqual(
      expect.objectContaining({ id: account.id, full_name: 'Ibrahim Musa', name: 'Ibrahim Musa' }),
    );
  });

  it('refuses an unknown type', async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/job/fetch-assignees/robot',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
