import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoneySettings } from '../../../server/config';
import type { Queryable } from '../../../server/db';
import type { LedgerRepository, NewMovement } from '../../../server/repositories/ledger';
import { wallet } from '../../../server/services/ledger';
import { fundWallet, recordedBankTransfer } from '../../../server/services/paymentMethods';

/**
 * How money reaches a wallet: what a company is told about paying in, the checks of a recorded
 * bank transfer (each bad field a 400 naming it) and the credit it posts. The API's side is in
 * tests/server/money/wallet.test.ts.
 */

const company = '11111111-1111-4111-8111-111111111111';
const actor = '55555555-5555-4555-8555-555555555555';

const configured: MoneySettings = {
  paymentAccount: 'configured',
  missingPaymentVariables: [],
  bankName: 'Zenith Bank',
  accountName: 'Ikoyi Verifications Ltd',
  accountNumber: '1012345678',
  vatRatePercent: 7.5,
};
const unset: MoneySettings = {
  ...configured,
  paymentAccount: 'not_configured',
  missingPaymentVariables: ['PAYMENT_BANK_NAME', 'PAYMENT_ACCOUNT_NAME', 'PAYMENT_ACCOUNT_NUMBER'],
  bankName: '',
  accountNumber: '',
};

describe('recordedBankTransfer.howToPay', () => {
  it("shows the operator's configured account, with or without the demo", () => {
    const expected = {
      status: 'configured',
      bank_name: 'Zenith Bank',
      account_name: 'Ikoyi Verifications Ltd',
      account_number: '1012345678',
      instructions:
        'Pay by bank transfer to this account, with your company name as the narration. ' +
        'Your wallet is credited once the payment is confirmed.',
      missing: [],
    };
    expect(recordedBankTransfer.howToPay(configured, false)).toEqual(expected);
    expect(recordedBankTransfer.howToPay(configured, true)).toEqual(expected);
  });

  it("shows the demo's made-up account, marked, only over the demo with nothing configured", () => {
    expect(recordedBankTransfer.howToPay(unset, true)).toEqual({
      status: 'demo',
      bank_name: 'Wema Bank',
      account_name: 'Verification Back-office Ltd',
      account_number: '0123456789',
      instructions:
        "This is the demo data's made-up account: do not send money to it. The provider sets " +
        'its own with PAYMENT_BANK_NAME, PAYMENT_ACCOUNT_NAME, PAYMENT_ACCOUNT_NUMBER.',
      missing: unset.missingPaymentVariables,
    });
  });

  it('names the variables still to set, and no account, otherwise', () => {
    const partly = { ...unset, missingPaymentVariables: ['PAYMENT_ACCOUNT_NUMBER'] };
    const expected = (missing: string[]) => ({
      status: 'not_configured',
      bank_name: null,
      account_name: null,
      account_number: null,
      instructions:
        'The provider has not set up its bank account for payments yet: it must set ' +
        `${missing.join(', ')} on its server.`,
      missing,
    });
    expect(recordedBankTransfer.howToPay(unset, false)).toEqual(
      expected(unset.missingPaymentVariables),
    );
    // Some variables set is the operator's setup under way: never the demo's account.
    expect(recordedBankTransfer.howToPay(partly, true)).toEqual(
      expected(['PAYMENT_ACCOUNT_NUMBER']),
    );
  });
});

describe('recordedBankTransfer.record', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the trimmed reference and the day paid', () => {
    expect(
      recordedBankTransfer.record({ reference: '  GTB-2026/001 ', paid_at: '2026-01-15' }),
    ).toEqual({
      reference: 'GTB-2026/001',
      details: { method: 'bank_transfer', bank_reference: 'GTB-2026/001', paid_at: '2026-01-15' },
    });
  });

  it.each([
    ['', 'reference must not be blank'],
    ['   ', 'reference must not be blank'],
    ['--/--', 'reference must be letters and digits (separators are ignored)'],
    ['ПЛАТЁЖ-1', 'reference must be letters and digits (separators are ignored)'],
  ])('refuses the reference %j: %s', (reference, msg) => {
    expect(() => recordedBankTransfer.record({ reference, paid_at: '2026-01-15' })).toThrow(
      expect.objectContaining({ statusCode: 400, errors: [{ field: 'reference', msg }] }),
    );
  });

  it.each(['2026-02-30', '2026-1-15', '15/01/2026', '2026-01-15T10:00', ''])(
    'refuses paid_at %j, which is no yyyy-MM-dd date',
    (paid_at) => {
      expect(() => recordedBankTransfer.record({ reference: 'GTB1', paid_at })).toThrow(
        expect.objectContaining({
          statusCode: 400,
          errors: [{ field: 'paid_at', msg: 'paid_at must be a date as yyyy-MM-dd' }],
        }),
      );
    },
  );

  it('takes a payment of today in Lagos, and refuses tomorrow', () => {
    // 23:30 UTC on 14 January is already 15 January in Lagos (UTC+1).
    vi.useFakeTimers({ now: new Date('2026-01-14T23:30:00Z'), toFake: ['Date'] });
    expect(
      recordedBankTransfer.record({ reference: 'GTB1', paid_at: '2026-01-15' }).reference,
    ).toBe('GTB1');
    expect(() => recordedBankTransfer.record({ reference: 'GTB1', paid_at: '2026-01-16' })).toThrow(
      expect.objectContaining({
        statusCode: 400,
        errors: [{ field: 'paid_at', msg: 'paid_at must not be in the future' }],
      }),
    );
  });
});

describe('fundWallet', () => {
  function fakeLedger() {
    const posted: { movements: NewMovement[]; tx: unknown }[] = [];
    const ledger = {
      post: vi.fn(async (movements: NewMovement[], tx: unknown) => {
        posted.push({ movements, tx });
        return new Set<string>();
      }),
    } as unknown as LedgerRepository;
    return { ledger, posted };
  }
  const tx = { query: vi.fn() } as unknown as Queryable;

  it("credits the company's wallet in the caller's transaction, dated when given", async () => {
    const { ledger, posted } = fakeLedger();
    const at = new Date('2026-01-15T08:00:00Z');
    const reference = await fundWallet(
      ledger,
      recordedBankTransfer,
      {
        companyId: company,
        amountKobo: 250_000,
        input: { reference: 'gtb 7', paid_at: '2026-01-15' },
      },
      actor,
      tx,
      at,
    );
    expect(reference).toBe('funding:GTB7');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.tx).toBe(tx);
    expect(posted[0]!.movements).toEqual([
      expect.objectContaining({
        reference: 'funding:GTB7',
        kind: 'funding',
        amountKobo: 250_000,
        companyId: company,
        createdBy: actor,
        details: { method: 'bank_transfer', bank_reference: 'gtb 7', paid_at: '2026-01-15' },
        at,
      }),
    ]);
    expect(posted[0]!.movements[0]!.postings[1]).toEqual({ ...wallet(company), amount: 250_000 });
  });

  it('posts nothing when the payment is refused', async () => {
    const { ledger } = fakeLedger();
    await expect(
      fundWallet(
        ledger,
        recordedBankTransfer,
        { companyId: company, amountKobo: 100, input: { reference: ' ', paid_at: '2026-01-15' } },
        null,
        tx,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(ledger.post).not.toHaveBeenCalled();
  });
});
