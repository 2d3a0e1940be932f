import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { Payout, Transaction, Wallet } from '../../../src/resources/transactions/types';

/** Transactions, payouts and wallets as the money API answers them (see the types' contract). */

export const txId = (n: number) => `7a000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** As the server says it: funding, refunds and fees add to the holder's balance. */
const creditKinds: ReadonlySet<string> = new Set(['funding', 'refund', 'fee']);

export function makeTransaction(n: number, overrides: Partial<Transaction> = {}): Transaction {
  const kind = overrides.kind ?? 'charge';
  const code = overrides.job_code ?? `JOB-${String(n).padStart(6, '0')}`;
  // As the server says it: fees and payouts name their payee, here an agent when one is given.
  const toAgent = (kind === 'fee' || kind === 'payout') && overrides.agent_id;
  const payee = toAgent
    ? {
        payee_type: 'agent' as const,
        payee_id: overrides.agent_id!,
        payee_name: overrides.agent_name ?? null,
      }
    : { payee_type: null, payee_id: null, payee_name: null };
  return {
    id: txId(n),
    reference: `charge:${txId(n)}`,
    refers_to: {
      kind: 'job',
      label: code,
      id: `6c000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    },
    description: `Address verification ${code} charged`,
    ...payee,
    kind,
    direction: creditKinds.has(kind) ? 'credit' : 'debit',
    status: 'successful',
    payment_status: 'successful',
    amount: 2500,
    company_id: 'co-1',
    company_name: 'Lagos Freight Ltd',
    agent_id: null,
    agent_name: null,
    job_id: null,
    job_code: `JOB-${String(n).padStart(6, '0')}`,
    job_type: null,
    identity_type: null,
    name: null,
    guarantor: null,
    job_assigned_at: null,
    amount_paid: null,
    verification_status: null,
    job_status: null,
    payout_id: null,
    bank_reference: null,
    paid_at: null,
    created_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** A charge for an approved address job, with the Transaction details fields filled. */
export function makeTransactionDetail(n: number, overrides: Partial<Transaction> = {}) {
  return makeTransaction(n, {
    job_id: `6c000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    job_type: 'address',
    identity_type: 'nin', // as the API sends it: the screen shows its label
    name: 'Chidi Okeke',
    guarantor: 'Ngozi Eze',
    job_assigned_at: '2025-03-05T09:00:00.000Z',
    amount_paid: 2500,
    verification_status: 'verified',
    job_status: 'approved',
    ...overrides,
  });
}

export function makePayout(n: number, overrides: Partial<Payout> = {}): Payout {
  return {
    id: `9b000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    payee_type: 'agent',
    payee_id: 'a0000000-0000-4000-8000-000000000001',
    payee_name: 'Emeka Obi',
    agent_id: 'a0000000-0000-4000-8000-000000000001',
    agent_name: 'Emeka Obi',
    company_id: null,
    amount: 4000,
    status: 'pending',
    reference: null,
    reason: null,
    agent_email: 'emeka.obi@example.ng',
    bank_name: 'Zenith Bank',
    account_name: 'Emeka Obi',
    account_number: '2012345678',
    created_at: '2025-03-06T10:00:00.000Z',
    updated_at: '2025-03-06T10:00:00.000Z',
    settled_at: null,
    ...overrides,
  };
}

/** A ra-data-simple-rest page of `resource`. */
export const restPage = (resource: string, rows: unknown[], total = rows.length) =>
  HttpResponse.json(rows, {
    headers: {
      'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

/** Catches files the app saves (downloadFile): their names, in order. */
export function catchDownloads() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
  return saved;
}

/** A partner's bank account as `GET /wallet` shows it (a valid GTBank NUBAN). */
export const gtbAccount = {
  bank_code: '058',
  bank_name: 'Guaranty Trust Bank (GTBank)',
  account_number: '3045182730',
  account_name: 'Abuja Checks Ltd',
};

/** A wallet; an agent's `available` is its `balance`, a company's its own earnings. */
export const makeWallet = (balance: number, earnings = 0, more: Partial<Wallet> = {}): Wallet => ({
  balance,
  earnings,
  available: 0,
  bank_account: null,
  how_to_pay: {
    status: 'configured',
    missing: [],
    bank_name: 'Providus Bank',
    account_name: 'Verify Nigeria Ltd',
    account_number: '1234567890',
    instructions: 'Pay by bank transfer to this account, with your company name as the narration.',
  },
  ...more,
});

/** What the job screens ask in the background: no prices, an empty wallet. */
export const moneyBackgroundHandlers = [
  http.get('/api/v2/job/price', ({ request }) => {
    const states = new URL(request.url).searchParams.getAll('state');
    const jobs = states.map((state) => ({ state, count: 1, price: null }));
    return HttpResponse.json({ total: null, missing: states, jobs });
  }),
  // A bulk file's quote: no rows priced, so the screen shows no price.
  http.post('/api/v2/job/price/file', () =>
    HttpResponse.json({ total: null, missing: [], jobs: [] }),
  ),
  http.get('/api/v2/wallet', () => HttpResponse.json(makeWallet(0))),
  // Fund a wallet shows where companies pay.
  http.get('/api/v2/wallet/how-to-pay', () => HttpResponse.json(makeWallet(0).how_to_pay)),
];
