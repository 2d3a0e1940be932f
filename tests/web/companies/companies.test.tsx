import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../src/authProvider';
import { companiesPage, makeCompany, makeCompanyDetails } from '../support/companiesFixtures';
import { filterOf } from '../support/jobsFixtures';
import { gtbAccount, makeWallet } from '../support/moneyFixtures';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';

/** Access checks answer asynchronously: give the page's CanAccess time to decide. */
const accessChecked = () => new Promise((resolve) => setTimeout(resolve, 300));
/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };
// Rendering the admin area and typing into its inputs takes seconds on a busy 2-core machine.
describe('Company management (users/companies)', { timeout: 60_000 }, () => {
  it('lists companies with code, state, owner and partner flag; rows open company information', async () => {
    signIn(adminAccount);
    const filters: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/v2/companies', ({ request }) => {
        filters.push(filterOf(request));
        return companiesPage([makeCompany(1, { is_partner: true, state: 'kano' }), makeCompany(2)]);
      }),
      http.get('/api/v2/user/company-details/:id', () => HttpResponse.json(makeCompanyDetails(1))),
    );
    const { user } = await renderApp('/admin/users/companies');
    const row = (await screen.findByText('Company 1 Ltd', {}, { timeout: 20_000 })).closest('tr')!;
    expect(row).toHaveTextContent('CMP-000001');
    expect(row).toHaveTextContent('Kano');
    expect(row).toHaveTextContent('Bola Owner1');
    expect(row).toHaveTextContent('Mar 4, 2025');
    expect(row).toHaveTextContent('Active');
    expect(screen.getByRole('menuitem', { name: 'Company management' })).toHaveAttribute(
      'href',
      '/admin/users/companies',
    );

    await user.type(screen.getByPlaceholderText('Search by name, code or email'), 'kano');
    await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'kano' }));
    await user.click(screen.getByRole('combobox', { name: 'Partner' }));
    await user.click(await screen.findByRole('option', { name: 'Partners' }));
    await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'kano', is_partner: 'true' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() =>
      expect(filters.at(-1)).toEqual({ q: 'kano', is_partner: 'true', status: 'suspended' }),
    );

    await user.click(await screen.findByText('Company 1 Ltd'));
    await waitFor(() => expect(currentPath()).toBe(`/admin/users/companies/${makeCompany(1).id}`));
  });

  it('is not in the company area', async () => {
    signIn(companyAccount);
    await renderApp('/company/dashboard');
    await screen.findByRole('menuitem', { name: 'Jobs' }, { timeout: 20_000 });
    expect(screen.queryByRole('menuitem', { name: 'Company management' })).not.toBeInTheDocument();
  });
});

