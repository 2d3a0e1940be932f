import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../../../server/services/throttles';
import { count, createTestApp, mailsTo, type TestContext } from '../helpers';
import { signIn } from '../jobs/support';
import { get, message, messageCast, send, unreadCount } from './support';

let ctx: TestContext;
let c: Awaited<ReturnType<typeof messageCast>>;

beforeAll(async () => {
  ctx = await createTestApp();
  c = await messageCast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

/** `n` active agents inserted at once (their passwords never used). */
async function addAgents(n: number, status = 1) {
  await ctx.db.query(
    `INSERT INTO accounts (unique_code, role, first_name, last_name, email, password_hash, status)
     SELECT 'AGT-B' || $2 || '-' || i, 'agent', 'Agent', 'No' || i,
            'agent' || $2 || '-' || i || '@field.ng', 'x', $3
       FROM generate_series(1, $1) AS i`,
    [n, Math.random().toString(36).slice(2, 8), status],
  );
}

describe('broadcasts', () => {
  it('to all companies reaches every active company owner, not sub-users, with one mail each', async () => {
    await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [c.kano.account.id]);
    const owners = await count(ctx.db, "accounts WHERE role = 'company' AND status = 1");
    const res = await send(ctx.app, c.admin.headers, {
      audience: 'companies',
      ...message({ subject: 'New prices from 1 April' }),
    });
    await ctx.db.query('UPDATE accounts SET status = 1 WHERE id = $1', [c.kano.account.id]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      audience: 'companies',
      recipient_id: null,
      recipient_count: owners,
      box: 'sent',
    });
    expect(await count(ctx.db, 'message_deliveries WHERE message_id = $1', [res.json().id])).toBe(
      owners,
    );
    expect(await unreadCount(ctx.app, c.lagos.headers)).toBe(1);
    expect(await unreadCount(ctx.app, c.lagosClerk.headers)).toBe(0);
    expect(await unreadCount(ctx.app, c.kano.headers)).toBe(0);
    await ctx.app.mailer.idle();
    expect((await mailsTo(ctx.db, c.lagos.account.email)).map((m) => m.subject)).toEqual(
      ['New prices from 1 April'].map((s) => `New message: ${s}`),
    );
    expect(await mailsTo(ctx.db, c.kano.account.email)).toEqual([]);
    // One row in the sender's Sent box, however many received it.
    const sent = await get(
      ctx.app,
      c.admin.headers,
      '/messages?filter=%7B%22box%22%3A%22sent%22%7D',
    );
    expect(sent.json()).toHaveLength(1);
  });

  it('to all agents mails each active agent the message itself', async () => {
    await addAgents(3);
    await addAgents(2, 0);
    const res = await send(ctx.app, c.admin.headers, {
      audience: 'agents',
      subject: 'Rainy season: photos',
      body: 'Keep the house number in the frame.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().recipient_count).toBe(4); // 3 new + the cast's agent
    await ctx.app.mailer.idle();
    const mail = (await mailsTo(ctx.db, c.agent.account.email)).at(-1)!;
    expect(mail.text).toContain('Keep the house number in the frame.');
  });

  it.each([
    ['a company owner', () => c.lagos.headers],
    ['a sub-admin without Support', () => c.staff.headers],
  ])('is 403 for %s, and nothing is written', async (_who, headers) => {
    const before = await count(ctx.db, 'messages');
    const res = await send(ctx.app, headers(), { audience: 'agents', ...message() });
    expect(res.statusCode).toBe(403);
    expect(await count(ctx.db, 'messages')).toBe(before);
  });

  it("is allowed to a sub-admin with 'Support'", async () => {
    const support = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['Support'] });
    const res = await send(ctx.app, support.headers, { audience: 'companies', ...message() });
    expect(res.statusCode).toBe(201);
  });

  it('with nobody in the audience is a 400 on audience, and nothing is written', async () => {
    await ctx.db.query("UPDATE accounts SET status = 0 WHERE role = 'agent'");
    const [messages, mails] = [await count(ctx.db, 'messages'), await count(ctx.db, 'mail_outbox')];
    const res = await send(ctx.app, c.admin.headers, { audience: 'agents', ...message() });
    await ctx.db.query(
      "UPDATE accounts SET status = 1 WHERE role = 'agent' AND last_name NOT LIKE 'No%'",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('audience');
    expect(await count(ctx.db, 'messages')).toBe(messages);
    expect(await count(ctx.db, 'mail_outbox')).toBe(mails);
  });
});

describe('rate limits per sender', () => {
  it(`refuses the broadcast after ${throttles.broadcastsPerSender.limit} an hour with 429 and Retry-After`, async () => {
    const sender = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['Support'] });
    for (let i = 0; i < throttles.broadcastsPerSender.limit; i++) {
      expect(
        (await send(ctx.app, sender.headers, { audience: 'companies', ...message() })).statusCode,
      ).toBe(201);
    }
    const refused = await send(ctx.app, sender.headers, { audience: 'companies', ...message() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another sender is not held back.
    expect(
      (await send(ctx.app, c.admin.headers, { audience: 'companies', ...message() })).statusCode,
    ).toBe(201);
  });

  it(`refuses the message after ${throttles.messagesPerSender.limit} an hour, and writes nothing`, async () => {
    const sender = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: c.lagos.companyId!,
      permissions: [],
    });
    const to = { recipient_id: c.lagos.account.id, ...message() };
    for (let i = 0; i < throttles.messagesPerSender.limit; i++) {
      expect((await send(ctx.app, sender.headers, to)).statusCode).toBe(201);
    }
    const before = await count(ctx.db, 'messages');
    const refused = await send(ctx.app, sender.headers, to);
    expect(refused.statusCode).toBe(429);
    expect(await count(ctx.db, 'messages')).toBe(before);
  });
});

