import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { fieldError, forbidden, unauthorized, badRequest } from '../../errors';
import { EmailTakenError, type AccountRow } from '../../repositories/accounts';
import { accountView, companySuspended } from '../../services/accountView';
import { seenFrom } from '../../services/deviceName';
import { maskEmail, noteAudit } from '../../services/audit';
import { normalizeNigerianPhone } from '../../services/phone';
import { hashNewPassword } from '../../services/passwordPolicy';
import { verifyPassword } from '../../services/secrets';
import { spendAttempt, throttles } from '../../services/throttles';
import { ticketTtlMinutes } from '../../services/twoFactor';
import twoFactorRoutes from './twoFactor';
import {
  LoginBody,
  LogoutBody,
  RecoverBody,
  RefreshBody,
  SessionBody,
  SetPasswordBody,
  SignupBody,
  TokenBody,
  TwoFactorChallenge,
} from '../../schemas/auth';
import { errorResponses, MessageBody } from '../../schemas/common';

const confirmEmailTtlMinutes = 7 * 24 * 60;
const resetPasswordTtlMinutes = 60;
const badCredentials = 'Invalid email or password';
const invalidLink = 'This link is invalid or has expired';
const tooManyLogins = 'Too many failed login attempts. Please wait 15 minutes and try again.';
const signupAnswer = 'Account created. Check your email to confirm it.';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts, sessions, oneTimeTokens, rateLimits } = app.repos;
  const { publicUrl, superAdminEmails } = app.config;
  const tags = ['auth'];

  async function openSession(account: AccountRow, request: FastifyRequest, q = app.db) {
    const { sessionId, refreshToken } = await sessions.start(account.id, seenFrom(request), q);
    return {
      accessToken: await app.accessTokens.sign({ sub: account.id, sid: sessionId }),
      refreshToken,
      account: accountView(account, superAdminEmails),
    };
  }

  await app.register(twoFactorRoutes, { prefix: '/2fa', openSession });

  app.post(
    '/signup',
    {
      config: { access: 'public', audit: 'auth.signup' },
      schema: {
        tags,
        summary: 'Create an account; a company name makes it a company. Mails a confirmation link.',
        description:
          'Answers the same 201 when the email already has an account (so that sign-up does not ' +
          'tell who has one): nothing is created and the owner is mailed instead. An invitation ' +
          'to that email that nobody accepted yet is replaced by the new account.',
        body: SignupBody,
        response: { 201: MessageBody, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await spendAttempt(rateLimits, reply, throttles.signupPerIp, request.ip);
      await spendAttempt(rateLimits, reply, throttles.signupPerEmail, b.email.trim().toLowerCase());
      const firstName = b.first_name.trim();
      const lastName = b.last_name.trim();
      if (!firstName) throw fieldError('first_name', 'first_name must not be empty');
      if (!lastName) throw fieldError('last_name', 'last_name must not be empty');
      const phone = normalizeNigerianPhone(b.phone);
      const companyName = b.company_name?.trim() || null;
      const passwordHash = await hashNewPassword(b.password);
      try {
        await app.db.transaction(async (tx) => {
          // An invitation nobody accepted does not keep the address's owner out.
          await accounts.removePendingInvitation(b.email.trim(), tx);
          const companyId = await accounts.createCompany(companyName, tx);
          const account = await accounts.create(
            {
              role: 'company',
              first_name: firstName,
              last_name: lastName,
              email: b.email.trim(),
              phone,
              password_hash: passwordHash,
              company_id: companyId,
            },
            tx,
          );
          const token = await oneTimeTokens.issue(
            account.id,
            'confirm_email',
            confirmEmailTtlMinutes,
            tx,
          );
          await app.mailer.enqueue(
            {
              to: account.email,
              subject: 'Confirm your email',
              text:
                `Hello ${account.first_name},\n\nConfirm your email to start using your account:\n` +
                `${publicUrl}/confirmemail?token=${token}\n\nThe link works for 7 days.`,
            },
            tx,
          );
        });
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        await mailOwnerOfTakenEmail(b.email.trim());
      }
      return reply.code(201).send({ message: signupAnswer });
    },
  );

  /** Someone signed up with an email that has an account: its owner hears of it, nobody else. */
  async function mailOwnerOfTakenEmail(email: string) {
    const owner = await accounts.findByEmail(email);
    if (!owner || owner.status !== 1) return;
    await app.mailer.enqueue({
      to: owner.email,
      subject: 'Someone tried to sign up with your email',
      text:
        `Hello ${owner.first_name},\n\nSomeone tried to create an account with this email, ` +
        'which already has one. If it was you, log in here:\n' +
        `${publicUrl}/login\n\nForgot your password? Set a new one here:\n` +
        `${publicUrl}/recoverpassword\n\nIf it was not you, ignore this mail: nothing was changed.`,
    });
  }

  app.post(
    '/confirm-email',
    {
      config: { access: 'public', audit: 'auth.confirm_email' },
      schema: {
        tags,
        summary: 'Confirm an email with the token from the mailed link',
        body: TokenBody,
        response: { 200: MessageBody, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await spendAttempt(rateLimits, reply, throttles.confirmEmailPerIp, request.ip);
      const confirmed = await app.db.transaction(async (tx) => {
        const accountId = await oneTimeTokens.spend(request.body.token, 'confirm_email', tx);
        if (accountId) await accounts.confirmEmail(accountId, tx);
        return Boolean(accountId);
      });
      if (!confirmed) throw badRequest('This confirmation link is invalid or has expired');
      return { message: 'Email confirmed. You can now log in.' };
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', audit: 'auth.login' },
      schema: {
        tags,
        summary: 'Sign in; failures are throttled per email and IP, and per IP',
        description:
          'With two-factor sign-in on, answers a ticket instead of the tokens: ' +
          'POST /auth/2fa/verify with a code goes on.',
        body: LoginBody,
        response: {
          200: Type.Union([SessionBody, TwoFactorChallenge]),
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      const attemptKey = `${email.toLowerCase()}|${request.ip}`;
      const refuse = (reason: string, error: Error) => {
        noteAudit(request, { detail: { email: maskEmail(email), reason } });
        return error;
      };
      noteAudit(request, { detail: { email: maskEmail(email), reason: 'throttled' } });
      // Counted before the password is checked, so parallel guesses cannot overrun the limit.
      await spendAttempt(rateLimits, reply, throttles.loginPerIp, request.ip, tooManyLogins);
      await spendAttempt(
        rateLimits,
        reply,
        throttles.loginPerEmailAndIp,
        attemptKey,
        tooManyLogins,
      );
      const account = await accounts.findByEmail(email);
      if (!(await verifyPassword(account?.password_hash, request.body.password)) || !account) {
        throw refuse(account ? 'wrong_password' : 'unknown_email', unauthorized(badCredentials));
      }
      noteAudit(request, { actorId: account.id, companyId: account.company_id });
      // The right password is not a failed attempt.
      await rateLimits.undo(throttles.loginPerIp.bucket, request.ip);
      await rateLimits.undo(throttles.loginPerEmailAndIp.bucket, attemptKey);
      if (!account.email_confirmed_at) {
        throw refuse(
          'email_unconfirmed',
          forbidden(
            'Please confirm your email before logging in. Check your mailbox for the link.',
          ),
        );
      }
      if (account.status !== 1) throw refuse('disabled', forbidden('This account is disabled'));
      if (account.company_suspended_at) {
        throw refuse('company_suspended', forbidden(companySuspended));
      }
      if (account.role === 'agent') {
        throw refuse(
          'agent',
          forbidden(
            'Field agents work from the capture links sent to them; there is no back-office sign-in for agents.',
          ),
        );
      }
      await rateLimits.clear(throttles.loginPerEmailAndIp.bucket, attemptKey);
      if (account.two_factor_enabled) {
        // The password is proven; the session opens at the code (auth.2fa_verify).
        noteAudit(request, { detail: { reason: undefined, second_step: 'two_factor' } });
        const ticket = await oneTimeTokens.issue(account.id, 'two_factor_ticket', ticketTtlMinutes);
        return { twoFactorRequired: true as const, ticket };
      }
      noteAudit(request, { detail: { email: maskEmail(email), reason: undefined } });
      return openSession(account, request);
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: 'public', audit: 'auth.refresh' },
      schema: {
        tags,
        summary: 'Trade a refresh token for a new pair; a spent token ends its session',
        body: RefreshBody,
        response: { 200: SessionBody, ...errorResponses(401) },
      },
    },
    async (request) => {
      const result = await app.db.transaction(async (tx) => {
        const rotated = await sessions.rotate(
          request.body.refreshToken,
          app.config,
          seenFrom(request),
          tx,
        );
        if (!rotated.ok) return rotated;
        const account = await accounts.findById(rotated.accountId, tx);
        return { ...rotated, account };
      });
      // Thrown after the transaction, so that revoking a reused token's session is committed.
      if (!result.ok) throw unauthorized('Your session has ended. Please log in again.');
      const account = result.account;
      if (!account || account.status !== 1)
        throw unauthorized('Your session has ended. Please log in again.');
      if (account.company_suspended_at) throw unauthorized(companySuspended);
      return {
        accessToken: await app.accessTokens.sign({ sub: account.id, sid: result.sessionId }),
        refreshToken: result.refreshToken,
        account: accountView(account, superAdminEmails),
      };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', audit: 'auth.logout' },
      schema: {
        tags,
        summary: 'End the session of the presented refresh token',
        body: LogoutBody,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      const sessionId = await sessions.sessionOf(request.body.refreshToken);
      if (sessionId) await sessions.revoke(sessionId);
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signed-in', duringTwoFactorSetup: true },
      schema: {
        tags,
        summary: 'The signed-in account',
        response: { 200: Type.Ref('Account') },
      },
    },
    async (request) => accountView(request.account, superAdminEmails),
  );

  app.post(
    '/recover-password',
    {
      config: { access: 'public', audit: 'auth.recover_password' },
      schema: {
        tags,
        summary: 'Mail a password reset link; answers the same whether or not the email exists',
        body: RecoverBody,
        response: { 200: MessageBody, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      await spendAttempt(rateLimits, reply, throttles.recoverPerIp, request.ip);
      await spendAttempt(rateLimits, reply, throttles.recoverPerEmail, email.toLowerCase());
      // Looked up after answering: known and unknown emails are answered by the same code.
      app.mailer.writeSoon(async () => {
        const account = await accounts.findByEmail(email);
        if (!account || account.status !== 1) return;
        await app.db.transaction(async (tx) => {
          await oneTimeTokens.endOutstanding(account.id, ['reset_password'], tx);
          const token = await oneTimeTokens.issue(
            account.id,
            'reset_password',
            resetPasswordTtlMinutes,
            tx,
          );
          await app.mailer.enqueue(
            {
              to: account.email,
              subject: 'Reset your password',
              text:
                `Hello ${account.first_name},\n\nSet a new password here:\n` +
                `${publicUrl}/setpassword?token=${token}\n\n` +
                'The link works once, for one hour. If you did not ask for it, ignore this mail.',
            },
            tx,
          );
        });
      });
      return { message: 'If an account exists for this email, a reset link has been sent to it.' };
    },
  );

  app.post(
    '/set-password',
    {
      config: { access: 'public', audit: 'auth.set_password' },
      schema: {
        tags,
        summary: 'Set a new password with a mailed token (reset or invitation); ends all sessions',
        body: SetPasswordBody,
        response: { 200: MessageBody, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await spendAttempt(rateLimits, reply, throttles.setPasswordPerIp, request.ip);
      // A bogus token must not cost an argon2 run; the token is spent below, after hashing.
      if (!(await oneTimeTokens.isLive(request.body.token, ['reset_password', 'invitation']))) {
        throw badRequest(invalidLink);
      }
      const passwordHash = await hashNewPassword(request.body.password);
      const done = await app.db.transaction(async (tx) => {
        const accountId =
          (await oneTimeTokens.spend(request.body.token, 'reset_password', tx)) ??
          (await oneTimeTokens.spend(request.body.token, 'invitation', tx));
        if (!accountId) return false;
        // An older link mailed to the same box must not set the password again.
        await oneTimeTokens.endOutstanding(accountId, ['reset_password', 'invitation'], tx);
        await accounts.setPasswordHash(accountId, passwordHash, tx);
        // Following the mailed link proves the mailbox too.
        await accounts.confirmEmail(accountId, tx);
        await sessions.revokeAllOf(accountId, tx);
        return true;
      });
      if (!done) throw badRequest(invalidLink);
      return { message: 'Password set. You can now log in.' };
    },
  );
};

export default authRoutes;
