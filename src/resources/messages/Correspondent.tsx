import { useTranslate } from 'react-admin';
import type { Message } from './types';

/**
 * The other party of a message: its sender in the inbox; in the sent box its recipient, or the
 * audience of a broadcast with how many it reached. Names carry their company when they have one.
 */
export const Correspondent = ({ message: m }: { message: Message }) => {
  const translate = useTranslate();
  const named = (name: string | null, company: string | null) =>
    company ? `${name ?? ''} · ${company}` : (name ?? '');
  if (m.box === 'inbox') return <>{named(m.sender_name, m.sender_company_name)}</>;
  if (m.audience) {
    return (
      <>
        {translate(`app.messages.audience.${m.audience}`)} (
        {translate('app.messages.recipient_count', { smart_count: m.recipient_count })})
      </>
    );
  }
  return <>{named(m.recipient_name, m.recipient_company_name)}</>;
};
