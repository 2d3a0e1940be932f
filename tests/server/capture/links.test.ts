import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../../../server/services/throttles';
import { count, lastMailLink, mailsTo, type TestContext } from '../helpers';
import { createJob, createJobsTestApp, moveThrough, signIn, submitEvidence } from '../jobs/support';
import { agentJob, assign, cast, detail, partnerJob, tokenOf, type Cast } from './support';

let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const open = (token: string) => ctx.app.inject({ url: `/api/v2/capture/${token}` });

describe('links on assignment to an agent', () => {
  it('mails the agent a link of 256 random bits; only its hash is looked up', async () => {
    const { job, link, token } = await agentJob(ctx.app, ctx.db, c);
    expect(link.origin).toBe('http://backoffice.test');
    expect(link.pathname).toBe(`/automatic-address-verification/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = (await mailsTo(ctx.db, c.agent.account.email)).at(-1)!;
    expect(mail.subject).toBe(`New verification job ${job.code}`);
    expect(mail.text).toContain('12 Allen Avenue, Ikeja, Lagos');
    // The table holds the hash and a sealed copy, never the token itself.
    const rows = await ctx.db.query<Record<string, unknown>>(
      'SELECT * FROM capture_tokens WHERE job_id = $1',
      [job.id],
    );
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    expect(rows.rows[0]!.agent_id).toBe(c.agent.account.id);
  });

  it('one mail for several jobs, one link each', async () => {
    const a = await createJob(ctx.app, c.owner.headers);
    const b = await createJob(ctx.app, c.owner.headers);
    const res = await assign(ctx.app, c.admin.headers, 'agent', c.agent.account.id, [a.id, b.id]);
    expect(res.statusCode).toBe(200);
    const mail = (await mailsTo(ctx.db, c.agent.account.email)).at(-1)!;
    expect(mail.subject).toBe('2 new verification jobs');
    const links = mail.text.match(/https?:\/\/\S+/g)!;
    expect(new Set(links).size).toBe(2);
    for (const l of links) expect((await open(tokenOf(l))).statusCode).toBe(200);
  });
});

describe('GET /capture/{token}', () => {
  it('shows what the agent needs and nothing more', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      job: {
        code: job.code,
        type: 'address',
        subject_name: 'Chidi Okeke',
        address: '12 Allen Avenue',
        landmark: 'Opposite the filling station',
        state: 'Lagos',
        lga: expect.stringMatching(/^ikeja$/i),
        due_at: expect.any(String),
      },
      status: 'accepted',
      // the notice before the first photo says how long the data is kept: the server's setting
      retention_days: ctx.app.config.retentionDays,
    });
    const text = res.body;
    expect(text).not.toContain('0803');
    expect(text).not.toContain('+234');
    expect(text).not.toContain('chidi@example.ng');
    expect(text).not.toContain(job.id);
    expect(text).not.toContain(c.agent.account.id);
    expect(text).not.toContain(c.owner.companyId);
  });

  it('accepts an assigned job on first open, once, with an event by the agent', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    expect((await open(token)).json().status).toBe('accepted');
    expect((await open(token)).json().status).toBe('accepted');
    const d = await detail(ctx.app, c.admin.headers, job.id);
    expect(d.status).toBe('accepted');
    const accepts = d.events.filter((e: { to_status: string }) => e.to_status === 'accepted');
    expect(accepts).toHaveLength(1);
    expect(accepts[0]).toMatchObject({
      from_status: 'assigned',
      actor_id: c.agent.account.id,
      reason: 'Accepted by opening the capture link',
    });
  });

  it('404s unknown and malformed tokens', async () => {
    for (const t of ['x'.repeat(43), 'short', 'a.b', 'a'.repeat(90)]) {
      const res = await open(t);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This capture link is invalid or has expired');
    }
    expect((await open('%2e%2e')).statusCode).toBe(404);
  });

  it('404s the old link after reassignment; the new agent gets a working one', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const other = await signIn(ctx.app, ctx.db, 'agent');
    const res = await assign(ctx.app, c.admin.headers, 'agent', other.account.id, [job.id]);
    expect(res.statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(404);
    const fresh = tokenOf(await lastMailLink(ctx.db, other.account.email));
    expect((await open(fresh)).statusCode).toBe(200);
  });

  it('404s after reassignment to a company', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    // An agent's job can be declined and given to a partner instead.
    await moveThrough(ctx.app, job.id, () => [{ action: 'decline', reason: 'Too far' }]);
    const res = await assign(ctx.app, c.owner.headers, 'company', c.partner.companyId!, [job.id]);
    expect(res.statusCode).toBe(200);
    expect((await open(token)).statusCode).toBe(404);
  });

  it('404s once the job is cancelled', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/cancel`,
      headers: c.owner.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const got = await open(token);
    expect(got.statusCode).toBe(404);
    expect(got.json().message).toBe(`${job.code} is no longer open for capture`);
  });

  it('404s an expired link', async () => {
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    await ctx.db.query(
      `UPDATE capture_tokens SET expires_at = now() - interval '1 minute' WHERE job_id = $1`,
      [job.id],
    );
    expect((await open(token)).statusCode).toBe(404);
  });
});

describe('POST /job/{id}/capture-link', () => {
  const createLink = (headers: Record<string, string>, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v2/job/${id}/capture-link`, headers });

  it('the partner company gets a link; a new one replaces it', async () => {
    const { job, url, token } = await partnerJob(ctx.app, c);
    expect(url).toBe(`http://backoffice.test/automatic-address-verification/${token}`);
    expect((await open(token)).statusCode).toBe(200);
    // accepted by opening: the event names nobody (a partner's link is not a person)
    const d = await detail(ctx.app, c.partner.headers, job.id);
    expect(d.status).toBe('accepted');
    expect(d.capture).toMatchObject({
      has_link: true,
      // a PUBLIC_URL phones can reach: no warning
      link: { url, expires_at: expect.any(String), loopback_public_url: null },
      submission: null,
    });
    const again = await createLink(c.admin.headers, job.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().loopback_public_url).toBeNull();
    expect(again.json().token).not.toBe(token);
    expect((await open(token)).statusCode).toBe(404);
    expect((await open(again.json().token)).statusCode).toBe(200);
    expect(
      await count(ctx.db, 'capture_tokens WHERE job_id = $1 AND revoked_at IS NULL', [job.id]),
    ).toBe(1);
  });

  it('the owner sees that a link exists, not the link; others get 403/404', async () => {
    const { job } = await partnerJob(ctx.app, c);
    const d = await detail(ctx.app, c.owner.headers, job.id);
    expect(d.capture).toEqual({
      has_link: true,
      sms: null,
      link: null,
      submission: null,
      checks: null,
    });
    expect((await createLink(c.owner.headers, job.id)).statusCode).toBe(403);
    expect((await createLink(c.outsider.headers, job.id)).statusCode).toBe(404);
  });

  it('409 for a job not open for capture; provider staff re-mail an agent', async () => {
    const pending = await createJob(ctx.app, c.owner.headers);
    expect((await createLink(c.admin.headers, pending.id)).statusCode).toBe(403);
    const { job, token } = await agentJob(ctx.app, ctx.db, c);
    const res = await createLink(c.admin.headers, job.id);
    expect(res.statusCode).toBe(201);
    expect(tokenOf(await lastMailLink(ctx.db, c.agent.account.email))).toBe(res.json().token);
    expect((await open(token)).statusCode).toBe(404);
    await submitEvidence(ctx.app, job.id);
    expect((await createLink(c.admin.headers, job.id)).statusCode).toBe(409);
  });
});

