import { Type, type Static } from 'typebox';
import { SingleLine } from './common';
import { Money } from './transactions';

export const WalletQuery = Type.Object({
  company_id: Type.Optional(Type.String({ format: 'uuid', description: 'Admins: this company' })),
  agent_id: Type.Optional(Type.String({ format: 'uuid', description: 'Admins: this agent' })),
});

const orNull = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const HowToPay = Type.Object({
  status: Type.Enum(['configured', 'demo', 'not_configured'], {
    description:
      "configured: the operator's account (PAYMENT_*); demo: the demo data's made-up account, " +
      'not a real one; not_configured: no account yet (see `missing`)',
  }),
  bank_name: orNull('Null until configured'),
  account_name: orNull('Null until configured'),
  account_number: orNull('Null until configured: never an invented number'),
  instructions: Type.String(),
  missing: Type.Array(Type.String(), {
    description: 'The PAYMENT_* variables the operator must still set',
  }),
});
export type HowToPay = Static<typeof HowToPay>;

export const BankAccountBody = Type.Object(
  {
    bank_code: Type.String({ maxLength: 10, description: 'A code from GET /banks' }),
    account_number: Type.String({
      maxLength: 20,
      description: 'NUBAN: 10 digits, checked against the bank code',
    }),
    account_name: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const BankAccount = Type.Object({
  bank_code: Type.String(),
  bank_name: Type.String(),
  account_number: Type.String(),
  account_name: Type.String(),
});
export type BankAccount = Static<typeof BankAccount>;

export const Wallet = Type.Object({
  balance: Type.Number({
    description: "NGN: a company's wallet, or an agent's earnings available for payout",
  }),
  earnings: Type.Number({ description: 'NGN: every fee ever credited to this company or agent' }),
  available: Type.Number({
    description: "NGN: the earnings available for payout (a partner company's or an agent's)",
  }),
  bank_account: Type.Union([BankAccount, Type.Null()], {
    description:
      "Where a company's earnings are paid out; null until its owner sets it, and for agents",
  }),
  how_to_pay: HowToPay,
});
export type Wallet = Static<typeof Wallet>;

export const FundWalletBody = Type.Object(
  {
    company_id: Type.String({ format: 'uuid' }),
    amount: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1_000_000_000,
      description: 'NGN received, more than 0, at most 2 decimals',
    }),
    reference: SingleLine({
      minLength: 1,
      maxLength: 100,
      description: "The bank transfer's reference: the same reference again credits nothing",
    }),
    paid_at: Type.String({ format: 'date', description: 'yyyy-MM-dd, not in the future' }),
  },
  { additionalProperties: false },
);
export type FundWalletBody = Static<typeof FundWalletBody>;
export { Money };