describe('Company information (users/companies/{id})', { timeout: 60_000 }, () => {
  it('shows the profile, job counts, users and recent jobs', async () => {
    signIn(adminAccount);
    const details = makeCompanyDetails(1);
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
    );
    await renderApp(`/admin/users/companies/${details.id}`);

    expect(await screen.findByText('3 Murtala Way', {}, firstRender)).toBeInTheDocument();
    const profile = screen.getByText('3 Murtala Way').closest('dl')!;
    expect(profile).toHaveTextContent('Company nameKano Verify Ltd');
    expect(profile).toHaveTextContent('User codeCMP-000001');
    expect(profile).toHaveTextContent('StateKano');
    expect(profile).toHaveTextContent('OwnerBola Owner1');
    expect(profile).toHaveTextContent('Emailowner1@example.ng');
    expect(profile).toHaveTextContent('CreatedMarch 4, 2025');

    const counts = screen.getByRole('table', { name: 'Jobs' });
    const pending = within(counts).getByText('Pending').closest('tr')!;
    expect(pending).toHaveTextContent(/Pending\s*4\s*0/);
    expect(within(counts).getByText('Total').closest('tr')).toHaveTextContent(/Total\s*6\s*3/);

    expect(screen.getByText('sani@kanoverify.ng').closest('tr')).toHaveTextContent('Unactive');
    expect(screen.getByText('aisha@kanoverify.ng').closest('tr')).toHaveTextContent('Company');
    expect(screen.getByText('JOB-000007')).toBeInTheDocument();
  });

  it('lets an admin mark the company as a partner', async () => {
    signIn(adminAccount);
    const details = makeCompanyDetails(1);
    let sent: unknown;
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
      http.patch(`/api/v2/companies/${details.id}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...makeCompany(1), is_partner: true });
      }),
    );
    const { user } = await renderApp(`/admin/users/companies/${details.id}`);
    const partnerSwitch = await screen.findByRole('switch', {
      name: 'Partner: takes assigned jobs',
    });
    expect(partnerSwitch).not.toBeChecked();
    await user.click(partnerSwitch);
    expect(await screen.findByText('The company is now a partner')).toBeInTheDocument();
    expect(sent).toEqual({ is_partner: true });
    await waitFor(() => expect(partnerSwitch).toBeChecked());
    // The rest of the page stays: the merged record keeps its counts and users.
    expect(screen.getByText('aisha@kanoverify.ng')).toBeInTheDocument();
  });

  it('lets an admin suspend the company after confirming, then shows it suspended', async () => {
    signIn(adminAccount);
    const details = makeCompanyDetails(1);
    let sent: unknown;
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
      http.patch(`/api/v2/companies/${details.id}/status`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          ...makeCompany(1),
          status: 'suspended',
          suspended_at: '2025-06-02T10:00:00.000Z',
        });
      }),
    );
    const { user } = await renderApp(`/admin/users/companies/${details.id}`);
    await user.click(await screen.findByRole('button', { name: 'Suspend' }, firstRender));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suspend Kano Verify Ltd?');
    expect(sent).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('The company is suspended')).toBeInTheDocument();
    expect(sent).toEqual({ status: 'suspended' });
    expect(await screen.findByText('Suspended (June 2, 2025)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('offers no suspension to a provider sub-admin, even one who may disable users', async () => {
    signIn({
      ...adminAccount,
      id: 'acc-sub',
      role: 'sub-admin',
      isSuperAdmin: false,
      permissions: ['User management (view)', 'Delete or Disable Account'],
    });
    const details = makeCompanyDetails(1, { status: 'suspended' });
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
    );
    await renderApp(`/admin/users/companies/${details.id}`);
    expect(await screen.findByText('3 Murtala Way', {}, firstRender)).toBeInTheDocument();
    await accessChecked();
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
  });

  it('hides the partner switch from a provider sub-admin who may not mark partners', async () => {
    const subAdmin: Account = {
      ...adminAccount,
      id: 'acc-sub',
      role: 'sub-admin',
      isSuperAdmin: false,
      permissions: ['User management (view)'],
    };
    signIn(subAdmin);
    const details = makeCompanyDetails(1);
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
    );
    await renderApp(`/admin/users/companies/${details.id}`);
    expect(await screen.findByText('3 Murtala Way', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it("shows a money viewer the company's wallet balance and earnings in naira", async () => {
    signIn(adminAccount);
    const details = makeCompanyDetails(1);
    const asked: (string | null)[] = [];
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
      http.get('/api/v2/wallet', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('company_id'));
        return HttpResponse.json(makeWallet(1234.5, 250000));
      }),
    );
    await renderApp(`/admin/users/companies/${details.id}`);
    const heading = await screen.findByRole(
      'heading',
      { name: 'Balance and earnings' },
      firstRender,
    );
    const figures = heading.parentElement!.querySelector('dl')!;
    await waitFor(() => expect(figures).toHaveTextContent('Wallet balance₦1,234.50'));
    expect(figures).toHaveTextContent('Total earnings₦250,000.00');
    expect(asked).toEqual([details.id]);
  });

  it('hides balance and earnings from a sub-admin without the transactions label, and does not ask', async () => {
    signIn({
      ...adminAccount,
      id: 'acc-sub',
      role: 'sub-admin',
      isSuperAdmin: false,
      permissions: ['User management (view)'],
    });
    const details = makeCompanyDetails(1);
    let asked = 0;
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
      http.get('/api/v2/wallet', () => {
        asked += 1;
        return HttpResponse.json(makeWallet(1234.5));
      }),
    );
    await renderApp(`/admin/users/companies/${details.id}`);
    expect(await screen.findByText('3 Murtala Way', {}, firstRender)).toBeInTheDocument();
    await accessChecked();
    expect(screen.queryByText('Balance and earnings')).not.toBeInTheDocument();
    expect(screen.queryByText('₦1,234.50')).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('shows balance and earnings to a sub-admin who holds the transactions label', async () => {
    signIn({
      ...adminAccount,
      id: 'acc-sub',
      role: 'sub-admin',
      isSuperAdmin: false,
      permissions: ['User management (view)', 'View Transaction History, make Payment etc'],
    });
    const details = makeCompanyDetails(1);
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
      http.get('/api/v2/wallet', () => HttpResponse.json(makeWallet(98765.4, 0))),
    );
    await renderApp(`/admin/users/companies/${details.id}`);
    const figures = (await screen.findByText('₦98,765.40')).closest('dl')!;
    expect(figures).toHaveTextContent('Total earnings₦0.00');
  });

  it("shows a partner's earnings available for payout and the bank account they are paid into", async () => {
    signIn(adminAccount);
    const details = makeCompanyDetails(1);
    server.use(
      http.get(`/api/v2/user/company-details/${details.id}`, () => HttpResponse.json(details)),
      http.get('/api/v2/wallet', () =>
        HttpResponse.json(makeWallet(0, 9000, { available: 2500, bank_account: gtbAccount })),
      ),
    );
    await renderApp(`/admin/users/companies/${details.id}`);
    const figures = (await screen.findByText('₦2,500.00', {}, { timeout: 20_000 })).closest('dl')!;
    expect(figures).toHaveTextContent('Available for payout₦2,500.00');
    expect(figures).toHaveTextContent(
      'Bank account for payoutsGuaranty Trust Bank (GTBank) · 3045182730 · Abuja Checks Ltd',
    );
  });
});
