import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  count,
  createTestApp,
  createUser,
  lastMailLink,
  mailsTo,
  post,
  signupBody,
  type TestContext,
} from '../helpers';

describe('POST /auth/signup and /auth/confirm-email', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  /** Signs up, follows the mailed link and logs in; returns the login answer. */
  async function signupConfirmLogin(over: Record<string, unknown> = {}) {
    const body = signupBody(over);
    const res = await post(ctx.app, 'signup', body);
    expect(res.statusCode).toBe(201);
    const link = await lastMailLink(ctx.db, body.email);
    expect(
      (await post(ctx.app, 'confirm-email', { token: link.searchParams.get('token') })).statusCode,
    ).toBe(200);
    const login = await post(ctx.app, 'login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    return login.json();
  }

  const mailsQueuedTo = (email: string) =>
    count(ctx.db, 'mail_outbox WHERE lower(to_address) = lower($1)', [email]);

  describe('sign-up', () => {
    it('answers 201 and mails one confirmation link to the address', async () => {
      const body = signupBody();
      const res = await post(ctx.app, 'signup', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(await mailsQueuedTo(body.email)).toBe(1);

      const link = await lastMailLink(ctx.db, body.email);
      expect(link.origin).toBe('http://backoffice.test');
      expect(link.pathname).toBe('/confirmemail');
      expect([...link.searchParams.keys()]).toEqual(['token']);
      expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);

      const mail = await ctx.db.query<{ subject: string }>(
        'SELECT subject FROM mail_outbox WHERE to_address = $1',
        [body.email],
      );
      expect(mail.rows[0]!.subject).toMatch(/confirm/i);
    });

    it('stores only a hash of the confirmation token', async () => {
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      const token = (await lastMailLink(ctx.db, body.email)).searchParams.get('token')!;
      expect(await count(ctx.db, 'one_time_tokens WHERE token_hash = $1', [token])).toBe(0);
      expect(
        await count(
          ctx.db,
          `one_time_tokens t JOIN accounts a ON a.id = t.account_id
            WHERE a.email = $1 AND t.purpose = 'confirm_email' AND t.used_at IS NULL`,
          [body.email],
        ),
      ).toBe(1);
    });

    it('answers an email already taken, in any letter case, as a new one: 201, creating nothing', async () => {
      const first = signupBody({ company_name: 'First Ltd' });
      expect((await post(ctx.app, 'signup', first)).statusCode).toBe(201);
      const before = {
        companies: await count(ctx.db, 'companies'),
        accounts: await count(ctx.db, 'accounts'),
        mails: await count(ctx.db, 'mail_outbox'),
        tokens: await count(ctx.db, 'one_time_tokens'),
      };

      for (const email of [first.email, first.email.toUpperCase()]) {
        const res = await post(
          ctx.app,
          'signup',
          signupBody({ email, company_name: 'Second Ltd' }),
        );
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ message: 'Account created. Check your email to confirm it.' });
      }
      expect({
        companies: await count(ctx.db, 'companies'),
        accounts: await count(ctx.db, 'accounts'),
        mails: await count(ctx.db, 'mail_outbox'),
        tokens: await count(ctx.db, 'one_time_tokens'),
      }).toEqual({ ...before, mails: before.mails + 2 }); // the owner hears of each attempt
      expect(await count(ctx.db, `companies WHERE name = 'Second Ltd'`)).toBe(0);
    });

    it('mails the owner of a taken email, not a confirmation link', async () => {
      const { email } = await createUser(ctx.db, { role: 'admin', email: 'Ops.Person@Example.ng' });
      const res = await post(ctx.app, 'signup', signupBody({ email: email.toLowerCase() }));
      expect(res.statusCode).toBe(201);
      // Read as delivered: the outbox clears a body once the queue has sent it.
      const mails = await mailsTo(ctx.db, email);
      expect(mails.map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: email, subject: 'Someone tried to sign up with your email' },
      ]);
      expect(mails[0]!.text).toContain('http://backoffice.test/recoverpassword');
      expect(mails[0]!.text).not.toMatch(/token=/);
    });

    it.each([
      ['0803 123 4567', '+2348031234567'],
      ['08031234567', '+2348031234567'],
      ['2348031234567', '+2348031234567'],
      ['+234 803 123 4567', '+2348031234567'],
      ['0901-234-5678', '+2349012345678'],
    ])('stores the Nigerian phone %s as %s', async (phone, stored) => {
      const body = signupBody({ phone });
      expect((await post(ctx.app, 'signup', body)).statusCode).toBe(201);
      const r = await ctx.db.query<{ phone: string }>(
        'SELECT phone FROM accounts WHERE email = $1',
        [body.email],
      );
      expect(r.rows[0]!.phone).toBe(stored);
    });

    it('shows the normalised phone on the account after login', async () => {
      const { account } = await signupConfirmLogin({ phone: '0803 123 4567' });
      expect(account.phone).toBe('+2348031234567');
    });

    it.each([
      '+1 415 555 2671',
      '+44 20 7946 0958',
      '12345',
      'not a phone',
      '0803123456789',
      '0803 123 4567 99',
      '0123456789',
    ])('refuses the phone %s with 400 naming phone, creating nothing', async (phone) => {
      const body = signupBody({ phone });
      const res = await post(ctx.app, 'signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'phone', msg: expect.stringMatching(/phone/) }]);
      expect(await count(ctx.db, 'accounts WHERE email = $1', [body.email])).toBe(0);
      expect(await mailsQueuedTo(body.email)).toBe(0);
    });

    it('refuses a password shorter than 8 characters with 400 naming password', async () => {
      const body = signupBody({ password: '1234567' });
      const res = await post(ctx.app, 'signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', msg: expect.stringMatching(/8/) }]);
      expect(await count(ctx.db, 'accounts WHERE email = $1', [body.email])).toBe(0);
      // Exactly 8 is enough.
      expect((await post(ctx.app, 'signup', signupBody({ password: 'kq7-pz2w' }))).statusCode).toBe(
        201,
      );
    });

    it('makes a company account carrying the company name', async () => {
      const { account } = await signupConfirmLogin({ company_name: '  Ikeja Lenders Ltd ' });
      expect(account.role).toBe('company');
      expect(account.company_name).toBe('Ikeja Lenders Ltd');
      expect(account.isSuperAdmin).toBe(false);
      const r = await ctx.db.query<{ name: string }>(
        'SELECT c.name FROM companies c JOIN accounts a ON a.company_id = c.id WHERE a.id = $1',
        [account.id],
      );
      expect(r.rows).toEqual([{ name: 'Ikeja Lenders Ltd' }]);
    });

    it.each([undefined, '', '   '])(
      'without a company name (%j) still makes a company account, with no company_name',
      async (company_name) => {
        const { account } = await signupConfirmLogin(
          company_name === undefined ? {} : { company_name },
        );
        expect(account.role).toBe('company');
        expect(account).not.toHaveProperty('company_name');
        expect(account.first_name).toBe('Amaka');
        expect(account.uniqueCode).toMatch(/^CMP-\d{6}$/);
      },
    );

    it('trims names and keeps the email as typed', async () => {
      const { account } = await signupConfirmLogin({
        first_name: '  Chidi ',
        last_name: ' Eze  ',
        email: `Mixed.Case${Date.now()}@Example.ng`,
      });
      expect(account).toMatchObject({ first_name: 'Chidi', last_name: 'Eze' });
      expect(account.email).toMatch(/^Mixed\.Case\d+@Example\.ng$/);
    });
  });

  describe('email confirmation', () => {
    it('keeps an unconfirmed user out with 403 saying to confirm, then lets them in', async () => {
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      const before = await post(ctx.app, 'login', { email: body.email, password: body.password });
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({ message: expect.stringMatching(/confirm/i) });

      const token = (await lastMailLink(ctx.db, body.email)).searchParams.get('token');
      const confirm = await post(ctx.app, 'confirm-email', { token });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ message: expect.any(String) });

      const after = await post(ctx.app, 'login', { email: body.email, password: body.password });
      expect(after.statusCode).toBe(200);
    });

    it('does not count an unconfirmed login with the right password as a failure', async () => {
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      await post(ctx.app, 'login', { email: body.email, password: body.password });
      expect(
        await count(
          ctx.db,
          `rate_limits WHERE key LIKE lower($1) || '|%' AND bucket = 'login:email-ip' AND hits > 0`,
          [body.email],
        ),
      ).toBe(0);
    });

    it('refuses the same token a second time with 400', async () => {
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      const token = (await lastMailLink(ctx.db, body.email)).searchParams.get('token');
      expect((await post(ctx.app, 'confirm-email', { token })).statusCode).toBe(200);
      const again = await post(ctx.app, 'confirm-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: expect.stringMatching(/invalid|expired/) });
    });

    it('refuses a bogus token with 400', async () => {
      const res = await post(ctx.app, 'confirm-email', {
        token: 'bogus-token-that-was-never-issued',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });

    it('refuses an expired token with 400 and leaves the account unconfirmed', async () => {
      const body = signupBody();
      await post(ctx.app, 'signup', body);
      const token = (await lastMailLink(ctx.db, body.email)).searchParams.get('token');
      await ctx.db.query(
        `UPDATE one_time_tokens SET expires_at = now() - interval '1 minute'
          WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
        [body.email],
      );
      expect((await post(ctx.app, 'confirm-email', { token })).statusCode).toBe(400);
      expect(
        (await post(ctx.app, 'login', { email: body.email, password: body.password })).statusCode,
      ).toBe(403);
    });
  });
});
