import type { Payout, SettlePayoutBody } from '../../../server/schemas/payouts';
import type { Transaction, Invoice } from '../../../server/schemas/transactions';
import type { FundWalletBody, Wallet } from '../../../server/schemas/wallet';

/** The money wire types are the server's (server/schemas): one definition on both sides. */
export type { FundWalletBody, Invoice, Payout, Transaction, Wallet };
export type InvoiceLine = Invoice['lines'][number];
export {
  payoutStatuses,
  transactionKinds,
  transactionStatuses,
  type PayoutStatus,
  type TransactionKind,
  type TransactionStatus,
} from '../../../reference/money';

/** `PATCH /payouts/{id}`: mark paid with the bank's reference, or failed with a reason. */
export type PayoutOutcome = SettlePayoutBody &
  ({ status: 'paid'; reference: string } | { status: 'failed'; reason: string });