describe('a loopback PUBLIC_URL', () => {
  it('is named with every link shown, so the job page can warn that phones cannot open it', async () => {
    const local = await createJobsTestApp({ publicUrl: 'http://localhost:3000' });
    try {
      const lc = await cast(local.app, local.db);
      const { job, url } = await partnerJob(local.app, lc);
      expect(url).toMatch(/^http:\/\/localhost:3000\/automatic-address-verification\//);
      const d = await detail(local.app, lc.partner.headers, job.id);
      expect(d.capture.link.loopback_public_url).toBe('http://localhost:3000');
      const again = await local.app.inject({
        method: 'POST',
        url: `/api/v2/job/${job.id}/capture-link`,
        headers: lc.partner.headers,
      });
      expect(again.json().loopback_public_url).toBe('http://localhost:3000');
    } finally {
      await local.close();
    }
  });
});

describe('GET /capture/my-jobs/{token}', () => {
  it("lists the agent's open jobs with their links, without accepting them", async () => {
    const agent = await signIn(ctx.app, ctx.db, 'agent');
    const jobs = [
      await createJob(ctx.app, c.owner.headers),
      await createJob(ctx.app, c.owner.headers),
    ];
    await assign(ctx.app, c.admin.headers, 'agent', agent.account.id, [jobs[0]!.id]);
    const first = tokenOf(await lastMailLink(ctx.db, agent.account.email));
    await assign(ctx.app, c.admin.headers, 'agent', agent.account.id, [jobs[1]!.id]);
    const second = tokenOf(await lastMailLink(ctx.db, agent.account.email));
    const res = await ctx.app.inject({ url: `/api/v2/capture/my-jobs/${first}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      code: string;
      url: string;
      current: boolean;
      status: string;
    }[];
    expect(data.map((j) => j.code).sort()).toEqual(jobs.map((j) => j.code).sort());
    const byCode = new Map(data.map((j) => [j.code, j]));
    expect(tokenOf(byCode.get(jobs[0]!.code)!.url)).toBe(first);
    expect(tokenOf(byCode.get(jobs[1]!.code)!.url)).toBe(second);
    expect(byCode.get(jobs[0]!.code)!.current).toBe(true);
    expect(data.every((j) => j.status === 'assigned')).toBe(true);
    expect(res.body).not.toContain('0803');
    expect(
      (await ctx.app.inject({ url: `/api/v2/capture/my-jobs/${'y'.repeat(43)}` })).statusCode,
    ).toBe(404);
  });

  it("a partner's link lists only its own job", async () => {
    await partnerJob(ctx.app, c);
    const { job, token } = await partnerJob(ctx.app, c);
    const res = await ctx.app.inject({ url: `/api/v2/capture/my-jobs/${token}` });
    expect(res.json().data.map((j: { code: string }) => j.code)).toEqual([job.code]);
  });
});

const guesser = '203.0.113.7';
const neighbour = '203.0.113.8';
const openFrom = (token: string, remoteAddress: string) =>
  ctx.app.inject({ url: `/api/v2/capture/${token}`, remoteAddress });
const unknownToken = (i: number) => `${'x'.repeat(40)}${String(i).padStart(3, '0')}`;
const { limit: maxMissesPerIp, bucket: missBucket } = throttles.captureMissesPerIp;

describe('guessing capture links', () => {
  it(`stops an IP after ${maxMissesPerIp} unknown links in the window, with Retry-After`, async () => {
    const { token } = await agentJob(ctx.app, ctx.db, c);
    for (let i = 0; i < maxMissesPerIp; i++) {
      // Malformed tokens count as well as well-formed unknown ones.
      const res = await openFrom(i % 2 ? unknownToken(i) : `bad!${i}`, guesser);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await openFrom(unknownToken(999), guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many invalid capture links from this network. Please wait 15 minutes and try again.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // Another IP's real link is not held up, and real links are not misses.
    expect((await openFrom(token, neighbour)).statusCode).toBe(200);
    const misses = await ctx.db.query<{ key: string; hits: number }>(
      `SELECT key, hits FROM rate_limits WHERE bucket = $1 AND key LIKE '203.0.113.%'`,
      [missBucket],
    );
    expect(misses.rows).toEqual([{ key: guesser, hits: maxMissesPerIp }]);
  });

  it('forgets misses older than the window', async () => {
    expect((await openFrom(unknownToken(1), guesser)).statusCode).toBe(429);
    await ctx.db.query(
      `UPDATE rate_limits SET window_start = now() - interval '16 minutes' WHERE key = $1`,
      [guesser],
    );
    expect((await openFrom(unknownToken(1), guesser)).statusCode).toBe(404);
  });
});
