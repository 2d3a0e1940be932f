import { lagosDate } from '../../reference/lagosTime';
import { paymentVariables, type MoneySettings } from '../config';
import type { HowToPay } from '../schemas/wallet';
import type { Queryable } from '../db';
import { fieldError } from '../errors';
import type { LedgerRepository } from '../repositories/ledger';
import { bankReferenceKey, fundingMovement } from './ledger';

/** What a company is told about paying in (schemas/wallet.ts): shown with its wallet. */
export type { HowToPay };

/**
 * A way money reaches a company's wallet. Recorded bank transfers ship; a card or transfer
 * gateway would confirm its payments the same way: one unique reference per payment, and the
 * details the ledger keeps with it.
 */
export interface PaymentMethod<Input> {
  /** The method a credit's details name (`details.method`). */
  readonly id: string;
  /** `holdsDemo`: the database holds the demo data (which may show the demo's account). */
  howToPay(settings: MoneySettings, holdsDemo: boolean): HowToPay;
  /** Checks one payment; a bad field is a 400 naming it. */
  record(input: Input): { reference: string; details: Record<string, unknown> };
}

/** The demo's made-up account: shown, marked as such, only over the demo data. */
const demoPaymentAccount = {
  bank_name: 'Wema Bank',
  account_name: 'Verification Back-office Ltd',
  account_number: '0123456789',
};

/** An admin records a transfer seen on the provider's bank statement. */
export const recordedBankTransfer: PaymentMethod<{ reference: string; paid_at: string }> = {
  id: 'bank_transfer',
  howToPay(s, holdsDemo) {
    if (s.paymentAccount === 'configured') {
      return {
        status: 'configured',
        bank_name: s.bankName,
        account_name: s.accountName,
        account_number: s.accountNumber,
        instructions:
          'Pay by bank transfer to this account, with your company name as the narration. ' +
          'Your wallet is credited once the payment is confirmed.',
        missing: [],
      };
    }
    if (holdsDemo && s.missingPaymentVariables.length === paymentVariables.length) {
      return {
        status: 'demo',
        ...demoPaymentAccount,
        instructions:
          "This is the demo data's made-up account: do not send money to it. The provider sets " +
          `its own with ${paymentVariables.join(', ')}.`,
        missing: s.missingPaymentVariables,
      };
    }
    return {
      status: 'not_configured',
      bank_name: null,
      account_name: null,
      account_number: null,
      instructions:
        'The provider has not set up its bank account for payments yet: it must set ' +
        `${s.missingPaymentVariables.join(', ')} on its server.`,
      missing: s.missingPaymentVariables,
    };
  },
  record(input) {
    const reference = input.reference.trim();
    if (!reference) throw fieldError('reference', 'reference must not be blank');
    if (!bankReferenceKey(reference)) {
      throw fieldError(
        'reference',
        'reference must be letters and digits (separators are ignored)',
      );
    }
    const day = new Date(`${input.paid_at}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.paid_at) {
      throw fieldError('paid_at', 'paid_at must be a date as yyyy-MM-dd');
    }
    if (input.paid_at > lagosDate()) {
      throw fieldError('paid_at', 'paid_at must not be in the future');
    }
    return {
      reference,
      details: {
        method: recordedBankTransfer.id,
        bank_reference: reference,
        paid_at: input.paid_at,
      },
    };
  },
};

/**
 * Credits a company's wallet with one payment, checked by its method (a bad field is a 400 naming
 * it), in the caller's transaction: the way money comes in, for the route and the demo alike.
 * The same reference again posts nothing; answers the movement's reference, to read the first.
 * `at` dates the credit (now unless given: the demo's past).
 */
export async function fundWallet<Input>(
  ledger: LedgerRepository,
  method: PaymentMethod<Input>,
  payment: { companyId: string; amountKobo: number; input: Input },
  createdBy: string | null,
  tx: Queryable,
  at?: Date,
) {
  const { reference, details } = method.record(payment.input);
  const movement = fundingMovement(
    payment.companyId,
    payment.amountKobo,
    reference,
    details,
    createdBy,
  );
  await ledger.post([{ ...movement, at }], tx);
  return movement.reference;
}
