import type { Payout, SettlePayoutBody } from '../../../server/schemas/payouts';
import type { Transaction, Invoice, InvoiceMonth } from '../../../server/schemas/transactions';
import type { BankAccount, FundWalletBody, HowToPay, Wallet } from '../../../server/schemas/wallet';

/** The money wire types are the server's (server/schemas): one definition on both sides. */
export type {
  BankAccount,
  FundWalletBody,
  HowToPay,
  Invoice,
  InvoiceMonth,
  Payout,
  Transaction,
  Wallet,
};
export type InvoiceLine = Invoice['lines'][number];
export {
  payeeTypes,
  payoutStatuses,
  transactionKinds,
  transactionStatuses,
  type PayeeType,
  type PayoutStatus,
  type TransactionKind,
  type TransactionStatus,
} from '../../../reference/money';

/** `PATCH /payouts/{id}`: mark paid with the bank's reference, or failed with a reason. */
export type PayoutOutcome = SettlePayoutBody &
  ({ status: 'paid'; reference: string } | { status: 'failed'; reason: string });

/** Who `POST /payouts` pays: an agent or a partner company. */
export type PayoutPayee = { agent_id: string } | { company_id: string };

/** `PUT /wallet/bank-details`: where a partner company's earnings are paid. */
export type BankAccountInput = Omit<BankAccount, 'bank_name'>;
