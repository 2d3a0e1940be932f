import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as secrets from '../../../server/services/secrets';
import { throttles, type Throttle } from '../../../server/services/throttles';
import {
  createTestApp,
  createUser,
  lastMailLink,
  post,
  signupBody,
  uniqueIp,
  type TestContext,
} from '../helpers';

describe('security: throttles count before the work and answer 429 with Retry-After', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());
  // Counts argon2 hashing, which stays real.
  const hashPassword = vi.spyOn(secrets, 'hashPassword');
  beforeEach(() => {
    hashPassword.mockClear();
  });
  // The next file of this worker shares the module (vitest.config.ts: isolate false).
  afterAll(() => hashPassword.mockRestore());

  /** Sends `call()` until the throttle's limit is used up, then once more: that one is 429. */
  async function exhaust(throttle: Throttle, call: (i: number) => Promise<{ statusCode: number }>) {
    for (let i = 0; i < throttle.limit; i++) {
      expect((await call(i)).statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    const refused = (await call(throttle.limit)) as Awaited<ReturnType<typeof post>>;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/too many/i) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(throttle.windowMinutes * 60);
    return refused;
  }

  describe('login', () => {
    it('lets at most 10 of 20 parallel wrong passwords for one email from one address be checked', async () => {
      const { email } = await createUser(ctx.db);
      const ip = uniqueIp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(ctx.app, 'login', { email, password: `wrong-password-${i}` }, ip),
        ),
      );
      const { limit } = throttles.loginPerEmailAndIp;
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - limit);
    });
  });

  describe('sign-up', () => {
    it('limits sign-ups per IP', async () => {
      const ip = uniqueIp();
      await exhaust(throttles.signupPerIp, () => post(ctx.app, 'signup', signupBody(), ip));
    });

    it('limits sign-ups per email, in any letter case, before hashing the password', async () => {
      const email = `Often.Signed${Date.now()}@example.ng`;
      await exhaust(throttles.signupPerEmail, (i) =>
        post(ctx.app, 'signup', signupBody({ email: i % 2 ? email : email.toLowerCase() })),
      );
      expect(hashPassword).toHaveBeenCalledTimes(throttles.signupPerEmail.limit);
    });
  });

  describe('recover-password', () => {
    it('limits requests per email, mailing no more than the limit', async () => {
      const { email } = await createUser(ctx.db);
      await exhaust(throttles.recoverPerEmail, () => post(ctx.app, 'recover-password', { email }));
      await ctx.app.mailer.idle();
      const mails = await ctx.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email]);
      expect(mails.rows).toHaveLength(throttles.recoverPerEmail.limit);
    });

    it('limits requests per IP, for unknown emails too', async () => {
      const ip = uniqueIp();
      await exhaust(throttles.recoverPerIp, (i) =>
        post(ctx.app, 'recover-password', { email: `nobody-${i}@example.ng` }, ip),
      );
    });
  });

  describe('set-password', () => {
    it('refuses bogus tokens with 400 without running argon2', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(ctx.app, 'set-password', {
            token: `bogus-token-${i}-xxxxxxxxxxxxxxxxxxxx`,
            password: 'brand-new-secret',
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(400));
      expect(answers[0]!.json()).toEqual({ message: 'This link is invalid or has expired' });
      expect(hashPassword).not.toHaveBeenCalled();
    });

    it('still hashes and sets the password for a real token', async () => {
      const { email } = await createUser(ctx.db);
      await post(ctx.app, 'recover-password', { email });
      const token = (await lastMailLink(ctx.db, email)).searchParams.get('token');
      hashPassword.mockClear(); // creating the user hashed its password
      const res = await post(ctx.app, 'set-password', { token, password: 'brand-new-secret' });
      expect(res.statusCode).toBe(200);
      expect(hashPassword).toHaveBeenCalledTimes(1);
    });

    it('limits attempts per IP', async () => {
      const ip = uniqueIp();
      await exhaust(throttles.setPasswordPerIp, (i) =>
        post(ctx.app, 'set-password', { token: `bogus-${i}`, password: 'brand-new-secret' }, ip),
      );
    });
  });

  describe('confirm-email', () => {
    it('limits attempts per IP', async () => {
      const ip = uniqueIp();
      await exhaust(throttles.confirmEmailPerIp, (i) =>
        post(ctx.app, 'confirm-email', { token: `bogus-${i}` }, ip),
      );
    });
  });
});
