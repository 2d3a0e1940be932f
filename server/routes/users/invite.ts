import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError } from '../../errors';
import { EmailTakenError, pendingInvitationHash } from '../../repositories/accounts';
import { errorResponses, MessageBody } from '../../schemas/common';
import { InviteAdminBody } from '../../schemas/users';
import { areaOf } from '../../services/accountView';
import { normalizeNigerianPhone } from '../../services/phone';
import { spendAttempt, throttles } from '../../services/throttles';
import { grantableLabels } from '../../services/userAccess';

/** How long the mailed link lets the invited user choose their password. */
const invitationTtlMinutes = 7 * 24 * 60;

/** The same answer whether or not the email has an account, so that it tells nobody which. */
const invitationAnswer =
  'Invitation sent: they will get an email with a link to set their password.';

const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts, oneTimeTokens, rateLimits } = app.repos;
  const { publicUrl } = app.config;

  app.post(
    '/auth/invite-admin',
    {
      config: { access: 'users.create', audit: 'user.invite' },
      schema: {
        tags: ['users'],
        summary:
          'Invite a sub-admin (by provider staff) or a sub-user of your company (by a company) by mail',
        description:
          'Spec §3 "New admin payload" without the password: the invited user follows the mailed ' +
          'link and chooses their own (`POST /auth/set-password`), and cannot sign in before. ' +
          'An email that already has an account gets the same 202 answer; nothing is created and ' +
          'its owner is mailed instead. `permission` holds labels of reference/permissions.ts, ' +
          'never one the creator does not hold (403 naming `permission`). At most ' +
          `${throttles.invitesPerInviter.limit} invitations an hour per inviter and ` +
          `${throttles.invitesPerCompany.limit} per company (then 429).`,
        body: InviteAdminBody,
        response: { 202: MessageBody, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const creator = request.account;
      const firstName = b.first_name.trim();
      const lastName = b.last_name.trim();
      if (!firstName) throw fieldError('first_name', 'first_name must not be empty');
      if (!lastName) throw fieldError('last_name', 'last_name must not be empty');
      const phone = normalizeNigerianPhone(b.phone);
      const permissions = grantableLabels(creator, b.permission);
      const companyId = areaOf(creator) === 'company' ? creator.company_id : null;
      await spendAttempt(rateLimits, reply, throttles.invitesPerInviter, creator.id);
      await spendAttempt(rateLimits, reply, throttles.invitesPerCompany, companyId ?? 'provider');
      const email = b.email.trim();
      try {
        await app.db.transaction(async (tx) => {
          const account = await accounts.create(
            {
              role: 'sub-admin',
              first_name: firstName,
              last_name: lastName,
              email,
              phone,
              password_hash: pendingInvitationHash,
              company_id: companyId,
              permissions,
              // Proved, with the password chosen, by following the mailed link.
              confirmed: false,
              address: b.address?.trim() || null,
            },
            tx,
          );
          const token = await oneTimeTokens.issue(
            account.id,
            'invitation',
            invitationTtlMinutes,
            tx,
          );
          const where = creator.company_name ?? 'the verification back-office';
          await app.mailer.enqueue(
            {
              to: account.email,
              subject: 'You have been added to the verification back-office',
              text:
                `Hello ${account.first_name},\n\n${creator.first_name} ${creator.last_name} has ` +
                `added you to ${where}.\nChoose your password here to start (the link works ` +
                `for 7 days):\n${publicUrl}/setpassword?token=${token}\n\n` +
                'If you did not expect this, ignore this mail: no account works without a ' +
                'password you choose.',
            },
            tx,
          );
        });
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        await mailOwnerOfTakenEmail(email);
      }
      return reply.code(202).send({ message: invitationAnswer });
    },
  );

  /** An invitation named an email that has an account: its owner hears of it, nobody else. */
  async function mailOwnerOfTakenEmail(email: string) {
    const owner = await accounts.findByEmail(email);
    if (!owner || owner.status !== 1) return;
    await app.mailer.enqueue({
      to: owner.email,
      subject: 'Someone tried to add your email to the verification back-office',
      text:
        `Hello ${owner.first_name},\n\nSomeone tried to add this email to a team in the ` +
        'verification back-office, but it already has an account. Nothing was changed: your ' +
        `account stays as it is. Log in here as usual:\n${publicUrl}/login\n`,
    });
  }
};

export default inviteRoutes;
