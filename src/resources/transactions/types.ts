import type { JobKind } from '../../../reference/jobKinds';
import type { JobStatus } from '../../../reference/jobStatuses';

/*
 * The money wire types, written against the contract of the money API (ledger, wallet,
 * transactions, payouts). Where the contract names no field, the names are the spec's screen
 * labels in snake_case. To be replaced by `import type` of server/schemas/transactions.ts once
 * the server side lands.
 */

/** What moved: a wallet funding, a job's charge or its refund, an assignee's fee, a payout. */
export const transactionKinds = [
  'funding',
  'charge',
  'refund',
  'fee',
  'payout',
  'payout_reversal',
] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const transactionStatuses = ['pending', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** A row of `GET /transactions`; `amount` in NGN, negative when it leaves the holder. */
export interface Transaction {
  id: string;
  reference: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: number;
  description: string;
  company_id: string | null;
  company_name: string | null;
  agent_id: string | null;
  agent_name: string | null;
  job_id: string | null;
  job_code: string | null;
  created_at: string;
}

/** `GET /transactions/{id}`: the row and the spec's Transaction details fields. */
export interface TransactionDetail extends Transaction {
  date_created: string;
  job_type: JobKind | null;
  identity_type: string | null;
  name: string | null;
  guarantor: string | null;
  job_assignment_date: string | null;
  amount_paid: number;
  payment_status: TransactionStatus;
  verification_status: string | null;
  job_status: JobStatus | null;
}

/** Where a company pays into its wallet (configured by the operator). */
export interface BankDetails {
  bank_name: string;
  account_name: string;
  account_number: string;
}

/** `GET /wallet` (admins add `?company_id=` or `?agent_id=`). */
export interface Wallet {
  balance: number;
  bank_details?: BankDetails | null;
}

/** `POST /wallet/fund` (admins). */
export interface FundWalletBody {
  company_id: string;
  amount: number;
  reference: string;
  /** yyyy-MM-dd */
  paid_at: string;
}

export interface InvoiceLine {
  date: string;
  job_code: string | null;
  job_type: JobKind | null;
  description: string;
  amount: number;
}

/** `GET /transactions/invoice?month=YYYY-MM` asked for JSON: what the PDF shows. */
export interface Invoice {
  month: string;
  company: { name: string; email: string | null; phone: string | null; address: string | null };
  lines: InvoiceLine[];
  subtotal: number;
  /** Percent, e.g. 7.5. */
  vat_rate: number;
  vat: number;
  total: number;
}

export const payoutStatuses = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** A row of `GET /payouts`; the bank details come from the agent's application. */
export interface Payout {
  id: string;
  agent_id: string;
  agent_name: string;
  amount: number;
  status: PayoutStatus;
  reference: string | null;
  reason: string | null;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  created_at: string;
  updated_at: string | null;
}

/** `PATCH /payouts/{id}`. */
export type PayoutOutcome =
  { status: 'paid'; reference: string } | { status: 'failed'; reason: string };
