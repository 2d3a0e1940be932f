import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsListed } from '../../../server/repositories/sessions';
import type { Session } from '../../../server/schemas/sessions';
import { deviceName, userAgentMaxLength } from '../../../server/services/deviceName';
import { createTestApp, createUser, login, type TestContext } from '../helpers';

const androidChrome =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36';
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like ' +
  'Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const windowsEdge =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

describe('signed-in devices: GET /auth/sessions, DELETE /auth/sessions/{id}, end-others', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  type Signed = Awaited<ReturnType<typeof login>>;

  /** Signs `user` in from a device (User-Agent) and an address. */
  async function signIn(
    user: { email: string; password: string },
    userAgent = androidChrome,
    remoteAddress = '198.51.100.7',
  ): Promise<Signed> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Signed>();
    return { ...body, headers: { authorization: `Bearer ${body.accessToken}` } };
  }

  const list = async (s: Signed) => {
    const res = await ctx.app.inject({ url: '/api/v2/auth/sessions', headers: s.headers });
    expect(res.statusCode).toBe(200);
    return res.json<Session[]>();
  };
  const end = (s: Signed, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v2/auth/sessions/${id}`, headers: s.headers });
  const endOthers = (s: Signed) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/sessions/end-others',
      headers: s.headers,
    });
  const refresh = (s: Signed, userAgent?: string, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh',
      payload: { refreshToken: s.refreshToken },
      headers: userAgent ? { 'user-agent': userAgent } : {},
      remoteAddress,
    });
  const me = (s: Signed) => ctx.app.inject({ url: '/api/v2/auth/me', headers: s.headers });
  const sidOf = (s: Signed) =>
    (
      JSON.parse(Buffer.from(s.accessToken.split('.')[1]!, 'base64url').toString()) as {
        sid: string;
      }
    ).sid;

  it('lists only the user’s own live sessions, with device, address and this one marked', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const phone = await signIn(user, androidChrome, '198.51.100.7');
    const laptop = await signIn(user, windowsEdge, '203.0.113.9');
    await signIn(other, iphoneSafari);
    const ended = await signIn(user, iphoneSafari);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout',
      payload: { refreshToken: ended.refreshToken },
    });

    const sessions = await list(laptop);
    expect(sessions.map((s) => s.id).sort()).toEqual([sidOf(phone), sidOf(laptop)].sort());
    // Newest use first: the laptop signed in after the phone.
    expect(sessions[0]).toMatchObject({
      id: sidOf(laptop),
      device: 'Edge on Windows',
      ip: '203.0.113.9',
      created_ip: '203.0.113.9',
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      id: sidOf(phone),
      device: 'Chrome on Android',
      ip: '198.51.100.7',
      current: false,
    });
  });

  it('a refresh is the session’s use: last address and time move, device and first ones stay', async () => {
    const user = await createUser(ctx.db);
    const phone = await signIn(user, androidChrome, '198.51.100.7');
    const laptop = await signIn(user, windowsEdge, '203.0.113.9');
    const [before] = (await list(laptop)).filter((s) => s.id === sidOf(phone));
    const res = await refresh(phone, iphoneSafari, '198.51.100.99');
    expect(res.statusCode).toBe(200);
    const sessions = await list(laptop);
    // The phone is now the most recently used.
    expect(sessions[0]).toMatchObject({
      id: sidOf(phone),
      device: 'Chrome on Android',
      ip: '198.51.100.99',
      created_ip: '198.51.100.7',
      created_at: before!.created_at,
    });
    expect(Date.parse(sessions[0]!.last_used_at)).toBeGreaterThan(Date.parse(before!.last_used_at));
  });

  it('stores at most 300 characters of a User-Agent', async () => {
    const user = await createUser(ctx.db);
    const s = await signIn(user, `${windowsEdge} ${'x'.repeat(5_000)}`);
    const r = await ctx.db.query<{ n: number }>(
      'SELECT char_length(user_agent) AS n FROM sessions WHERE id = $1',
      [sidOf(s)],
    );
    expect(r.rows[0]!.n).toBe(userAgentMaxLength);
    expect((await list(s))[0]!.device).toBe('Edge on Windows');
  });

  it('ending one: its refresh fails (401), its access token stops at the next full check', async () => {
    const user = await createUser(ctx.db);
    const phone = await signIn(user);
    const laptop = await signIn(user, windowsEdge);
    expect((await me(phone)).statusCode).toBe(200);
    const res = await end(laptop, sidOf(phone));
    expect(res.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await list(laptop)).map((s) => s.id)).toEqual([sidOf(laptop)]);
    // Ending it again: there is no such live session any more.
    expect((await end(laptop, sidOf(phone))).statusCode).toBe(404);
  });

  it('another user’s session id is 404, and that session goes on', async () => {
    const user = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    const mine = await signIn(user);
    const theirs = await signIn(stranger);
    const res = await end(mine, sidOf(theirs));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Session not found' });
    expect((await me(theirs)).statusCode).toBe(200);
    expect((await refresh(theirs)).statusCode).toBe(200);
  });

  it('a session id that is not a uuid is a 400 naming the field', async () => {
    const s = await signIn(await createUser(ctx.db));
    const res = await end(s, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[0]?.field).toMatch(/id/);
  });

  it('end-others keeps the current session and ends every other one (204)', async () => {
    const user = await createUser(ctx.db);
    const a = await signIn(user);
    const b = await signIn(user, iphoneSafari);
    const c = await signIn(user, windowsEdge);
    const stranger = await signIn(await createUser(ctx.db));
    const res = await endOthers(b);
    expect(res.statusCode).toBe(204);
    expect((await list(b)).map((s) => s.id)).toEqual([sidOf(b)]);
    expect((await me(b)).statusCode).toBe(200);
    for (const ended of [a, c]) {
      expect((await me(ended)).statusCode).toBe(401);
      expect((await refresh(ended)).statusCode).toBe(401);
    }
    expect((await me(stranger)).statusCode).toBe(200);
  });

  it('without a sign-in every call is 401', async () => {
    expect((await ctx.app.inject({ url: '/api/v2/auth/sessions' })).statusCode).toBe(401);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v2/auth/sessions/8a3c2a52-3f1e-4d1e-9a57-2d1b0c6f7e10',
    });
    expect(del.statusCode).toBe(401);
    const post = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/sessions/end-others' });
    expect(post.statusCode).toBe(401);
  });
});

describe('changing the password offers to sign out of the other devices', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const change = (headers: Record<string, string>, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/setting/change-password',
      headers,
      payload: body,
    });
  const me = (headers: Record<string, string>) =>
    ctx.app.inject({ url: '/api/v2/auth/me', headers });
  /** A new user signed in on two devices. */
  async function signedInTwice() {
    const user = await createUser(ctx.db);
    const here = await login(ctx.app, user.email, user.password);
    const there = await login(ctx.app, user.email, user.password);
    return { user, here, there };
  }

  it('ends the others by default, and with end_other_sessions: true', async () => {
    for (const extra of [{}, { end_other_sessions: true }]) {
      const { user, here, there } = await signedInTwice();
      const res = await change(here.headers, {
        current_password: user.password,
        new_password: 'a-new-pass-for-amaka-9',
        ...extra,
      });
      expect(res.statusCode).toBe(200);
      expect((await me(here.headers)).statusCode).toBe(200);
      expect((await me(there.headers)).statusCode).toBe(401);
    }
  });

  it('keeps the others signed in with end_other_sessions: false', async () => {
    const { user, here, there } = await signedInTwice();
    const res = await change(here.headers, {
      current_password: user.password,
      new_password: 'a-new-pass-for-amaka-9',
      end_other_sessions: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(there.headers)).statusCode).toBe(200);
    // The password did change.
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('a wrong current password changes nothing and ends no session', async () => {
    const { here, there } = await signedInTwice();
    const res = await change(here.headers, {
      current_password: 'not-the-password',
      new_password: 'a-new-pass-for-amaka-9',
      end_other_sessions: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('current_password');
    expect((await me(there.headers)).statusCode).toBe(200);
  });

  it('end_other_sessions must be a boolean (400 naming it)', async () => {
    const user = await createUser(ctx.db);
    const here = await login(ctx.app, user.email, user.password);
    const res = await change(here.headers, {
      current_password: user.password,
      new_password: 'a-new-pass-for-amaka-9',
      end_other_sessions: 'maybe',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('end_other_sessions');
  });
});

describe('deviceName', () => {
  it.each([
    [androidChrome, 'Chrome on Android'],
    [iphoneSafari, 'Safari on iPhone'],
    [windowsEdge, 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('the list of signed-in devices is bounded', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it(`lists at most ${sessionsListed} sessions, the caller's own always among them`, async () => {
    const user = await createUser(ctx.db);
    const mine = await login(ctx.app, user.email, user.password);
    // Many later sign-ins elsewhere, each used after this one.
    for (let i = 0; i < sessionsListed + 5; i++) {
      await ctx.app.repos.sessions.start(user.account.id, { userAgent: null, ip: '192.0.2.1' });
    }
    const res = await ctx.app.inject({ url: '/api/v2/auth/sessions', headers: mine.headers });
    const listed = res.json<Session[]>();
    expect(listed).toHaveLength(sessionsListed);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.at(-1)!.current).toBe(true);
  });
});
