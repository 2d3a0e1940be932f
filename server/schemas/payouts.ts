import { Type, type Static } from 'typebox';
import { payeeTypes, payoutStatuses } from '../../reference/money';
import { MultiLine, SingleLine } from './common';

const dateTime = Type.String({ format: 'date-time' });
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

export { payeeTypes, payoutStatuses };
export const payoutSortFields = ['id', 'created_at', 'amount', 'status'] as const;

export const Payout = Type.Object({
  id: Type.String({ format: 'uuid' }),
  payee_type: Type.Enum([...payeeTypes], { description: 'An agent or a partner company' }),
  payee_id: Type.String({ description: "The agent's account or the company" }),
  payee_name: Type.String(),
  agent_id: orNull(Type.String()),
  agent_name: orNull(Type.String()),
  agent_email: orNull(Type.String()),
  company_id: orNull(Type.String()),
  amount: Type.Number({ description: 'NGN' }),
  status: Type.Enum([...payoutStatuses]),
  reference: orNull(Type.String({ description: "The bank's reference once paid" })),
  reason: orNull(Type.String({ description: 'Why it failed' })),
  created_at: dateTime,
  updated_at: dateTime,
  settled_at: orNull(dateTime),
  bank_name: orNull(
    Type.String({ description: "From the agent's application or the company's bank details" }),
  ),
  account_number: orNull(Type.String()),
  account_name: orNull(Type.String()),
});
export type Payout = Static<typeof Payout>;

/** One payee: `agent_id` or `company_id`, not both. */
export const CreatePayoutBody = Type.Object(
  {
    agent_id: Type.Optional(Type.String({ format: 'uuid' })),
    company_id: Type.Optional(Type.String({ format: 'uuid', description: 'A partner company' })),
  },
  { additionalProperties: false },
);
export const CreatePayoutsBody = Type.Object(
  {
    agent_ids: Type.Array(Type.String({ format: 'uuid' }), {
      minItems: 1,
      maxItems: 1000,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

export const SettlePayoutBody = Type.Object(
  {
    status: Type.Enum(['paid', 'failed']),
    reference: Type.Optional(
      SingleLine({ minLength: 1, maxLength: 100, description: "Required when paid: the bank's" }),
    ),
    reason: Type.Optional(
      MultiLine({ minLength: 1, maxLength: 500, description: 'Required when failed' }),
    ),
  },
  { additionalProperties: false },
);
export type SettlePayoutBody = Static<typeof SettlePayoutBody>;

export const PayoutIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const PayoutListQuery = Type.Object({
  sort: Type.Optional(
    Type.String({
      description: `JSON ["field","ASC"|"DESC"]; fields: ${payoutSortFields.join(', ')}`,
    }),
  ),
  range: Type.Optional(Type.String({ description: 'JSON [first, last], inclusive' })),
  filter: Type.Optional(
    Type.String({
      description: 'JSON object: status, payee_type, agent_id, company_id, id (a list: getMany)',
    }),
  ),
});
