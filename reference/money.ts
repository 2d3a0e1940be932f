/**
 * Money is integer kobo inside, NGN with at most 2 decimals on the wire (DESIGN §3); the words of
 * the money API that the server checks and the web offers as choices.
 */

export const koboPerNaira = 100;

/** NGN → kobo, rounded to the nearest kobo. */
export const roundedKobo = (ngn: number) => Math.round(ngn * koboPerNaira);

/** NGN → kobo, or undefined when the amount has more than 2 decimals. */
export function ngnToKobo(amount: number): number | undefined {
  const kobo = roundedKobo(amount);
  return Math.abs(amount * koboPerNaira - kobo) < 1e-6 ? kobo : undefined;
}

export const koboToNgn = (kobo: number | string | null): number | null =>
  kobo === null ? null : Number(kobo) / koboPerNaira;

const grouped = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An NGN amount as the app and its messages show it: `₦1,234.50`, `-₦20.00`. */
export const formatNaira = (ngn: number) =>
  `${ngn < 0 ? '-' : ''}₦${grouped.format(Math.abs(ngn))}`;

/** `NGN 1,234.50`: PDFs use the built-in Helvetica, which has no ₦ glyph. */
export const formatNgnText = (ngn: number) => `NGN ${grouped.format(ngn)}`;

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
