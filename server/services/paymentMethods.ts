import type { MoneySettings } from '../config';
import { fieldError } from '../errors';

/** What a company is told about paying in: shown with its wallet. */
export interface HowToPay {
  bank_name: string;
  account_name: string;
  account_number: string;
  instructions: string;
}

/**
 * A way money reaches a company's wallet. Recorded bank transfers ship; a card or transfer
 * gateway would confirm its payments the same way: one unique reference per payment, and the
 * details the ledger keeps with it.
 */
export interface PaymentMethod<Input> {
  readonly id: string;
  howToPay(settings: MoneySettings): HowToPay;
  /** Checks one payment; a bad field is a 400 naming it. */
  record(input: Input): { reference: string; details: Record<string, unknown> };
}

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);

/** An admin records a transfer seen on the provider's bank statement. */
export const recordedBankTransfer: PaymentMethod<{ reference: string; paid_at: string }> = {
  id: 'bank_transfer',
  howToPay: (s) => ({
    bank_name: s.bankName,
    account_name: s.accountName,
    account_number: s.accountNumber,
    instructions:
      'Pay by bank transfer to this account, with your company name as the narration. ' +
      'Your wallet is credited once the payment is confirmed.',
  }),
  record(input) {
    const reference = input.reference.trim();
    if (!reference) throw fieldError('reference', 'reference must not be blank');
    const day = new Date(`${input.paid_at}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.paid_at) {
      throw fieldError('paid_at', 'paid_at must be a date as yyyy-MM-dd');
    }
    if (input.paid_at > lagosToday()) {
      throw fieldError('paid_at', 'paid_at must not be in the future');
    }
    return {
      reference,
      details: { method: 'bank_transfer', bank_reference: reference, paid_at: input.paid_at },
    };
  },
};
