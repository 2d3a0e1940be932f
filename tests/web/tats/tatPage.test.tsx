import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { states } from '../../../reference/locations';
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

/**
 * `GET /setting/tat` answering the current list (filtered and paged as the server does), which a
 * write may change, and `GET /setting/tat/missing` the states without a row; records reads and
 * writes.
 */
function answerTats(initial: Tat[]) {
  let tats = initial;
  let reads = 0;
  const queries: Array<{ filter: Record<string, string>; range: [number, number] }> = [];
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const json = (url: URL, key: string, fallback: unknown) =>
    JSON.parse(url.searchParams.get(key) ?? JSON.stringify(fallback)) as never;
  const matching = (filter: Record<string, string>) =>
    tats.filter((t) =>
      (['state', 'jobType', 'audience'] as const).every((k) => !filter[k] || t[k] === filter[k]),
    );
  server.use(
    http.get('/api/v2/setting/tat/missing', ({ request }) => {
      const filter = json(new URL(request.url), 'filter', {}) as Record<string, string>;
      const priced = new Set(matching(filter).map((t) => t.state));
      return HttpResponse.json({
        jobType: filter.jobType,
        audience: filter.audience,
        states: states
          .filter((st) => !priced.has(st.alias))
          .map((st) => ({ state: st.alias, name: st.name })),
      });
    }),
    http.get('/api/v2/setting/tat', ({ request }) => {
      reads += 1;
      const url = new URL(request.url);
      const filter = json(url, 'filter', {}) as Record<string, string>;
      const range = json(url, 'range', [0, 999]) as [number, number];
      queries.push({ filter, range });
      const rows = matching(filter);
      return HttpResponse.json({ tats: rows.slice(range[0], range[1] + 1), total: rows.length });
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
  return { writes, queries, reads: () => reads };
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
      'Jan 5, 2025',
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
      'Jan 6, 2025',
      'Feb 10, 2025',
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

  it('filters by state, job type and audience on the server, and pages by 25', async () => {
    signIn(adminAccount);
    const many: Tat[] = states.slice(0, 30).map((st, i) => ({
      ...lagosAddress,
      _id: `5e000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
      state: st.alias,
    }));
    const api = answerTats([...many, abujaBusiness]);
    const { user } = await renderApp('/admin/settings/set-amount');
    const table = await screen.findByRole('table', { name: 'Set Amount' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(api.queries.at(-1)).toEqual({ filter: {}, range: [0, 24] });
    expect(screen.getByText('1-25 of 31')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(api.queries.at(-1)?.range).toEqual([25, 49]));
    const [, firstOfPage2] = within(await screen.findByRole('table')).getAllByRole('row');
    await waitFor(() =>
      expect(within(firstOfPage2!).getAllByRole('cell')[0]).toHaveTextContent('26'),
    );

    await choose(user, 'Filter by job type', 'Business');
    await waitFor(() =>
      expect(api.queries.at(-1)).toEqual({ filter: { jobType: 'business' }, range: [0, 24] }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('cell', { name: 'Federal Capital Territory' })).toBeInTheDocument();

    await choose(user, 'Filter by audience', 'Company');
    await waitFor(() =>
      expect(api.queries.at(-1)?.filter).toEqual({ jobType: 'business', audience: 'company' }),
    );
    expect(await screen.findByText('No TAT set yet.')).toBeInTheDocument();
  });

  it('shows the states without a price, and a click opens the form with the state filled', async () => {
    signIn(adminAccount);
    const api = answerTats([lagosAddress, abujaBusiness]);
    const { user } = await renderApp('/admin/settings/set-amount');
    const panel = await screen.findByRole('region', { name: 'States without a price' });
    expect(
      within(panel).getByText('36 states have no Company price for Address'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Show the states' }));
    expect(within(panel).queryByText('Lagos')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Set the price for Kano' }));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Kano');
    expect(screen.getByRole('combobox', { name: 'Job Type' })).toHaveTextContent('Address');
    expect(screen.getByRole('combobox', { name: 'Audience' })).toHaveTextContent('Company');
    await user.type(screen.getByLabelText('TAT (hours)'), '24');
    await user.type(screen.getByLabelText('Amount (NGN)'), '900');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('TAT created successful!')).toBeInTheDocument();
    expect(api.writes[0]?.body).toMatchObject({
      state: 'kano',
      jobType: 'address',
      tatInHours: 24,
    });
    // Reloaded with the list: Kano has its price now.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'States without a price' })).getByText(
          '35 states have no Company price for Address',
        ),
      ).toBeInTheDocument(),
    );

    await choose(user, 'Filter by job type', 'Business');
    await choose(user, 'Filter by audience', 'Agent');
    expect(
      await screen.findByText('36 states have no Agent price for Business'),
    ).toBeInTheDocument();
  });

  it('shows company users the states without a price, without a way to set one', async () => {
    signIn(companyAccount);
    answerTats([lagosAddress]);
    const { user } = await renderApp('/company/settings/set-amount');
    const panel = await screen.findByRole('region', { name: 'States without a price' });
    expect(within(panel).queryByText('Kano')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Show the states' }));
    expect(await within(panel).findByText('Kano')).toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: /^Set the price for / }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by audience' })).not.toBeInTheDocument();
  });
});