describe('rate limits per company', () => {
  it(`security: counts a company's messages together, ${throttles.messagesPerCompany.limit} an hour, so sub-users add no room`, async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Aba Traders Ltd' });
    const to = { recipient_id: c.admin.account.id, ...message() };
    const senders = [owner];
    const perSender = throttles.messagesPerSender.limit;
    const needed = Math.ceil(throttles.messagesPerCompany.limit / perSender) + 1;
    while (senders.length < needed) {
      senders.push(
        await signIn(ctx.app, ctx.db, 'subuser', { companyOf: owner.companyId!, permissions: [] }),
      );
    }
    let sent = 0;
    for (const sender of senders.slice(0, -1)) {
      for (let i = 0; i < perSender && sent < throttles.messagesPerCompany.limit; i++, sent++) {
        expect((await send(ctx.app, sender.headers, to)).statusCode).toBe(201);
      }
    }
    const before = await count(ctx.db, 'messages');
    const refused = await send(ctx.app, senders.at(-1)!.headers, to);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(ctx.db, 'messages')).toBe(before);
    // Another company is not held back.
    expect((await send(ctx.app, c.lagos.headers, to)).statusCode).toBe(201);
  });
});

describe('a broadcast to 10,000 agents', () => {
  it('answers at once: the deliveries and the mails are one statement each', async () => {
    await addAgents(10_000);
    const agents = await count(ctx.db, "accounts WHERE role = 'agent' AND status = 1");
    const started = performance.now();
    const res = await send(ctx.app, c.admin.headers, {
      audience: 'agents',
      subject: 'Payouts move to Fridays',
      body: 'From next week, payouts are made every Friday.',
    });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(201);
    expect(res.json().recipient_count).toBe(agents);
    expect(
      await count(ctx.db, "mail_outbox WHERE subject = 'New message: Payouts move to Fridays'"),
    ).toBe(agents);
    console.info(`broadcast to ${agents} agents answered in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5000);
    await ctx.app.mailer.idle();
    expect(
      await count(
        ctx.db,
        "mail_outbox WHERE subject = 'New message: Payouts move to Fridays' AND sent_at IS NULL",
      ),
    ).toBe(0);
  }, 120_000);
});
