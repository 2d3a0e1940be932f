import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, signIn } from '../support/session';
import { companiesPage, makeCompany } from '../support/companiesFixtures';
import { makeTransaction } from '../support/moneyFixtures';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }, firstRender));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('fund a wallet', () => {
  it('sends the payment with an idempotency key, the same key on retry, a new one for the next payment', async () => {
    signIn(adminAccount);
    // Client companies, which pay for jobs, are no assignees: the list is of every company.
    const clients = [
      makeCompany(1, { name: 'Lagos Credit Ltd' }),
      makeCompany(2, { name: 'Kano Verify' }),
    ];
    server.use(http.get('/api/v2/companies', () => companiesPage(clients)));
    const funds: Array<{ body: unknown; key: string | null }> = [];
    server.use(
      http.post('/api/v2/wallet/fund', async ({ request }) => {
        funds.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return funds.length === 1
          ? HttpResponse.error()
          : HttpResponse.json(makeTransaction(9, { kind: 'funding', amount: 150000 }), {
              status: 201,
            });
      }),
      http.get('/api/v2/wallet', () => HttpResponse.json({ balance: 2500 })),
    );
    const { user } = await renderApp('/admin/transactions/fund-wallet');
    await choose(user, 'Company', 'Kano Verify');
    expect(await screen.findByText('Current balance: ₦2,500.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Amount/), '150000');
    await user.type(screen.getByLabelText(/^Bank reference/), 'GTB-20250301-44');
    await user.type(screen.getByLabelText(/^Paid on/), '2025-03-01');
    const submit = screen.getByRole('button', { name: 'Record payment' });

    await user.click(submit);
    await waitFor(() => expect(funds).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Wallet funded with ₦150,000.00')).toBeInTheDocument();
    expect(funds[1]).toEqual({
      body: {
        company_id: clients[1]!.id,
        amount: 150000,
        reference: 'GTB-20250301-44',
        paid_at: '2025-03-01',
      },
      key: funds[0]!.key,
    });
    expect(funds[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    // The form is cleared; the same payment again is a deliberate second one: a new key.
    const form = screen.getByRole('button', { name: 'Record payment' }).closest('form')!;
    expect(within(form).getByLabelText(/^Amount/)).toHaveValue(null);
    await choose(user, 'Company', 'Kano Verify');
    await user.type(screen.getByLabelText(/^Amount/), '150000');
    await user.type(screen.getByLabelText(/^Bank reference/), 'GTB-20250301-44');
    await user.type(screen.getByLabelText(/^Paid on/), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(funds).toHaveLength(3));
    expect(funds[2]!.key).not.toBe(funds[0]!.key);
  }, 90_000);
});
