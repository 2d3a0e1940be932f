import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import { filterOf } from '../support/jobsFixtures';
import {
  catchDownloads,
  makePayout,
  makeTransaction,
  makeWallet,
  restPage,
  txId,
} from '../support/moneyFixtures';
import type { HowToPay } from '../../../src/resources/transactions/types';
import { companiesPage, makeCompany } from '../support/companiesFixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

function answerTransactions(rows: ReturnType<typeof makeTransaction>[]) {
  const calls: Request[] = [];
  server.use(
    http.get('/api/v2/transactions', ({ request }) => {
      calls.push(request.clone());
      return restPage('transactions', rows);
    }),
  );
  return calls;
}

const jobId = '6c000000-0000-4000-8000-000000000072';
const payoutId = '9b000000-0000-4000-8000-000000000005';

const charge = makeTransaction(1, {
  reference: `charge:${jobId}`,
  refers_to: { kind: 'job', label: 'JOB-000072', id: jobId },
  description: 'Address verification JOB-000072 charged',
});
const funding = makeTransaction(2, {
  kind: 'funding',
  reference: 'funding:GTBTRF4711',
  refers_to: { kind: 'funding', label: 'GTB-TRF-4711', id: null },
  description: 'Wallet funded by bank transfer (ref GTB-TRF-4711)',
});
const payout = makeTransaction(3, {
  kind: 'payout',
  reference: `payout:${payoutId}`,
  refers_to: { kind: 'payout', label: 'GTB-NIP-000318', id: payoutId },
  description: 'Payout to Chinedu Okafor',
  payee_type: 'agent',
  payee_id: 'a0000000-0000-4000-8000-000000000001',
  payee_name: 'Chinedu Okafor',
});
const partnerFee = makeTransaction(4, {
  kind: 'fee',
  reference: `fee:${jobId}`,
  refers_to: { kind: 'job', label: 'JOB-000072', id: jobId },
  description: 'Fee for Address verification JOB-000072',
  payee_type: 'company',
  payee_id: 'c0000000-0000-4000-8000-000000000001',
  payee_name: 'FieldTrust Verification Services',
});

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('reference and description columns', () => {
  it('company history: the job code links to the job, a funding shows the bank reference, each row its sentence', async () => {
    signIn(companyAccount);
    answerTransactions([charge, funding]);
    await renderApp('/company/transactions/history');
    const table = await screen.findByRole('table', {}, firstRender);

    const job = within(rowOf(table, 'JOB-000072')).getByRole('link', { name: 'JOB-000072' });
    expect(job).toHaveAttribute('href', `/company/jobs/profile/${jobId}`);
    expect(
      within(rowOf(table, 'JOB-000072')).getByText('Address verification JOB-000072 charged'),
    ).toBeInTheDocument();

    const bank = rowOf(table, 'GTB-TRF-4711');
    expect(within(bank).queryByRole('link')).toBeNull();
    expect(
      within(bank).getByText('Wallet funded by bank transfer (ref GTB-TRF-4711)'),
    ).toBeInTheDocument();
    // The internal keys are not shown.
    expect(within(table).queryByText(/^charge:|^funding:/)).toBeNull();
  }, 90_000);

  it('admin user transactions: the job links in the admin area, a payout to its payout', async () => {
    signIn(adminAccount);
    answerTransactions([charge, payout]);
    await renderApp('/admin/transactions/user-transactions');
    const table = await screen.findByRole('table', {}, firstRender);
    expect(within(table).getByRole('link', { name: 'JOB-000072' })).toHaveAttribute(
      'href',
      `/admin/jobs/profile/${jobId}`,
    );
    expect(within(table).getByRole('link', { name: 'GTB-NIP-000318' })).toHaveAttribute(
      'href',
      `/admin/transactions/agent-payout/${payoutId}`,
    );
    expect(within(table).getByText('Payout to Chinedu Okafor')).toBeInTheDocument();
  }, 90_000);

  it('the details screen says what the transaction is and links its job', async () => {
    signIn(companyAccount);
    server.use(http.get(`/api/v2/transactions/${txId(1)}`, () => HttpResponse.json(charge)));
    await renderApp(`/company/transactions/${txId(1)}`);
    expect(
      await screen.findByText('Address verification JOB-000072 charged', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'JOB-000072' })).toHaveAttribute(
      'href',
      `/company/jobs/profile/${jobId}`,
    );
  }, 90_000);
});

describe('agent transactions: payees', () => {
  it('names each payee with its kind and filters by kind and name on the server', async () => {
    signIn(adminAccount);
    const calls = answerTransactions([payout, partnerFee]);
    const { user } = await renderApp('/admin/transactions/agent-transactions');
    const header = await screen.findByRole('columnheader', { name: 'Payee' }, firstRender);
    const table = header.closest('table')!;
    await within(table).findByText('Chinedu Okafor');
    const agentRow = rowOf(table, 'Chinedu Okafor');
    expect(within(agentRow).getByText('Agent')).toBeInTheDocument();
    const partnerRow = rowOf(table, 'FieldTrust Verification Services');
    expect(within(partnerRow).getByText('Partner company')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Payee type' }));
    await user.click(await screen.findByRole('option', { name: 'Partner company' }));
    await user.type(screen.getByLabelText('Payee name'), 'fieldtrust');
    await waitFor(() =>
      expect(filterOf(calls.at(-1)!)).toMatchObject({
        kind: 'fee',
        payee_type: 'company',
        payee: 'fieldtrust',
      }),
    );
  }, 90_000);
});

describe('agent transactions: paying out selected payees', () => {
  it('pays out a selected partner company, as well as a selected agent', async () => {
    signIn(adminAccount);
    answerTransactions([payout, partnerFee]);
    const posts: unknown[] = [];
    server.use(
      http.post('/api/v2/payouts', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(makePayout(posts.length), { status: 201 });
      }),
    );
    const { user } = await renderApp('/admin/transactions/agent-transactions');
    await screen.findByText('FieldTrust Verification Services', {}, firstRender);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Pay out' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts).toEqual(
      expect.arrayContaining([{ agent_id: payout.payee_id }, { company_id: partnerFee.payee_id }]),
    );
  }, 90_000);
});

