import type { NoticeTemplates } from '../repositories/messages';

/** `format()` takes `%` as its own: text from users is escaped before it joins a template. */
const literal = (text: string) => text.replaceAll('%', '%%');

/**
 * The mail each recipient of a message gets. Users who sign in are told a message is waiting
 * (its text stays in the back-office, behind their sign-in); agents do not sign in, so their
 * mail carries the message itself.
 */
export function messageNotices(m: {
  id: string;
  senderName: string;
  subject: string;
  body: string;
  publicUrl: string;
}): NoticeTemplates {
  const from = literal(m.senderName);
  const subject = literal(m.subject);
  return {
    subject: `New message: ${m.subject}`,
    forUsers:
      `Hello %1$s,\n\n${from} sent you a message in the verification back-office:\n` +
      `"${subject}"\n\nRead it here: ${literal(m.publicUrl)}/%2$s/messages/${m.id}/show\n`,
    forAgents: `Hello %1$s,\n\n${from} sent you this message:\n\n${subject}\n\n${literal(m.body)}\n`,
  };
}
