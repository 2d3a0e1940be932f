import { describe, expect, it } from 'vitest';
import { assign } from '../capture/support';
import { createJob, setTat, signIn, submitEvidence } from '../jobs/support';
import { reviewTestApp } from '../agentApplications/support';

const { ctx, admin, newApplication, decide, get } = reviewTestApp();

describe('approved agents', () => {
  it('lists, searches and shows an agent with coverage, jobs and rating', async () => {
    const a = await newApplication({ first_name: 'Obinna', state: 'enugu', lgas: ['Nsukka'] });
    const agentId = (await decide('approve', a.id)).json().data.agent_id as string;
    const { headers: owner } = await signIn(ctx.app, ctx.db, 'company');
    await setTat(ctx.db, { state: 'enugu', audience: 'company' });
    await setTat(ctx.db, { state: 'enugu', audience: 'agent' });
    const job = await createJob(ctx.app, owner, {
      first_name: 'Chidi',
      last_name: 'Okeke',
      phone: '0803 123 4567',
      email: 'chidi@example.ng',
      address: '3 Ogui Road',
      landmark: 'Near the market',
      state: 'enugu',
      lga: 'enugu_north',
    });
    expect((await assign(ctx.app, admin, 'agent', agentId, [job.id])).statusCode).toBe(200);
    await submitEvidence(ctx.app, job.id);
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/job/appove-or-reject/${job.id}/approve`,
      headers: admin,
      payload: { rating: 4 },
    });
    expect(approved.statusCode).toBe(200);

    const search = await get('/user/approved-agents?search=obinna');
    expect((search.json() as { id: string }[]).map((r) => r.id)).toEqual([agentId]);
    const byLga = await get('/user/approved-agents?search=nsukka');
    expect((byLga.json() as { id: string }[]).map((r) => r.id)).toContain(agentId);

    const list = await get(`/agents?filter=${encodeURIComponent(JSON.stringify({ q: 'Obinna' }))}`);
    expect(list.headers['content-range']).toBe('agents 0-0/1');

    const one = await get(`/agents/${agentId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: agentId,
      code: expect.stringMatching(/^AGT-/),
      state: 'enugu',
      lgas: ['Nsukka'],
      bank_code: '011',
      account_number: '0000014579',
      jobs_total: 1,
      average_rating: 4,
      job_counts: { approved: 1, assigned: 0 },
      recent_jobs: [{ id: job.id, status: 'approved', rating: 4 }],
    });
    expect((await get(`/agents/${agentId}/photo`)).statusCode).toBe(200);
    expect((await get('/agents/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('offers an agent as an assignee with the state of their application', async () => {
    const application = await newApplication({
      first_name: 'Musa',
      state: 'oyo',
      lgas: ['Ibadan North'],
    });
    const agentId = (await decide('approve', application.id)).json().data.agent_id as string;
    const offered = (await get('/job/fetch-assignees/agent')).json() as {
      id: string;
      state: string | null;
    }[];
    expect(offered.find((a) => a.id === agentId)?.state).toBe('oyo');
  });

  it('offers only approved, active agents as assignees; assigning to anyone else is a 404', async () => {
    const approved = await newApplication({ first_name: 'Halima' });
    const agentId = (await decide('approve', approved.id)).json().data.agent_id as string;
    const pending = await newApplication({ first_name: 'Pending' });
    const rejected = await newApplication({ first_name: 'Rejected' });
    await decide('reject', rejected.id);
    const offered = async () =>
      ((await get('/job/fetch-assignees/agent')).json() as { id: string }[]).map((r) => r.id);
    expect(await offered()).toContain(agentId);

    const { headers: owner } = await signIn(ctx.app, ctx.db, 'company');
    const job = await createJob(ctx.app, owner);
    for (const id of [pending.id, rejected.id]) {
      expect(await offered()).not.toContain(id);
      expect((await assign(ctx.app, admin, 'agent', id, [job.id])).statusCode).toBe(404);
    }

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/agents/${agentId}`,
      headers: admin,
      payload: { status: 0 },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe(0);
    expect(await offered()).not.toContain(agentId);
    expect((await assign(ctx.app, admin, 'agent', agentId, [job.id])).statusCode).toBe(404);
    // still listed in agent management, as deactivated
    const listed = (await get('/user/approved-agents?search=halima')).json() as {
      status: number;
    }[];
    expect(listed.map((r) => r.status)).toEqual([0]);

    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/agents/${agentId}`,
      headers: admin,
      payload: { status: 1 },
    });
    expect(on.statusCode).toBe(200);
    expect((await assign(ctx.app, admin, 'agent', agentId, [job.id])).statusCode).toBe(200);
  });

  it('refuses a bad status and unknown agents', async () => {
    const patch = (id: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/v2/agents/${id}`, headers: admin, payload });
    const a = await newApplication();
    const agentId = (await decide('approve', a.id)).json().data.agent_id as string;
    const bad = await patch(agentId, { status: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('status');
    const { account } = await signIn(ctx.app, ctx.db, 'company');
    expect((await patch(account.id, { status: 0 })).statusCode).toBe(404);
    expect(
      (await ctx.db.query('SELECT status FROM accounts WHERE id = $1', [account.id])).rows[0],
    ).toEqual({ status: 1 });
  });
});

describe('access to agents and applications', () => {
  it('admin area only: viewing needs "User management (view)", deciding "Delete or Disable Account"', async () => {
    const a = await newApplication();
    const viewer = await signIn(ctx.app, ctx.db, 'staff', {
      permissions: ['User management (view)'],
    });
    const decider = await signIn(ctx.app, ctx.db, 'staff', {
      permissions: ['Delete or Disable Account'],
    });
    const company = await signIn(ctx.app, ctx.db, 'company');
    const reads = [
      '/user/list-pending-agents',
      '/agent-applications',
      `/agent-applications/${a.id}`,
      '/agents',
      '/user/approved-agents',
    ];
    for (const url of reads) {
      expect((await ctx.app.inject({ url: `/api/v2${url}` })).statusCode, url).toBe(401);
      expect((await get(url, company.headers)).statusCode, url).toBe(403);
      expect((await get(url, decider.headers)).statusCode, url).toBe(403);
      expect((await get(url, viewer.headers)).statusCode, url).toBe(200);
    }
    expect((await decide('approve', a.id, viewer.headers)).statusCode).toBe(403);
    expect((await decide('approve', a.id, company.headers)).statusCode).toBe(403);
    expect((await get(`/agent-applications/${a.id}`)).json().status).toBe('pending');
    expect((await decide('reject', a.id, decider.headers)).statusCode).toBe(200);
  });
});
