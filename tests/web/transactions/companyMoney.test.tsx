import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';
import { filterOf } from '../support/jobsFixtures';
import {
  catchDownloads,
  makeTransaction,
  makeTransactionDetail,
  restPage,
  txId,
} from '../support/moneyFixtures';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Answers `GET /transactions` (JSON or CSV) and records each call. */
function answerTransactions(rows = [makeTransaction(1)], total = rows.length) {
  const calls: Request[] = [];
  server.use(
    http.get('/api/v2/transactions', ({ request }) => {
      calls.push(request.clone());
      if (request.headers.get('accept')?.includes('text/csv')) {
        return new HttpResponse('reference\nTRX-000001\n', {
          headers: { 'Content-Type': 'text/csv' },
        });
      }
      return restPage('transactions', rows, total);
    }),
  );
  return calls;
}

describe('company transactions', () => {
  it('shows the wallet balance, how to pay and the recent movements', async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/wallet', () =>
        HttpResponse.json({
          balance: 123456.5,
          earnings: 0,
          how_to_pay: {
            status: 'configured',
            missing: [],
            bank_name: 'Guaranty Trust Bank',
            account_name: 'Verify Nigeria Ltd',
            account_number: '0123456789',
            instructions: 'Pay by bank transfer to this account.',
          },
        }),
      ),
    );
    const calls = answerTransactions([
      makeTransaction(1, { kind: 'funding', amount: 50000, job_code: null }),
      // A charge comes unsigned, as a debit: shown leaving the wallet.
      makeTransaction(2, { amount: 2500.25 }),
    ]);
    await renderApp('/company/transactions');

    expect(await screen.findByLabelText('Wallet balance', {}, firstRender)).toHaveTextContent(
      '₦123,456.50',
    );
    expect(screen.getByText('Guaranty Trust Bank')).toBeInTheDocument();
    expect(screen.getByText('0123456789')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent movements' });
    const funding = within(table).getByText('JOB-000001').closest('tr')!;
    expect(within(funding).getByText('Wallet funding')).toBeInTheDocument();
    expect(within(funding).getByText('₦50,000.00')).toBeInTheDocument();
    const charge = within(table).getByText('JOB-000002').closest('tr')!;
    expect(within(charge).getByText('Job charge')).toBeInTheDocument();
    expect(within(charge).getByText('-₦2,500.25')).toBeInTheDocument();
    const query = new URL(calls.at(-1)!.url).searchParams;
    expect(JSON.parse(query.get('sort')!)).toEqual(['created_at', 'DESC']);
    expect(JSON.parse(query.get('range')!)).toEqual([0, 4]);
  }, 90_000);

  it('history: sends the chosen filters and exports the filtered list as the server’s CSV', async () => {
    signIn(companyAccount, { accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig' });
    const saved = catchDownloads();
    const calls = answerTransactions([makeTransaction(1)], 40);
    const { user } = await renderApp('/company/transactions/history');
    await screen.findByText('JOB-000001', {}, firstRender);
    expect(screen.getByText(/1-25 of 40/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Refund' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await waitFor(() =>
      expect(filterOf(calls.at(-1)!)).toEqual({
        kind: 'refund',
        status: 'failed',
        created_from: '2025-03-01',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['data.csv']));
    const exported = calls.find((c) => c.headers.get('accept') === 'text/csv')!;
    expect(filterOf(exported)).toEqual({
      kind: 'refund',
      status: 'failed',
      created_from: '2025-03-01',
    });
    expect(exported.headers.get('authorization')).toBe(
      'Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.sig',
    );
  }, 90_000);

  it('history: no Export without the Report label (the CSV needs it as well)', async () => {
    signIn({
      ...companyAccount,
      role: 'sub-admin',
      permissions: ['View Transaction History, make Payment etc'],
    });
    answerTransactions([makeTransaction(1)], 1);
    await renderApp('/company/transactions/history');
    await screen.findByText('JOB-000001', {}, firstRender);
    await expect(
      screen.findByRole('button', { name: 'Export' }, { timeout: 1500 }),
    ).rejects.toThrow();
  }, 90_000);

  it('details: the ten fields of the real job and payment, Download gets the PDF receipt, Back goes back', async () => {
    signIn(companyAccount);
    const saved = catchDownloads();
    answerTransactions([makeTransaction(7)]);
    server.use(
      http.get('/api/v2/transactions/:id', ({ params }) =>
        params.id === txId(7)
          ? HttpResponse.json(makeTransactionDetail(7))
          : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    );
    let receiptAccept: string | null = null;
    server.use(
      http.get('/api/v2/transactions/:id/receipt', ({ request, params }) => {
        receiptAccept = `${String(params.id)} ${request.headers.get('accept')}`;
        return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const { user } = await renderApp('/company/transactions/history');
    await user.click(
      await screen.findByText('Address verification JOB-000007 charged', {}, firstRender),
    );

    await screen.findByRole('heading', { name: 'Transaction details', level: 2 });
    const labels = screen.getAllByRole('term').map((dt) => dt.textContent);
    const values = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(Object.fromEntries(labels.map((label, i) => [label, values[i]]))).toEqual({
      'Date created': 'March 4, 2025',
      'Job type': 'Address',
      'Identity type': 'NIN',
      Name: 'Chidi Okeke',
      Guarantor: 'Ngozi Eze',
      'Job assignment date': 'March 5, 2025',
      'Amount paid': '₦2,500.00',
      'Payment status': 'Successful',
      'Verification status': 'Verified',
      'Job status': 'Approved',
    });

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['receipt-JOB-000007.pdf']));
    expect(receiptAccept).toBe(`${txId(7)} application/pdf`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/1-1 of 1/)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/company/transactions/history');
  }, 90_000);

  it('invoice: previews the chosen month (company, lines, subtotal, VAT, total) and downloads its PDF', async () => {
    signIn(companyAccount);
    const saved = catchDownloads();
    const asked: Array<{ month: string | null; accept: string | null }> = [];
    server.use(
      http.get('/api/v2/transactions/invoices', () => HttpResponse.json([])),
      http.get('/api/v2/transactions/invoice', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month');
        asked.push({ month, accept: request.headers.get('accept') });
        if (request.headers.get('accept') === 'application/pdf') {
          return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
        }
        return HttpResponse.json({
          number: 'INV-202502-LF1',
          month,
          company: {
            id: 'co-1',
            contact_name: 'Adaeze Nwosu',
            name: 'Lagos Freight Ltd',
            email: 'adaeze@lagosfreight.ng',
            phone: '+2348031234567',
            address: '4 Wharf Road, Apapa',
          },
          lines: [
            {
              date: '2025-02-03T10:00:00.000Z',
              reference: 'charge:1',
              kind: 'charge',
              job_code: 'JOB-000011',
              description: 'Address verification, Lagos',
              amount: 2500,
            },
            {
              date: '2025-02-04T10:00:00.000Z',
              reference: 'charge:2',
              kind: 'charge',
              job_code: 'JOB-000012',
              description: 'Business verification, Kano',
              amount: 7500,
            },
          ],
          subtotal: 10000,
          vat_rate: 7.5,
          vat: 750,
          total: 10750,
        });
      }),
    );
    const { user } = await renderApp('/company/transactions/invoice');
    const month = await screen.findByLabelText('Month', {}, firstRender);
    await user.clear(month);
    await user.type(month, '2025-02');

    const table = await screen.findByRole('table', { name: 'Invoice lines' });
    expect(within(table).getByText('JOB-000012')).toBeInTheDocument();
    expect(screen.getByText('4 Wharf Road, Apapa')).toBeInTheDocument();
    const footer = within(table)
      .getAllByRole('row')
      .slice(-3)
      .map((row) => row.textContent);
    expect(footer).toEqual(['Subtotal₦10,000.00', 'VAT (7.5%)₦750.00', 'Total₦10,750.00']);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['invoice-2025-02.pdf']));
    expect(asked.at(-1)).toEqual({ month: '2025-02', accept: 'application/pdf' });
  }, 90_000);
});
