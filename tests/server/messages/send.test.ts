import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, createTestApp, mailsTo, type TestContext } from '../helpers';
import { get, message, messageCast, send, unreadCount } from './support';

let ctx: TestContext;
let c: Awaited<ReturnType<typeof messageCast>>;

beforeAll(async () => {
  ctx = await createTestApp();
  c = await messageCast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const written = async () => ({
  messages: await count(ctx.db, 'messages'),
  deliveries: await count(ctx.db, 'message_deliveries'),
  mails: await count(ctx.db, 'mail_outbox'),
});

describe('POST /messages to one user', () => {
  it('a company writes to the provider: 201, unread in their inbox, a mail with the link', async () => {
    const before = await unreadCount(ctx.app, c.admin.headers);
    const res = await send(ctx.app, c.lagos.headers, {
      recipient_id: c.admin.account.id,
      ...message({ subject: 'Invoice for March' }),
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      subject: 'Invoice for March',
      sender_id: c.lagos.account.id,
      sender_company_name: 'Lagos Credit Ltd',
      recipient_id: c.admin.account.id,
      audience: null,
      recipient_count: 1,
      box: 'sent',
      read: true,
    });
    expect(await unreadCount(ctx.app, c.admin.headers)).toBe(before + 1);

    await ctx.app.mailer.idle();
    const mail = (await mailsTo(ctx.db, c.admin.account.email)).at(-1)!;
    expect(mail.subject).toBe('New message: Invoice for March');
    expect(mail.text).toContain(`http://backoffice.test/admin/messages/${sent.id}/show`);
    // People who sign in read the text behind their sign-in, not in their mailbox.
    expect(mail.text).not.toContain('three Ikeja addresses');
  });

  it("a company's users write to each other; the link of a company user's mail is /company", async () => {
    const res = await send(ctx.app, c.lagosClerk.headers, {
      recipient_id: c.lagos.account.id,
      ...message(),
    });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.idle();
    expect((await mailsTo(ctx.db, c.lagos.account.email)).at(-1)!.text).toContain(
      `/company/messages/${res.json().id}/show`,
    );
  });

  it('an agent gets the message itself by mail, as agents do not sign in', async () => {
    const res = await send(ctx.app, c.staff.headers, {
      recipient_id: c.agent.account.id,
      subject: 'Surulere jobs: 50% more this week',
      body: 'Please take the two Surulere jobs before Friday.',
    });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.idle();
    const mail = (await mailsTo(ctx.db, c.agent.account.email)).at(-1)!;
    expect(mail.subject).toBe('New message: Surulere jobs: 50% more this week');
    expect(mail.text).toContain('Surulere jobs: 50% more this week');
    expect(mail.text).toContain('Please take the two Surulere jobs before Friday.');
  });

  it.each([
    ["another company's owner", () => c.kano.account.id],
    ['an agent', () => c.agent.account.id],
    ['an account that does not exist', () => '00000000-0000-4000-8000-000000000000'],
  ])('a company writing to %s gets 404 and nothing is written', async (_what, to) => {
    const before = await written();
    const res = await send(ctx.app, c.lagos.headers, { recipient_id: to(), ...message() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Recipient not found');
    expect(await written()).toEqual(before);
  });

  it('a disabled account cannot be written to (404)', async () => {
    await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [c.kano.account.id]);
    try {
      const res = await send(ctx.app, c.admin.headers, {
        recipient_id: c.kano.account.id,
        ...message(),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.db.query('UPDATE accounts SET status = 1 WHERE id = $1', [c.kano.account.id]);
    }
  });

  it('provider staff may write to any company', async () => {
    const res = await send(ctx.app, c.staff.headers, {
      recipient_id: c.kano.account.id,
      ...message(),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('bad input is a 400 naming the field, and nothing is written', () => {
  const long = (n: number) => 'a'.repeat(n);
  it.each([
    ['no subject', { recipient_id: 'ADMIN', body: 'Hello' }, 'subject'],
    ['a blank subject', { recipient_id: 'ADMIN', subject: '   ', body: 'Hello' }, 'subject'],
    [
      'a subject of 201 characters',
      { recipient_id: 'ADMIN', subject: long(201), body: 'Hi' },
      'subject',
    ],
    [
      'a subject on two lines',
      { recipient_id: 'ADMIN', subject: 'Hi\nBcc: x', body: 'Hi' },
      'subject',
    ],
    ['no body', { recipient_id: 'ADMIN', subject: 'Hello' }, 'body'],
    ['a blank body', { recipient_id: 'ADMIN', subject: 'Hello', body: '\n  ' }, 'body'],
    [
      'a body of 5001 characters',
      { recipient_id: 'ADMIN', subject: 'Hi', body: long(5001) },
      'body',
    ],
    ['a body that is a number', { recipient_id: 'ADMIN', subject: 'Hi', body: 42 }, 'body'],
    ['no recipient', { subject: 'Hello', body: 'Hi' }, 'recipient_id'],
    [
      'a recipient that is not an id',
      { recipient_id: 'ada', subject: 'Hi', body: 'Hi' },
      'recipient_id',
    ],
    ['an unknown audience', { audience: 'everyone', subject: 'Hi', body: 'Hi' }, 'audience'],
    [
      'a recipient and an audience',
      { recipient_id: 'ADMIN', audience: 'agents', subject: 'Hi', body: 'Hi' },
      'audience',
    ],
    ['a NUL in the body', { recipient_id: 'ADMIN', subject: 'Hi', body: 'Hi\u0000' }, 'body'],
  ])('%s', async (_what, payload, field) => {
    const before = await written();
    const body = Object.fromEntries(
      Object.entries(payload).map(([k, v]) => [k, v === 'ADMIN' ? c.admin.account.id : v]),
    );
    const res = await send(ctx.app, c.staff.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await written()).toEqual(before);
  });

  it('writing to oneself is a 400 on recipient_id', async () => {
    const res = await send(ctx.app, c.admin.headers, {
      recipient_id: c.admin.account.id,
      ...message(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      field: 'recipient_id',
      msg: 'You cannot send a message to yourself',
    });
  });
});

describe('the recipient picker (GET /message-recipients)', () => {
  const names = async (headers: Record<string, string>, filter = {}) => {
    const res = await get(
      ctx.app,
      headers,
      `/message-recipients?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
    );
    expect(res.statusCode).toBe(200);
    return (res.json() as { id: string }[]).map((r) => r.id);
  };

  it("offers a company the provider's staff and its own users, nobody else", async () => {
    const ids = await names(c.lagos.headers);
    expect(ids).toEqual(
      expect.arrayContaining([c.admin.account.id, c.staff.account.id, c.lagosClerk.account.id]),
    );
    expect(ids).not.toContain(c.kano.account.id);
    expect(ids).not.toContain(c.agent.account.id);
    expect(ids).not.toContain(c.lagos.account.id);
  });

  it('offers staff everyone, searchable by company name', async () => {
    expect(await names(c.staff.headers)).toEqual(
      expect.arrayContaining([c.kano.account.id, c.agent.account.id, c.lagos.account.id]),
    );
    expect(await names(c.staff.headers, { q: 'kano foods' })).toEqual([c.kano.account.id]);
  });

  it("answers getMany without another company's users", async () => {
    expect(await names(c.lagos.headers, { id: [c.kano.account.id, c.admin.account.id] })).toEqual([
      c.admin.account.id,
    ]);
  });
});
