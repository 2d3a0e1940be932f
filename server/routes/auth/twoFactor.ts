import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conflict, HttpError, unauthorized } from '../../errors';
import type { AccountRow } from '../../repositories/accounts';
import { noteAudit } from '../../services/audit';
import { spendAttempt, throttles } from '../../services/throttles';
import { newRecoveryCodes, recoveryCodeHash } from '../../services/twoFactor';
import {
  RecoveryCodes,
  SessionBody,
  type SessionAnswer,
  TwoFactorCodeBody,
  TwoFactorPolicy,
  TwoFactorSetup,
  TwoFactorVerifyBody,
} from '../../schemas/auth';
import { errorResponses, MessageBody } from '../../schemas/common';

export interface TwoFactorRoutesOptions {
  /** Starts a session for an account whose password and code are both proven. */
  openSession: (account: AccountRow, request: FastifyRequest) => Promise<SessionAnswer>;
}

const tooManyCodes = 'Too many wrong codes. Please wait 15 minutes and try again.';
const ticketEnded = 'Your sign-in has expired. Please log in again.';

/** A wrong code, named by its field: 400 while signed in, 401 on the way in (verify). */
const wrongCode = (status: 400 | 401) =>
  new HttpError(status, 'The code is not valid', [{ field: 'code', msg: 'The code is not valid' }]);

/**
 * Two-factor sign-in (TOTP and recovery codes) under /auth/2fa: setup, enable, the sign-in's
 * second step, disable, and the policies that require it.
 */
