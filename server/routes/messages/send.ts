import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError, forbidden, notFound } from '../../errors';
import { errorResponses } from '../../schemas/common';
import { Message, NewMessage } from '../../schemas/messages';
import { messageNotices } from '../../services/messageNotices';
import { spendAttempt, throttles } from '../../services/throttles';
import { messageView, writerOf } from './view';

const audienceNames = { companies: 'company owners', agents: 'agents' } as const;

const sendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages, rateLimits } = app.repos;

  app.post(
    '/messages',
    {
      config: { access: 'signed-in', audit: 'message.send' },
      schema: {
        tags: ['messages'],
        summary: 'Send a message to one user, or to all companies or all agents',
        description:
          'To one user: provider staff may write to any active user, a company’s users to the ' +
          'provider’s staff and to their own company’s users; anyone else is 404. To an audience ' +
          "(every active company owner, or every active agent): staff with the 'Support' label. " +
          'Each recipient is mailed (agents get the message itself, as they do not sign in). ' +
          `At most ${throttles.messagesPerSender.limit} messages and ` +
          `${throttles.broadcastsPerSender.limit} broadcasts an hour per sender, and ` +
          `${throttles.messagesPerCompany.limit} messages an hour per company (then 429).`,
        body: NewMessage,
        response: { 201: Message, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const me = request.account;
      const subject = b.subject.trim();
      const body = b.body.trim();
      if (!subject) throw fieldError('subject', 'subject must not be empty');
      if (!body) throw fieldError('body', 'body must not be empty');
      if (b.recipient_id && b.audience) {
        throw fieldError('audience', 'Send to a recipient_id or to an audience, not both');
      }
      if (!b.recipient_id && !b.audience) {
        throw fieldError('recipient_id', 'recipient_id (or audience) is required');
      }
      if (b.recipient_id === me.id) {
        throw fieldError('recipient_id', 'You cannot send a message to yourself');
      }
      if (b.audience && !app.allows(request, 'messages.broadcast')) throw forbidden();

      // Counted before the recipient is looked up, so probing for users costs attempts too.
      await spendAttempt(rateLimits, reply, throttles.messagesPerSender, me.id);
      if (me.company_id) {
        await spendAttempt(rateLimits, reply, throttles.messagesPerCompany, me.company_id);
      }
      if (b.audience) await spendAttempt(rateLimits, reply, throttles.broadcastsPerSender, me.id);

      const sent = await app.db.transaction(async (tx) => {
        if (b.recipient_id && !(await messages.findWritable(writerOf(me), b.recipient_id, tx))) {
          throw notFound('Recipient not found');
        }
        const { id, recipientCount } = await messages.send(
          b.audience
            ? { senderId: me.id, audience: b.audience, subject, body }
            : { senderId: me.id, recipientId: b.recipient_id!, subject, body },
          tx,
        );
        if (recipientCount === 0 && b.audience) {
          throw fieldError(
            'audience',
            `There are no active ${audienceNames[b.audience]} to write to`,
          );
        }
        const notices = messageNotices({
          id,
          senderName: `${me.first_name} ${me.last_name}`,
          subject,
          body,
          publicUrl: app.config.publicUrl,
        });
        await app.mailer.enqueueSelected(messages.noticeMails(id, notices), tx);
        return (await messages.findVisible(id, me.id, tx))!;
      });
      return reply.code(201).send(messageView(sent));
    },
  );
};

export default sendRoutes;
