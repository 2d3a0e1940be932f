import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  count,
  createTestApp,
  createUser,
  lastMailLink,
  login,
  post,
  signupBody,
  type TestContext,
} from '../helpers';

describe('POST /auth/recover-password and /auth/set-password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  /** Mail queued for `email`, once the mail written after answering is written. */
  const mailsTo = async (email: string) => {
    await ctx.app.mailer.idle();
    return count(ctx.db, 'mail_outbox WHERE lower(to_address) = lower($1)', [email]);
  };
  const me = (accessToken: string) =>
    ctx.app.inject({ url: '/api/v2/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  /** Asks for a reset link for a new user; returns the user and the token from the mail. */
  async function resetToken(input: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(ctx.db, input);
    expect((await post(ctx.app, 'recover-password', { email: user.email })).statusCode).toBe(200);
    const link = await lastMailLink(ctx.db, user.email);
    return { ...user, link, token: link.searchParams.get('token')! };
  }

  describe('recover-password', () => {
    it('answers an existing and an unknown email alike, mailing only the existing one', async () => {
      const { email } = await createUser(ctx.db);
      const known = await post(ctx.app, 'recover-password', { email });
      const unknown = await post(ctx.app, 'recover-password', { email: 'nobody-here@example.ng' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json()).toEqual({ message: expect.any(String) });
      expect(await mailsTo(email)).toBe(1);
      expect(await mailsTo('nobody-here@example.ng')).toBe(0);
    });

    it('mails a set-password link to the stored address, whatever case was typed', async () => {
      const { email } = await createUser(ctx.db, { email: `Reset.Me${Date.now()}@Example.ng` });
      await post(ctx.app, 'recover-password', { email: email.toLowerCase() });
      await ctx.app.mailer.idle();
      const mail = await ctx.db.query<{ to_address: string; subject: string }>(
        'SELECT to_address, subject FROM mail_outbox WHERE lower(to_address) = lower($1)',
        [email],
      );
      expect(mail.rows).toEqual([
        { to_address: email, subject: expect.stringMatching(/password/i) },
      ]);
      const link = await lastMailLink(ctx.db, email);
      expect(link.origin).toBe('http://backoffice.test');
      expect(link.pathname).toBe('/setpassword');
      expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
    });

    it('mails nothing for a disabled account, yet answers the same', async () => {
      const { account, email } = await createUser(ctx.db);
      await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [account.id]);
      const res = await post(ctx.app, 'recover-password', { email });
      expect(res.statusCode).toBe(200);
      expect(await mailsTo(email)).toBe(0);
    });
  });

  describe('set-password', () => {
    it('sets the new password: the old one fails with 401, the new one works', async () => {
      const { email, password, token } = await resetToken();
      const res = await post(ctx.app, 'set-password', { token, password: 'brand-new-secret' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect((await post(ctx.app, 'login', { email, password })).statusCode).toBe(401);
      expect(
        (await post(ctx.app, 'login', { email, password: 'brand-new-secret' })).statusCode,
      ).toBe(200);
    });

    it('ends every earlier session of the user', async () => {
      const user = await createUser(ctx.db);
      const first = await login(ctx.app, user.email, user.password);
      const second = await login(ctx.app, user.email, user.password);
      const bystander = await createUser(ctx.db);
      const theirs = await login(ctx.app, bystander.email, bystander.password);

      await post(ctx.app, 'recover-password', { email: user.email });
      const token = (await lastMailLink(ctx.db, user.email)).searchParams.get('token');
      expect(
        (await post(ctx.app, 'set-password', { token, password: 'brand-new-secret' })).statusCode,
      ).toBe(200);

      for (const s of [first, second]) {
        expect((await me(s.accessToken)).statusCode).toBe(401);
        expect((await post(ctx.app, 'refresh', { refreshToken: s.refreshToken })).statusCode).toBe(
          401,
        );
      }
      // Other users keep theirs.
      expect((await me(theirs.accessToken)).statusCode).toBe(200);
    });

    it('accepts a token only once', async () => {
      const { token } = await resetToken();
      expect(
        (await post(ctx.app, 'set-password', { token, password: 'first-new-pass' })).statusCode,
      ).toBe(200);
      const again = await post(ctx.app, 'set-password', { token, password: 'second-new-pass' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: expect.stringMatching(/invalid|expired/) });
    });

    it('refuses an expired token with 400 and keeps the old password', async () => {
      const { account, email, password, token } = await resetToken();
      await ctx.db.query(
        `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1`,
        [account.id],
      );
      expect(
        (await post(ctx.app, 'set-password', { token, password: 'brand-new-secret' })).statusCode,
      ).toBe(400);
      expect((await post(ctx.app, 'login', { email, password })).statusCode).toBe(200);
    });

    it('issues tokens that expire after one hour', async () => {
      const { account } = await resetToken();
      const r = await ctx.db.query<{ minutes: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
           FROM one_time_tokens WHERE account_id = $1 AND purpose = 'reset_password'`,
        [account.id],
      );
      expect(r.rows).toEqual([{ minutes: 60 }]);
    });

    it('refuses a password shorter than 8 characters with 400 naming password, keeping the token', async () => {
      const { token } = await resetToken();
      const res = await post(ctx.app, 'set-password', { token, password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', msg: expect.stringMatching(/8/) }]);
      expect(
        (await post(ctx.app, 'set-password', { token, password: 'long-enough' })).statusCode,
      ).toBe(200);
    });

    it('refuses a bogus token and an email-confirmation token with 400', async () => {
      expect(
        (
          await post(ctx.app, 'set-password', {
            token: 'never-issued',
            password: 'brand-new-secret',
          })
        ).statusCode,
      ).toBe(400);
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      const confirmToken = (await lastMailLink(ctx.db, body.email)).searchParams.get('token');
      const res = await post(ctx.app, 'set-password', {
        token: confirmToken,
        password: 'brand-new-secret',
      });
      expect(res.statusCode).toBe(400);
    });

    it('confirms the email of an unconfirmed user who follows the reset link', async () => {
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      await post(ctx.app, 'recover-password', { email: body.email });
      const link = await lastMailLink(ctx.db, body.email);
      expect(link.pathname).toBe('/setpassword');
      const token = link.searchParams.get('token');
      expect(
        (await post(ctx.app, 'set-password', { token, password: 'brand-new-secret' })).statusCode,
      ).toBe(200);
      const res = await post(ctx.app, 'login', { email: body.email, password: 'brand-new-secret' });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe('security: one reset link at a time', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  async function resetLink(email: string) {
    expect((await post(ctx.app, 'recover-password', { email })).statusCode).toBe(200);
    return (await lastMailLink(ctx.db, email)).searchParams.get('token')!;
  }
  const setPassword = (token: string, password: string) =>
    post(ctx.app, 'set-password', { token, password });

  it('asking for a new link ends the older ones', async () => {
    const user = await createUser(ctx.db);
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect((await setPassword(older, 'older-link-pass-1')).statusCode).toBe(400);
    expect((await setPassword(newer, 'newer-link-pass-1')).statusCode).toBe(200);
  });

  it('using a link ends every other outstanding link, reset or invitation', async () => {
    const user = await createUser(ctx.db);
    const first = await resetLink(user.email);
    // Two links outstanding at once, e.g. one issued before this rule existed.
    const invitation = await ctx.app.repos.oneTimeTokens.issue(user.account.id, 'invitation', 60);
    expect((await setPassword(first, 'first-link-pass-1')).statusCode).toBe(200);
    const res = await setPassword(invitation, 'second-link-pass-1');
    expect(res.statusCode).toBe(400);
    expect(
      (await post(ctx.app, 'login', { email: user.email, password: 'first-link-pass-1' }))
        .statusCode,
    ).toBe(200);
  });

  it("leaves other users' links alone", async () => {
    const [a, b] = [await createUser(ctx.db), await createUser(ctx.db)];
    const linkOfA = await resetLink(a.email);
    await setPassword(await resetLink(b.email), 'b-new-pass-123');
    expect((await setPassword(linkOfA, 'a-new-pass-123')).statusCode).toBe(200);
  });
});
