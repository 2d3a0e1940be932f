import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import {
  configFromEnv,
  createTestApp,
  createUser,
  login,
  post,
  type TestContext,
} from '../helpers';

const ended = { message: 'Your session has ended. Please log in again.' };

describe('security: sessions end after an absolute lifetime and when idle', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ sessionMaxHours: 12, sessionIdleMinutes: 120 });
  });
  afterAll(() => ctx?.close());

  const me = (accessToken: string) =>
    ctx.app.inject({ url: '/api/v2/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  const refresh = (refreshToken: string) => post(ctx.app, 'refresh', { refreshToken });

  /** A signed-in user whose session began `startedAgo` ago and last refreshed `refreshedAgo` ago. */
  async function sessionAged(startedAgo: string, refreshedAgo: string) {
    const user = await createUser(ctx.db);
    const session = await login(ctx.app, user.email, user.password);
    await ctx.db.query(
      `UPDATE sessions SET created_at = now() - $2::interval WHERE account_id = $1`,
      [user.account.id, startedAgo],
    );
    await ctx.db.query(
      `UPDATE refresh_tokens SET created_at = now() - $2::interval
        WHERE session_id IN (SELECT id FROM sessions WHERE account_id = $1)`,
      [user.account.id, refreshedAgo],
    );
    return { ...session, accountId: user.account.id };
  }

  it('refreshes a session inside both limits', async () => {
    const session = await sessionAged('11 hours 50 minutes', '119 minutes');
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('refuses to refresh a session older than SESSION_MAX_HOURS, however active, and ends it', async () => {
    const session = await sessionAged('12 hours 1 minute', '1 minute');
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ended);
    // Its access token, still unexpired itself, no longer passes either.
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('refuses an access token once its session is past the absolute lifetime', async () => {
    const session = await sessionAged('12 hours 1 minute', '1 minute');
    const res = await me(session.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ended);
  });

  it('refuses to refresh after SESSION_IDLE_MINUTES without a refresh, and ends the session', async () => {
    const session = await sessionAged('3 hours', '121 minutes');
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(ended);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('each refresh restarts the idle clock, not the lifetime', async () => {
    const session = await sessionAged('2 hours', '100 minutes');
    const next = (await refresh(session.refreshToken)).json() as { refreshToken: string };
    // The new refresh token is fresh, so the session is not idle...
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
    // ...but the session keeps its start time.
    const r = await ctx.db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM now() - created_at) / 3600)::int AS hours
         FROM sessions WHERE account_id = $1`,
      [session.accountId],
    );
    expect(r.rows[0]!.hours).toBe(2);
  });
});

describe('security: SESSION_MAX_HOURS and SESSION_IDLE_MINUTES', () => {
  const load = configFromEnv;

  it('default to 12 hours and 120 minutes', () => {
    expect(load({})).toMatchObject({ sessionMaxHours: 12, sessionIdleMinutes: 120 });
  });

  it('are read from the environment', () => {
    expect(load({ SESSION_MAX_HOURS: '8', SESSION_IDLE_MINUTES: '30' })).toMatchObject({
      sessionMaxHours: 8,
      sessionIdleMinutes: 30,
    });
  });

  it.each([
    ['SESSION_MAX_HOURS', '0'],
    ['SESSION_MAX_HOURS', 'twelve'],
    ['SESSION_IDLE_MINUTES', '-5'],
    ['SESSION_IDLE_MINUTES', '1.5'],
  ])('refuse %s=%s, naming it', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(new RegExp(name));
  });
});
