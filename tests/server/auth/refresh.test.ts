import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../../server/services/accessTokens';
import { createTestApp, createUser, login, post, type TestContext } from '../helpers';

const authRequired = 'Authentication required';
const sessionExpired = 'Your session has expired. Please log in again.';

describe('sessions: /auth/me, /auth/refresh, /auth/logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const me = (accessToken?: string, scheme = 'Bearer') =>
    ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: accessToken === undefined ? {} : { authorization: `${scheme} ${accessToken}` },
    });
  const refresh = (refreshToken: string) => post(ctx.app, 'refresh', { refreshToken });

  async function signedIn(input: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(ctx.db, input);
    return { ...user, session: await login(ctx.app, user.email, user.password) };
  }

  describe('GET /auth/me', () => {
    it('answers the signed-in account', async () => {
      const { session } = await signedIn({ role: 'admin' });
      const res = await me(session.accessToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(session.account);
      expect(res.json()).toMatchObject({ role: 'admin', isSuperAdmin: true });
    });

    it('answers 401 "Authentication required" without a token', async () => {
      const res = await me();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: authRequired });
    });

    it.each([
      ['an empty bearer', 'Bearer', '', authRequired],
      ['another scheme', 'Basic', 'dXNlcjpwYXNz', authRequired],
      ['garbage', 'Bearer', 'not-a-jwt', sessionExpired],
    ])('answers 401 for %s, with its message', async (_what, scheme, token, message) => {
      const res = await me(token, scheme);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message });
    });

    it('answers 401 for a token signed with another secret', async () => {
      const { account, session } = await signedIn();
      const [, payload] = session.accessToken.split('.');
      const sid = (JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string })
        .sid;
      const forged = await createAccessTokens('some-other-secret-some-other-secret').sign({
        sub: account.id,
        sid,
      });
      const res = await me(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: sessionExpired });
      // The same claims under the right secret pass: it is the signature that was refused.
      expect((await me(await ctx.app.accessTokens.sign({ sub: account.id, sid }))).statusCode).toBe(
        200,
      );
    });

    it('answers 401 for an expired access token', async () => {
      const { account, session } = await signedIn();
      const [, payload] = session.accessToken.split('.');
      const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
      const expired = await ctx.app.accessTokens.sign({ sub: account.id, sid }, -10);
      const res = await me(expired);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: sessionExpired });
    });

    it('issues access tokens that expire after 15 minutes', async () => {
      const { session } = await signedIn();
      const [, payload] = session.accessToken.split('.');
      const { iat, exp } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(exp - iat).toBe(15 * 60);
    });

    it("refuses a disabled account's live token with 401 on its next call", async () => {
      const { account, session } = await signedIn();
      await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [account.id]);
      const res = await me(session.accessToken);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'This account is disabled' });
    });
  });

  describe('security: only a "Bearer" token is read from the Authorization header', () => {
    it('refuses a valid token under another seven-letter scheme', async () => {
      const { session } = await signedIn();
      for (const scheme of ['Bearex', 'Token:']) {
        const res = await me(session.accessToken, scheme);
        expect([scheme, res.statusCode, res.json()]).toEqual([
          scheme,
          401,
          { message: authRequired },
        ]);
      }
      expect((await me(session.accessToken)).statusCode).toBe(200);
    });

    it('reads the token after one or more spaces (RFC 6750: "Bearer" 1*SP token)', async () => {
      const { session } = await signedIn();
      expect((await me(session.accessToken, 'Bearer ')).statusCode).toBe(200);
      expect((await me(`${session.accessToken} `)).statusCode).toBe(200);
    });
  });

  describe('POST /auth/refresh', () => {
    it('trades a refresh token for a new pair that works', async () => {
      const { session } = await signedIn();
      const res = await refresh(session.refreshToken);
      expect(res.statusCode).toBe(200);
      const next = res.json();
      expect(Object.keys(next).sort()).toEqual(['accessToken', 'account', 'refreshToken']);
      expect(next.refreshToken).not.toBe(session.refreshToken);
      expect(next.account).toEqual(session.account);
      expect((await me(next.accessToken)).statusCode).toBe(200);
      // And the new refresh token rotates again.
      const third = await refresh(next.refreshToken);
      expect(third.statusCode).toBe(200);
      expect(third.json().refreshToken).not.toBe(next.refreshToken);
    });

    it('treats a spent token presented again as theft: 401 and the whole session ends', async () => {
      const { email, password, session } = await signedIn();
      const other = await login(ctx.app, email, password); // a second sign-in, e.g. another device
      const second = (await refresh(session.refreshToken)).json();
      const third = (await refresh(second.refreshToken)).json();
      expect((await me(third.accessToken)).statusCode).toBe(200);

      const reuse = await refresh(session.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ message: expect.any(String) });

      // Every token of that session is now dead: the newest refresh token and the access tokens.
      expect((await refresh(third.refreshToken)).statusCode).toBe(401);
      expect((await me(third.accessToken)).statusCode).toBe(401);
      expect((await me(session.accessToken)).statusCode).toBe(401);
      // The other sign-in is another family and goes on.
      expect((await me(other.accessToken)).statusCode).toBe(200);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('answers 401 for an unknown refresh token', async () => {
      const res = await refresh('never-issued-refresh-token');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 401 for an expired refresh token', async () => {
      const { account, session } = await signedIn();
      await ctx.db.query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
          WHERE session_id IN (SELECT id FROM sessions WHERE account_id = $1)`,
        [account.id],
      );
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    });

    it('answers 401 once the account is disabled', async () => {
      const { account, session } = await signedIn();
      await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [account.id]);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    });
  });

  describe('POST /auth/logout', () => {
    it("ends the presented token's session and only that one", async () => {
      const { email, password, session } = await signedIn();
      const other = await login(ctx.app, email, password);
      const res = await post(ctx.app, 'logout', { refreshToken: session.refreshToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) });

      const ended = await me(session.accessToken);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual({ message: 'Your session has ended. Please log in again.' });
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
      expect((await me(other.accessToken)).statusCode).toBe(200);
    });

    it('ends the session also when given an older, already rotated token of it', async () => {
      const { session } = await signedIn();
      const next = (await refresh(session.refreshToken)).json();
      expect(
        (await post(ctx.app, 'logout', { refreshToken: session.refreshToken })).statusCode,
      ).toBe(200);
      expect((await me(next.accessToken)).statusCode).toBe(401);
      expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    });

    it('answers 200 for an unknown or already logged-out token', async () => {
      const { session } = await signedIn();
      for (let i = 0; i < 2; i++) {
        expect(
          (await post(ctx.app, 'logout', { refreshToken: session.refreshToken })).statusCode,
        ).toBe(200);
      }
      expect((await post(ctx.app, 'logout', { refreshToken: 'never-issued' })).statusCode).toBe(
        200,
      );
    });
  });
});
