import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError } from '../../errors';
import { EmailTakenError } from '../../repositories/accounts';
import { errorResponses } from '../../schemas/common';
import { InviteAdminBody, User } from '../../schemas/users';
import { areaOf } from '../../services/accountView';
import { hashNewPassword } from '../../services/passwordPolicy';
import { normalizeNigerianPhone } from '../../services/phone';
import { grantableLabels, userView } from '../../services/userAccess';

/** The mailed link lets the new user choose a password of their own instead of the given one. */
const invitationTtlMinutes = 7 * 24 * 60;

const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts, oneTimeTokens } = app.repos;
  const { publicUrl } = app.config;

  app.post(
    '/auth/invite-admin',
    {
      config: { access: 'users.create' },
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary:
          'Create a sub-admin (by provider staff) or a sub-user of your company (by a company), and mail them',
        description:
          'Spec §3 "New admin payload". The account can sign in at once with the given password; ' +
          'the mail also carries a link to choose their own. `permission` holds labels of ' +
          'reference/permissions.ts, never one the creator does not hold (403 naming `permission`).',
        body: InviteAdminBody,
        response: { 201: User, ...errorResponses(400, 401, 403) },
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
      const passwordHash = await hashNewPassword(b.password);
      const companyId = areaOf(creator) === 'company' ? creator.company_id : null;
      try {
        const created = await app.db.transaction(async (tx) => {
          const account = await accounts.create(
            {
              role: 'sub-admin',
              first_name: firstName,
              last_name: lastName,
              email: b.email.trim(),
              phone,
              password_hash: passwordHash,
              company_id: companyId,
              permissions,
              // The creator vouches for the address; the mail below reaches it either way.
              confirmed: true,
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
                `added you to ${where}.\nLog in with this email and the password you were given:\n` +
                `${publicUrl}/login\n\nOr choose your own password here (the link works for 7 days):\n` +
                `${publicUrl}/setpassword?token=${token}`,
            },
            tx,
          );
          return account;
        });
        app.mailer.deliverSoon();
        return reply.code(201).send(userView(created));
      } catch (err) {
        if (err instanceof EmailTakenError) {
          throw fieldError('email', 'An account with this email already exists');
        }
        throw err;
      }
    },
  );
};

export default inviteRoutes;
