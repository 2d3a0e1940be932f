/** The words of the money API that the server checks and the web offers as choices. */

/** The kinds listed as transactions (a payout's settlement shows as the payout's status). */
export const transactionKinds = ['funding', 'charge', 'refund', 'fee', 'payout'] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/** Payment status: charges become refunded when their job is cancelled; payouts stay pending until settled. */
export const transactionStatuses = ['successful', 'pending', 'failed', 'refunded'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const payoutStatuses = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Who a payout pays: a field agent, or a partner company for the work assigned to it. */
export const payeeTypes = ['agent', 'company'] as const;
export type PayeeType = (typeof payeeTypes)[number];
