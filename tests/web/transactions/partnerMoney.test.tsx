import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { filterOf } from '../support/jobsFixtures';
import {
  gtbAccount,
  makePayout,
  makeTransaction,
  makeWallet,
  restPage,
} from '../support/moneyFixtures';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 30_000 };

const partnerPayout = makePayout(1, {
  payee_type: 'company',
  payee_id: 'co-1',
  payee_name: 'Lagos Freight Ltd',
  agent_id: null,
  agent_name: null,
  agent_email: null,
  company_id: 'co-1',
  amount: 5000,
  status: 'paid',
  reference: 'GTB-NIP-0099',
  bank_name: gtbAccount.bank_name,
  account_number: gtbAccount.account_number,
});

/** Answers the money calls of the company's Transactions page, recording the lists asked. */
function answerPartner(
  wallet = makeWallet(1200, 9000, { available: 4000, bank_account: gtbAccount }),
) {
  const asked: { transactions: Request[]; payouts: Request[] } = { transactions: [], payouts: [] };
  server.use(
    http.get('/api/v2/wallet', () => HttpResponse.json(wallet)),
    http.get('/api/v2/transactions', ({ request }) => {
      asked.transactions.push(request);
      const fees = filterOf(request).kind === 'fee';
      return restPage('transactions', [
        fees
          ? makeTransaction(1, { kind: 'fee', amount: 4000, job_code: 'JOB-000311' })
          : makeTransaction(2, { kind: 'funding', amount: 1200, job_code: null }),
      ]);
    }),
    http.get('/api/v2/payouts', ({ request }) => {
      asked.payouts.push(request);
      return restPage('payouts', [partnerPayout]);
    }),
  );
  return asked;
}

describe('a partner company’s transactions', () => {
  it('shows its earnings available for payout, each fee with its job, its bank account and its payouts', async () => {
    signIn(companyAccount);
    const asked = answerPartner();
    await renderApp('/company/transactions');

    const earnings = await screen.findByRole('region', { name: 'Earnings' }, firstRender);
    expect(within(earnings).getByLabelText('Available for payout')).toHaveTextContent('₦4,000.00');
    expect(earnings).toHaveTextContent('Total earnings₦9,000.00');
    expect(earnings).toHaveTextContent(
      'Paid intoGuaranty Trust Bank (GTBank) · 3045182730 · Abuja Checks Ltd',
    );
    const fees = await screen.findByRole('table', { name: 'Recent earnings' });
    const fee = within(fees).getByText('JOB-000311').closest('tr')!;
    expect(within(fee).getByText('Assignee fee')).toBeInTheDocument();
    expect(within(fee).getByText('₦4,000.00')).toBeInTheDocument();
    expect(asked.transactions.some((r) => filterOf(r).kind === 'fee')).toBe(true);

    const payouts = await screen.findByRole('table', { name: 'Payouts' });
    const row = within(payouts).getByText('GTB-NIP-0099').closest('tr')!;
    expect(within(row).getByText('₦5,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Paid')).toBeInTheDocument();
  }, 90_000);

  it('asks a partner without bank details to add them, from its settings', async () => {
    signIn(companyAccount);
    answerPartner(makeWallet(1200, 9000, { available: 9000 }));
    await renderApp('/company/transactions');
    const earnings = await screen.findByRole('region', { name: 'Earnings' }, firstRender);
    expect(within(earnings).getByRole('link', { name: 'Add bank details' })).toHaveAttribute(
      'href',
      '/company/settings/profile',
    );
  }, 90_000);

  it('shows a client company that earned nothing no earnings, and asks for no payouts', async () => {
    signIn(companyAccount);
    const asked = answerPartner(makeWallet(1200, 0));
    await renderApp('/company/transactions');
    await screen.findByRole('table', { name: 'Recent movements' }, firstRender);
    expect(screen.queryByRole('region', { name: 'Earnings' })).toBeNull();
    expect(asked.payouts).toHaveLength(0);
  }, 90_000);
});

describe('bank details for payouts (settings/profile)', () => {
  it('lets the company owner set them, checking the NUBAN against the bank before sending', async () => {
    signIn(companyAccount);
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v2/wallet', () => HttpResponse.json(makeWallet(0, 9000))),
      http.put('/api/v2/wallet/bank-details', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push(body);
        return HttpResponse.json({ ...body, bank_name: 'Guaranty Trust Bank (GTBank)' });
      }),
    );
    const { user } = await renderApp('/company/settings/profile');
    const card = (await screen.findByText('Bank details for payouts', {}, firstRender)).closest(
      '.MuiCard-root',
    ) as HTMLElement;
    await user.click(await within(card).findByRole('combobox', { name: /^Bank/ }));
    await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank (GTBank)' }));
    await user.type(within(card).getByLabelText(/^Account number/), '3045182731');
    await user.type(within(card).getByLabelText(/^Account name/), 'Lagos Freight Ltd');
    await user.click(within(card).getByRole('button', { name: 'Save bank details' }));
    expect(
      await within(card).findByText('This is not a valid account number at this bank'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const number = within(card).getByLabelText(/^Account number/);
    await user.clear(number);
    await user.type(number, '3045182730');
    await user.click(within(card).getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('Bank details saved')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      bank_code: '058',
      account_number: '3045182730',
      account_name: 'Lagos Freight Ltd',
    });
  }, 90_000);

  it('is not offered to a sub-user, even one holding the transactions label', async () => {
    signIn({
      ...companyAccount,
      role: 'sub-admin',
      permissions: ['Edit Profile', 'View Transaction History, make Payment etc'],
    });
    await renderApp('/company/settings/profile');
    expect(await screen.findByText('Your details', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByText('Bank details for payouts')).toBeNull();
  }, 90_000);
});