const twoFactorRoutes: FastifyPluginAsyncTypebox<TwoFactorRoutesOptions> = async (app, opts) => {
  const { accounts, oneTimeTokens, rateLimits, twoFactor: repo } = app.repos;
  const tags = ['auth'];

  /** Every code tried counts, per account and per address, before it is checked. */
  async function spendCodeAttempt(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    await spendAttempt(rateLimits, reply, throttles.twoFactorPerIp, request.ip, tooManyCodes);
    await spendAttempt(rateLimits, reply, throttles.twoFactorPerAccount, accountId, tooManyCodes);
  }

  /** A right code takes its attempts back, as a right password does. */
  async function undoCodeAttempt(request: FastifyRequest, accountId: string) {
    await rateLimits.undo(throttles.twoFactorPerIp.bucket, request.ip);
    await rateLimits.clear(throttles.twoFactorPerAccount.bucket, accountId);
  }

  app.post(
    '/setup',
    {
      config: { access: 'signed-in', audit: 'auth.2fa_setup', duringTwoFactorSetup: true },
      schema: {
        tags,
        summary:
          'Start turning two-factor sign-in on: a new secret, confirmed by POST /auth/2fa/enable',
        description:
          'Each call replaces the secret not yet confirmed. 409 when two-factor sign-in is on.',
        response: { 200: TwoFactorSetup, ...errorResponses(409) },
      },
    },
    async (request) => {
      const account = request.account;
      if (account.two_factor_enabled) throw conflict('Two-factor sign-in is already on');
      const { secret, sealed, otpauth_url } = app.twoFactor.newSecret(account.email);
      await repo.setPending(account.id, sealed);
      return { secret, otpauth_url };
    },
  );

  app.post(
    '/enable',
    {
      config: { access: 'signed-in', audit: 'auth.2fa_enable', duringTwoFactorSetup: true },
      schema: {
        tags,
        summary:
          'Turn two-factor sign-in on with a code of the new secret; answers 10 recovery codes',
        description: 'The recovery codes are shown this once; only their hashes are kept.',
        body: TwoFactorCodeBody,
        response: { 200: RecoveryCodes, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const account = request.account;
      await spendCodeAttempt(request, reply, account.id);
      const row = await repo.find(account.id);
      if (row?.enabled_at) throw conflict('Two-factor sign-in is already on');
      if (!row?.pending_secret_sealed) {
        throw conflict('Set up two-factor sign-in first (POST /auth/2fa/setup)');
      }
      const step = app.twoFactor.pendingStep(row.pending_secret_sealed, request.body.code);
      if (step === null) throw wrongCode(400);
      const codes = newRecoveryCodes();
      const enabled = await app.db.transaction((tx) =>
        repo.enable(
          account.id,
          step,
          codes.map((c) => recoveryCodeHash(account.id, c)),
          tx,
        ),
      );
      if (!enabled) throw conflict('Two-factor sign-in is already on');
      await undoCodeAttempt(request, account.id);
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/verify',
    {
      config: { access: 'public', audit: 'auth.2fa_verify' },
      schema: {
        tags,
        summary:
          "Sign-in's second step: the ticket of POST /auth/login and a code; answers the tokens",
        description:
          'The code is a 6-digit authenticator code (each accepted once) or a recovery code ' +
          '(spent). The ticket works once, for 5 minutes. Wrong codes are throttled per account ' +
          'and per address.',
        body: TwoFactorVerifyBody,
        response: { 200: SessionBody, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { ticket, code } = request.body;
      await spendAttempt(rateLimits, reply, throttles.twoFactorPerIp, request.ip, tooManyCodes);
      const ticketAccount = await oneTimeTokens.accountOf(ticket, 'two_factor_ticket');
      if (!ticketAccount) throw unauthorized(ticketEnded);
      noteAudit(request, { actorId: ticketAccount });
      await spendAttempt(
        rateLimits,
        reply,
        throttles.twoFactorPerAccount,
        ticketAccount,
        tooManyCodes,
      );
      const outcome = await app.db.transaction(async (tx) => {
        const checked = await app.twoFactor.check(ticketAccount, code, tx);
        if (checked === 'wrong') return 'wrong' as const;
        // Spent with the code, so that a ticket opens one session at most.
        const spentBy = await oneTimeTokens.spend(ticket, 'two_factor_ticket', tx);
        if (spentBy !== ticketAccount) return 'ended' as const;
        return checked;
      });
      if (outcome === 'wrong') throw wrongCode(401);
      if (outcome === 'ended') throw unauthorized(ticketEnded);
      await undoCodeAttempt(request, ticketAccount);
      const account = await accounts.findById(ticketAccount);
      // Disabled or suspended in the minutes since the password: the sign-in ends here.
      if (!account || account.status !== 1 || account.company_suspended_at) {
        throw unauthorized(ticketEnded);
      }
      noteAudit(request, { companyId: account.company_id });
      return opts.openSession(account, request);
    },
  );

  app.post(
    '/disable',
    {
      config: { access: 'signed-in', audit: 'auth.2fa_disable' },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off with a current code or a recovery code',
        body: TwoFactorCodeBody,
        response: { 200: MessageBody, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const account = request.account;
      if (!account.two_factor_enabled) throw conflict('Two-factor sign-in is not on');
      await spendCodeAttempt(request, reply, account.id);
      const done = await app.db.transaction(async (tx) => {
        if ((await app.twoFactor.check(account.id, request.body.code, tx)) === 'wrong') {
          return false;
        }
        await repo.disable(account.id, tx);
        return true;
      });
      if (!done) throw wrongCode(400);
      await undoCodeAttempt(request, account.id);
      return { message: 'Two-factor sign-in is off' };
    },
  );

  app.put(
    '/policy/admin-area',
    {
      config: { access: 'two_factor.admin_policy', audit: 'auth.2fa_policy' },
      schema: {
        tags,
        summary: 'Require two-factor sign-in of every account of the admin area (super-admins)',
        body: TwoFactorPolicy,
        response: { 200: TwoFactorPolicy },
      },
    },
    async (request) => {
      await repo.setAdminAreaPolicy(request.body.required);
      return { required: request.body.required };
    },
  );

  app.put(
    '/policy/company',
    {
      config: { access: 'two_factor.company_policy', audit: 'auth.2fa_policy' },
      schema: {
        tags,
        summary: "Require two-factor sign-in of the caller's company's users (its owner)",
        body: TwoFactorPolicy,
        response: { 200: TwoFactorPolicy },
      },
    },
    async (request) => {
      // The caller's own company: a company area account always has one.
      await repo.setCompanyPolicy(request.account.company_id!, request.body.required);
      return { required: request.body.required };
    },
  );
};

export default twoFactorRoutes;
