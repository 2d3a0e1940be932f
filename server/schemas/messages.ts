import { Type, type Static } from 'typebox';
import { messageLimits } from '../../reference/messageLimits';
import { ListQuery, MultiLine, SingleLine } from './common';

export const messageSortFields = ['id', 'created_at', 'subject'] as const;
export const recipientSortFields = ['full_name', 'company_name'] as const;

const nullableString = Type.Union([Type.String(), Type.Null()]);

export const Audience = Type.Enum(['companies', 'agents'], {
  description: 'companies: every active company owner; agents: every active agent',
});

const Subject = SingleLine({ minLength: 1, maxLength: messageLimits.subject });
const Body = MultiLine({ minLength: 1, maxLength: messageLimits.body });

export const NewMessage = Type.Object(
  {
    recipient_id: Type.Optional(Type.String({ format: 'uuid', description: 'To one user' })),
    audience: Type.Optional(Audience),
    subject: Subject,
    body: Body,
  },
  {
    additionalProperties: false,
    description: 'Either recipient_id or (staff with the Support label) audience',
  },
);
export type NewMessage = Static<typeof NewMessage>;

export const Message = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  sender_id: Type.String(),
  sender_name: Type.String(),
  sender_company_name: nullableString,
  recipient_id: nullableString,
  recipient_name: nullableString,
  recipient_company_name: nullableString,
  audience: Type.Union([Audience, Type.Null()]),
  recipient_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  box: Type.Enum(['inbox', 'sent'], { description: "The viewer's box: received or sent" }),
  read: Type.Boolean({ description: 'Whether the viewer has read it (always true when sent)' }),
});
export type Message = Static<typeof Message>;

export const MessageIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const MessageListQuery = ListQuery(
  messageSortFields,
  'JSON {box: "inbox"|"sent" (inbox when absent, both with id), q: subject or name, id: [..]}',
);

export const UnreadCount = Type.Object({ count: Type.Integer() });

export const Recipient = Type.Object({
  id: Type.String(),
  full_name: Type.String(),
  role: Type.String(),
  company_name: nullableString,
  staff: Type.Boolean({ description: "The provider's staff (admin area)" }),
});
export type Recipient = Static<typeof Recipient>;

export const RecipientListQuery = ListQuery(
  recipientSortFields,
  'JSON {q: name, email or company, id: [..]}',
);
