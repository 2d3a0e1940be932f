import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';
import { messageNotices } from './messageNotices';

export interface Sender {
  id: string;
  first_name: string;
  last_name: string;
}

/**
 * A message from `sender` to one account, with its notice mail (queued in the caller's
 * transaction): how the back-office tells someone of something that happened to their jobs.
 */
export async function sendMessageWithMail(
  app: Pick<FastifyInstance, 'repos' | 'config' | 'mailer'>,
  m: { sender: Sender; recipientId: string; subject: string; body: string },
  tx: Queryable,
) {
  const { messages } = app.repos;
  const sent = await messages.send(
    { senderId: m.sender.id, recipientId: m.recipientId, subject: m.subject, body: m.body },
    tx,
  );
  const notices = messageNotices({
    id: sent.id,
    senderName: `${m.sender.first_name} ${m.sender.last_name}`,
    subject: m.subject,
    body: m.body,
    publicUrl: app.config.publicUrl,
  });
  await app.mailer.enqueueSelected(messages.noticeMails(sent.id, notices), tx);
  return sent.id;
}