describe('invoices by month', () => {
  it('lists each month with its total and jobs; a month opens its invoice and downloads its PDF', async () => {
    signIn(companyAccount);
    const saved = catchDownloads();
    const asked: string[] = [];
    server.use(
      http.get('/api/v2/transactions/invoices', () =>
        HttpResponse.json([
          { month: '2026-10', label: 'October 2026', jobs: 12, total: 30000 },
          { month: '2026-09', label: 'September 2026', jobs: 1, total: 2500 },
        ]),
      ),
      http.get('/api/v2/transactions/invoice', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month')!;
        asked.push(`${month} ${request.headers.get('accept')}`);
        if (request.headers.get('accept') === 'application/pdf') {
          return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
        }
        return HttpResponse.json({
          number: `INV-${month.replace('-', '')}-LF1`,
          month,
          company: {
            id: 'co-1',
            name: 'Lagos Freight Ltd',
            contact_name: null,
            address: null,
            email: null,
            phone: null,
          },
          lines: [],
          subtotal: 0,
          vat_rate: 7.5,
          vat: 0,
          total: 0,
        });
      }),
    );
    const { user } = await renderApp('/company/transactions/invoice?month=2026-10');
    const months = await screen.findByRole('list', { name: 'Invoices by month' }, firstRender);
    const october = within(months).getByRole('link', { name: /October 2026/ });
    expect(october).toHaveTextContent('12 jobs · ₦30,000.00');
    expect(october).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('INV-202610-LF1')).toBeInTheDocument();

    await user.click(within(months).getByRole('link', { name: /September 2026/ }));
    expect(await screen.findByText('INV-202609-LF1')).toBeInTheDocument();
    expect(within(months).getByRole('link', { name: /September 2026/ })).toHaveTextContent(
      '1 job · ₦2,500.00',
    );
    expect(screen.getByLabelText('Month')).toHaveValue('2026-09');

    await user.click(screen.getByRole('button', { name: 'Download the invoice of October 2026' }));
    await waitFor(() => expect(saved).toEqual(['invoice-2026-10.pdf']));
    expect(asked).toContain('2026-10 application/pdf');
  }, 90_000);
});

describe('where companies pay', () => {
  const demo = {
    status: 'demo' as const,
    bank_name: 'Wema Bank',
    account_name: 'Verification Back-office Ltd',
    account_number: '0123456789',
    instructions: "This is the demo data's made-up account: do not send money to it.",
    missing: [],
  };
  const notConfigured = {
    status: 'not_configured' as const,
    bank_name: null,
    account_name: null,
    account_number: null,
    instructions:
      'The provider has not set up its bank account for payments yet: it must set PAYMENT_BANK_NAME, PAYMENT_ACCOUNT_NAME, PAYMENT_ACCOUNT_NUMBER on its server.',
    missing: ['PAYMENT_BANK_NAME', 'PAYMENT_ACCOUNT_NAME', 'PAYMENT_ACCOUNT_NUMBER'],
  };

  const fundPage = async (howToPay: HowToPay) => {
    signIn(adminAccount);
    server.use(
      http.get('/api/v2/companies', () => companiesPage([makeCompany(1)])),
      http.get('/api/v2/wallet/how-to-pay', () => HttpResponse.json(howToPay)),
    );
    await renderApp('/admin/transactions/fund-wallet');
    return screen.findByRole('region', { name: 'Where companies pay' }, firstRender);
  };

  it('fund a wallet: the demo account is marked as a demo', async () => {
    const card = await fundPage(demo);
    expect(within(card).getByText('Demo account — not a real bank account')).toBeInTheDocument();
    expect(within(card).getByText('0123456789')).toBeInTheDocument();
  }, 90_000);

  it('fund a wallet: without PAYMENT_* no number, but the variables to set', async () => {
    const card = await fundPage(notConfigured);
    expect(
      within(card).getByText('No bank account is set up for payments yet'),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('PAYMENT_ACCOUNT_NUMBER');
    expect(card.textContent).not.toMatch(/\d{10}/);
  }, 90_000);

  it("a company's transactions: the configured account as it is, with no demo notice", async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/wallet', () => HttpResponse.json(makeWallet(100))),
      http.get('/api/v2/transactions', () => restPage('transactions', [])),
    );
    await renderApp('/company/transactions');
    expect(await screen.findByText('1234567890', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByText('Demo account — not a real bank account')).toBeNull();
  }, 90_000);

  it("a company's transactions: no account yet says what the provider must set", async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/wallet', () =>
        HttpResponse.json(makeWallet(100, 0, { how_to_pay: notConfigured })),
      ),
      http.get('/api/v2/transactions', () => restPage('transactions', [])),
    );
    await renderApp('/company/transactions');
    expect(
      await screen.findByText('No bank account is set up for payments yet', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText(/it must set PAYMENT_BANK_NAME/)).toBeInTheDocument();
  }, 90_000);
});
