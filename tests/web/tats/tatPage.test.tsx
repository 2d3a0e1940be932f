import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Tat } from '../../../src/resources/tats/types';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';

const lagosAddress: Tat = {
  _id: '5e000000-0000-4000-8000-000000000001',
  state: 'lagos',
  jobType: 'address',
  audience: 'company',
  amount: 1234.5,
  tatInHours: 48,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: null,
};
const abujaBusiness: Tat = {
  _id: '5e000000-0000-4000-8000-000000000002',
  state: 'abuja',
  jobType: 'business',
  audience: 'agent',
  amount: 5000,
  tatInHours: 72,
  createdAt: '2025-01-06T10:00:00.000Z',
  updatedAt: '2025-02-10T10:00:00.000Z',
};

/** `GET /setting/tat` answering the current list, which a write may change; records writes. */
function answerTats(initial: Tat[]) {
  let tats = initial;
  let reads = 0;
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  server.use(
    http.get('/api/v2/setting/tat', () => {
      reads += 1;
      return HttpResponse.json({ tats });
    }),
    http.post('/api/v2/setting/tat', async ({ request }) => {
      const body = (await request.json()) as Tat;
      writes.push({ method: 'POST', path: '/setting/tat', body });
      const created = {
        ...body,
        _id: '5e000000-0000-4000-8000-000000000009',
        createdAt: '2025-03-01T10:00:00.000Z',
        updatedAt: null,
      };
      tats = [...tats, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('/api/v2/setting/tat/:id', async ({ request, params }) => {
      const body = (await request.json()) as Tat;
      writes.push({ method: 'PATCH', path: `/setting/tat/${String(params.id)}`, body });
      tats = tats.map((t) =>
        t._id === params.id ? { ...t, ...body, updatedAt: '2025-03-02T10:00:00.000Z' } : t,
      );
      return HttpResponse.json(tats.find((t) => t._id === params.id));
    }),
  );
  return { writes, reads: () => reads };
}

/** Picks an option of the MUI select labelled `label`. */
async function choose(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  label: string,
  option: string,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const form = () => screen.getByRole('form');

describe('Set Amount', () => {
  it('lists the settings with their columns, amounts in naira and "Date not set"', async () => {
    signIn(adminAccount);
    answerTats([lagosAddress, abujaBusiness]);
    await renderApp('/admin/settings/set-amount');

    const table = await screen.findByRole('table', { name: 'Set Amount' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '#',
      'State',
      'Amount',
      'TAT',
      'Job Type',
      'Audience',
      'Created',
      'Last Update',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '1',
      'Lagos',
      '₦1,234.50',
      '48 hours',
      'Address',
      'Company',
      'January 5, 2025',
      'Date not set',
    ]);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2',
      'Federal Capital Territory',
      '₦5,000.00',
      '72 hours',
      'Business',
      'Agent',
      'January 6, 2025',
      'February 10, 2025',
    ]);
  });

  it('keeps Save disabled until the five fields are filled, then creates, toasts, clears and reloads', async () => {
    signIn(adminAccount);
    const api = answerTats([lagosAddress]);
    const { user } = await renderApp('/admin/settings/set-amount');
    await screen.findByRole('table');
    const save = within(form()).getByRole('button', { name: 'Save' });
    expect(screen.getByRole('heading', { name: 'Set TAT' })).toBeInTheDocument();

    expect(save).toBeDisabled();
    await choose(user, 'Audience', 'Company');
    expect(save).toBeDisabled();
    await choose(user, 'State', 'Kano');
    expect(save).toBeDisabled();
    await choose(user, 'Job Type', 'Business Address');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('TAT (hours)'), '24');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Amount (NGN)'), '2500.75');
    expect(save).toBeEnabled();
    const readsBefore = api.reads();

    await user.click(save);
    expect(await screen.findByText('TAT created successful!')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'POST',
        path: '/setting/tat',
        body: {
          audience: 'company',
          state: 'kano',
          jobType: 'business_address',
          tatInHours: 24,
          amount: 2500.75,
        },
      },
    ]);
    expect(await screen.findByText('₦2,500.75')).toBeInTheDocument();
    expect(api.reads()).toBeGreaterThan(readsBefore);
    expect(screen.getByLabelText('Amount (NGN)')).toHaveValue(null);
    expect(screen.getByLabelText('TAT (hours)')).toHaveValue(null);
    // The cleared form is a new one: its own Save button.
    expect(within(form()).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('loads a clicked row for editing, saves the changes with PATCH, and Cancel clears it', async () => {
    signIn(adminAccount);
    const api = answerTats([lagosAddress, abujaBusiness]);
    const { user } = await renderApp('/admin/settings/set-amount');

    await user.click(await screen.findByRole('cell', { name: '₦1,234.50' }));
    expect(screen.getByRole('heading', { name: 'Edit TAT' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (NGN)')).toHaveValue(1234.5);
    expect(screen.getByLabelText('TAT (hours)')).toHaveValue(48);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Lagos');

    await user.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Set TAT' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (NGN)')).toHaveValue(null);
    expect(within(form()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('cell', { name: '₦1,234.50' }));
    const amount = screen.getByLabelText('Amount (NGN)');
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(within(form()).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('TAT edited successful!')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'PATCH',
        path: `/setting/tat/${lagosAddress._id}`,
        body: {
          audience: 'company',
          state: 'lagos',
          jobType: 'address',
          tatInHours: 48,
          amount: 1500,
        },
      },
    ]);
    expect(await screen.findByText('₦1,500.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set TAT' })).toBeInTheDocument();
  });

  it('shows a refused save as a toast', async () => {
    signIn(adminAccount);
    answerTats([]);
    server.use(
      http.post('/api/v2/setting/tat', () =>
        HttpResponse.json(
          { message: 'A TAT is already set for Lagos, Address, audience Company' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await renderApp('/admin/settings/set-amount');
    await screen.findByText('No TAT set yet.');
    await choose(user, 'Audience', 'Company');
    await choose(user, 'State', 'Lagos');
    await choose(user, 'Job Type', 'Address');
    await user.type(screen.getByLabelText('TAT (hours)'), '24');
    await user.type(screen.getByLabelText('Amount (NGN)'), '100');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A TAT is already set for Lagos, Address, audience Company'),
    ).toBeInTheDocument();
  });

  it("shows a sub-admin who is not a super-admin the table without the form (the server's 403)", async () => {
    signIn({ ...adminAccount, role: 'sub-admin', isSuperAdmin: false, permissions: [] });
    const api = answerTats([lagosAddress]);
    await renderApp('/admin/settings/set-amount');
    expect(await screen.findByRole('cell', { name: '₦1,234.50' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Audience' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    await waitFor(() => expect(api.writes).toEqual([]));
  });

  it('offers Agent to a super-admin', async () => {
    signIn(adminAccount);
    answerTats([]);
    const { user } = await renderApp('/admin/settings/set-amount');
    await screen.findByText('No TAT set yet.');
    await user.click(screen.getByRole('combobox', { name: 'Audience' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Company', 'Agent']);
  });

  it('shows company users the table without the form', async () => {
    signIn(companyAccount);
    const api = answerTats([lagosAddress]);
    const { user } = await renderApp('/company/settings/set-amount');
    await user.click(await screen.findByRole('cell', { name: '₦1,234.50' }));
    expect(
      screen.getByText('Prices and turnaround times are set by the provider.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    await waitFor(() => expect(api.writes).toEqual([]));
  });
});
