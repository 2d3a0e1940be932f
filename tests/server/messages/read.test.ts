import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers';
import { get, listUrl, message, messageCast, send, unreadCount } from './support';

let ctx: TestContext;
let c: Awaited<ReturnType<typeof messageCast>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  c = await messageCast(ctx.app, ctx.db);
  for (const subject of ['First', 'Second', 'Third']) {
    const res = await send(ctx.app, c.admin.headers, {
      recipient_id: c.lagos.account.id,
      ...message({ subject }),
    });
    ids[subject] = res.json().id;
    // Distinct times, so "newest first" has one answer.
    await ctx.db.query(
      'UPDATE messages SET created_at = now() - make_interval(mins => $2) WHERE id = $1',
      [ids[subject], { First: 30, Second: 20, Third: 10 }[subject]],
    );
  }
  ids.reply = (
    await send(ctx.app, c.lagos.headers, {
      recipient_id: c.admin.account.id,
      ...message({ subject: 'Re: First' }),
    })
  ).json().id;
});
afterAll(() => ctx.close());

describe('GET /messages', () => {
  it('lists the inbox newest first, each with read, and Content-Range', async () => {
    const res = await get(ctx.app, c.lagos.headers, listUrl('/messages', { range: [0, 1] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('messages 0-1/3');
    expect(res.json().map((m: { subject: string }) => m.subject)).toEqual(['Third', 'Second']);
    expect(res.json()[0]).toMatchObject({
      box: 'inbox',
      read: false,
      sender_id: c.admin.account.id,
    });
  });

  it('lists the sent box with filter box: sent', async () => {
    const res = await get(
      ctx.app,
      c.lagos.headers,
      listUrl('/messages', { filter: { box: 'sent' } }),
    );
    expect(res.json().map((m: { id: string }) => m.id)).toEqual([ids.reply]);
    expect(res.json()[0]).toMatchObject({ box: 'sent', recipient_id: c.admin.account.id });
  });

  it('sorts by subject and searches', async () => {
    const sorted = await get(
      ctx.app,
      c.lagos.headers,
      listUrl('/messages', { sort: ['subject', 'ASC'] }),
    );
    expect(sorted.json().map((m: { subject: string }) => m.subject)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    const found = await get(
      ctx.app,
      c.lagos.headers,
      listUrl('/messages', { filter: { q: 'sec' } }),
    );
    expect(found.json().map((m: { subject: string }) => m.subject)).toEqual(['Second']);
  });

  it('answers getMany (filter id) from both boxes, never with other people’s messages', async () => {
    const res = await get(
      ctx.app,
      c.lagos.headers,
      listUrl('/messages', { filter: { id: [ids.First, ids.reply] } }),
    );
    expect(
      res
        .json()
        .map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([ids.First, ids.reply].sort());
    const other = await get(
      ctx.app,
      c.kano.headers,
      listUrl('/messages', { filter: { id: [ids.First] } }),
    );
    expect(other.json()).toEqual([]);
  });

  it.each([
    ['box', { filter: { box: 'trash' } }, 'filter.box'],
    ['sort', { sort: ['body', 'ASC'] }, 'sorted by body'],
    ['range', { range: [5, 1] }, 'range'],
  ])('a bad %s is a 400 naming it', async (_what, params, words) => {
    const res = await get(ctx.app, c.lagos.headers, listUrl('/messages', params));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(words);
  });
});

describe('GET /messages/{id}', () => {
  it('marks the message read for its recipient, and the unread count drops', async () => {
    expect(await unreadCount(ctx.app, c.lagos.headers)).toBe(3);
    const res = await get(ctx.app, c.lagos.headers, `/messages/${ids.Second}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Second', read: true, box: 'inbox' });
    expect(await unreadCount(ctx.app, c.lagos.headers)).toBe(2);
    const list = await get(ctx.app, c.lagos.headers, listUrl('/messages', {}));
    expect(
      Object.fromEntries(
        list.json().map((m: { subject: string; read: boolean }) => [m.subject, m.read]),
      ),
    ).toEqual({ First: false, Second: true, Third: false });
  });

  it('the sender reads it without marking it read for the recipient', async () => {
    const res = await get(ctx.app, c.admin.headers, `/messages/${ids.Third}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ box: 'sent', recipient_name: expect.any(String) });
    const mine = await get(ctx.app, c.lagos.headers, listUrl('/messages', {}));
    expect(mine.json().find((m: { id: string }) => m.id === ids.Third).read).toBe(false);
  });

  it.each([
    ['another company', () => c.kano.headers],
    ["the recipient's own sub-user", () => c.lagosClerk.headers],
    ['another admin-area user', () => c.staff.headers],
  ])('is 404 for %s, and stays unread', async (_who, headers) => {
    const res = await get(ctx.app, headers(), `/messages/${ids.First}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Message not found');
    expect(await unreadCount(ctx.app, c.lagos.headers)).toBe(2);
  });

  it('a malformed id is 400', async () => {
    expect((await get(ctx.app, c.lagos.headers, '/messages/abc')).statusCode).toBe(400);
  });
});

it('every message route needs a sign-in', async () => {
  for (const url of [
    '/messages',
    '/messages/unread-count',
    `/messages/${ids.First}`,
    '/message-recipients',
  ]) {
    expect((await get(ctx.app, {}, url)).statusCode).toBe(401);
  }
  expect((await send(ctx.app, {}, message())).statusCode).toBe(401);
});
