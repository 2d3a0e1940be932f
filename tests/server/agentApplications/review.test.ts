import { describe, expect, it } from 'vitest';
import { count, mailsTo } from '../helpers';
import { signIn } from '../jobs/support';
import { apply, reviewTestApp } from './support';

const { ctx, photo, newApplication, decide, get } = reviewTestApp();

describe('reviewing agent applications', () => {
  it('lists pending applications, oldest first, and shows one', async () => {
    const a = await newApplication();
    const b = await newApplication();
    const pending = (await get('/user/list-pending-agents')).json() as { id: string }[];
    const ids = pending.map((p) => p.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));

    const one = await get(`/agent-applications/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      status: 'pending',
      state: 'kano',
      state_name: 'Kano',
      bank_name: 'First Bank of Nigeria',
      photo_url: `/api/v2/agent-applications/${a.id}/photo`,
    });
    const pic = await get(`/agent-applications/${a.id}/photo`);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.headers['cache-control']).toBe('private, no-store');
  });

  it('serves the simple-rest list with Content-Range, filters and getMany', async () => {
    const a = await newApplication({ first_name: 'Zainab' });
    const res = await get(
      `/agent-applications?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', q: 'zainab' }))}&range=[0,9]`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toMatch(/^agent-applications 0-\d+\/\d+$/);
    expect((res.json() as { id: string }[]).map((r) => r.id)).toContain(a.id);
    const many = await get(
      `/agent-applications?filter=${encodeURIComponent(JSON.stringify({ id: [a.id] }))}`,
    );
    expect((many.json() as { id: string }[]).map((r) => r.id)).toEqual([a.id]);
    const bad = await get(`/agent-applications?filter=${encodeURIComponent('{"status":"maybe"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/filter\.status/);
  });

  it('approving creates an active agent account, mails the applicant, and a second decision is a 409', async () => {
    const a = await newApplication();
    const res = await decide('approve', a.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { status: string; agent_id: string };
    expect(data.status).toBe('approved');
    const account = (
      await ctx.db.query('SELECT role, status, email FROM accounts WHERE id = $1', [data.agent_id])
    ).rows[0];
    expect(account).toEqual({ role: 'agent', status: 1, email: a.email });
    await ctx.app.mailer.idle();
    expect((await mailsTo(ctx.db, a.email)).at(-1)?.subject).toBe(
      'Your field agent application is approved',
    );

    for (const action of ['approve', 'reject']) {
      const again = await decide(action, a.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/has already been approved/);
    }
    expect(await count(ctx.db, 'accounts WHERE lower(email) = lower($1)', [a.email])).toBe(1);
  });

  it('rejecting makes no account, mails the applicant, and lets them apply again', async () => {
    const a = await newApplication();
    const res = await decide('reject', a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('rejected');
    expect(await count(ctx.db, 'accounts WHERE lower(email) = lower($1)', [a.email])).toBe(0);
    await ctx.app.mailer.idle();
    const mail = (await mailsTo(ctx.db, a.email)).at(-1);
    expect(mail?.subject).toBe('Your field agent application');
    expect(mail?.text).toMatch(/unable to approve/);
    expect((await decide('approve', a.id)).statusCode).toBe(409);
    const again = await apply(ctx.app, { ...a.fields }, { data: photo() });
    expect(again.statusCode).toBe(201);
  });

  it('refuses to approve when the email already has an account (409), creating nothing', async () => {
    const { account } = await signIn(ctx.app, ctx.db, 'company');
    const a = await newApplication({ email: account.email });
    const res = await decide('approve', a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
    const row = (await get(`/agent-applications/${a.id}`)).json();
    expect(row.status).toBe('pending');
  });

  it.each(['email', 'phone', 'nin'] as const)(
    'refuses to approve a second application with the same %s (409 naming the approved one), creating no second agent',
    async (field) => {
      const a = await newApplication();
      const b = await newApplication({
        [field]: field === 'email' ? a.email.toUpperCase() : (a.fields[field] as string),
      });
      expect((await get(`/agent-applications/${b.id}`)).json().duplicates).toEqual([field]);
      expect((await decide('approve', a.id)).statusCode).toBe(200);
      const agents = await count(ctx.db, "accounts WHERE role = 'agent'");
      const res = await decide('approve', b.id);
      expect(res.statusCode, res.body).toBe(409);
      const approved = (await get(`/agent-applications/${a.id}`)).json();
      expect(res.json().message).toMatch(new RegExp(`^${approved.code} is already approved`));
      expect(await count(ctx.db, "accounts WHERE role = 'agent'")).toBe(agents);
      expect((await get(`/agent-applications/${b.id}`)).json().status).toBe('pending');
      // Rejecting the duplicate is how it is sorted out.
      expect((await decide('reject', b.id)).statusCode).toBe(200);
    },
  );

  it('has the database refuse a second approved application of one person', async () => {
    const a = await newApplication();
    const b = await newApplication({ nin: a.fields.nin as string });
    expect((await decide('approve', a.id)).statusCode).toBe(200);
    const other = await signIn(ctx.app, ctx.db, 'agent');
    await expect(
      ctx.db.query(
        `UPDATE agent_applications SET status = 'approved', decided_at = now(), account_id = $2
          WHERE id = $1`,
        [b.id, other.account.id],
      ),
    ).rejects.toThrow(/agent_applications_approved_nin_key/);
  });

  it('security: the decision mails hold nothing the application wrote', async () => {
    const a = await newApplication({ first_name: 'See http://evil.example' });
    const b = await newApplication({ first_name: 'See http://evil.example' });
    expect((await decide('approve', a.id)).statusCode).toBe(200);
    expect((await decide('reject', b.id)).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    for (const to of [a.email, b.email]) {
      for (const mail of await mailsTo(ctx.db, to)) expect(mail.text).not.toContain('evil.example');
    }
  });

  it('answers 404 for an unknown application and 400 for a bad action or id', async () => {
    expect((await decide('approve', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await decide('maybe', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(400);
    const bad = await decide('approve', 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');
  });
});
