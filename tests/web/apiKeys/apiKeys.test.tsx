import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '../../../src/resources/apiKeys/types';
import { companiesPage, makeCompany } from '../support/companiesFixtures';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';

const firstRender = { timeout: 20_000 };
/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

const makeKey = (n: number, over: Partial<ApiKey> = {}): ApiKey => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Key ${n}`,
  prefix: `vb_live_abcd000${n}`,
  permission: ['Create Job', 'View Job History'],
  company_id: 'co-1',
  company_name: 'Lagos Freight Ltd',
  created_by_name: 'Adaeze Okafor',
  created_at: '2026-03-04T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  status: 'active',
  ...over,
});

/** `GET /api-keys` answers `keys` (ra-data-simple-rest), recording each query's filter. */
function answerKeys(keys: () => ApiKey[]) {
  const filters: unknown[] = [];
  server.use(
    http.get('/api/v2/api-keys', ({ request }) => {
      filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
      const list = keys();
      return HttpResponse.json(list, {
        headers: { 'Content-Range': `api-keys 0-${Math.max(list.length - 1, 0)}/${list.length}` },
      });
    }),
  );
  return filters;
}

describe('Settings → API keys', () => {
  it(
    'lists the keys with prefix, permissions, last use ("Never") and status, and revokes after confirming',
    async () => {
      signIn(companyAccount);
      let keys = [
        makeKey(1, { name: 'Loan system', last_used_at: '2026-03-05T09:30:00.000Z' }),
        makeKey(2, { name: 'Reports' }),
        makeKey(3, { name: 'Old sync', status: 'revoked', revoked_at: '2026-03-01T00:00:00Z' }),
      ];
      answerKeys(() => keys);
      const deleted: string[] = [];
      server.use(
        http.delete('/api/v2/api-keys/:id', ({ params }) => {
          deleted.push(String(params.id));
          keys = keys.map((k) =>
            k.id === params.id
              ? { ...k, status: 'revoked', revoked_at: new Date().toISOString() }
              : k,
          );
          return HttpResponse.json(keys.find((k) => k.id === params.id));
        }),
      );
      const { user } = await renderApp('/company/api-keys');

      const loan = (await screen.findByText('Loan system', {}, firstRender)).closest('tr')!;
      expect(loan).toHaveTextContent('vb_live_abcd0001…');
      expect(loan).toHaveTextContent('Create Job');
      expect(loan).toHaveTextContent('View Job History');
      expect(loan).toHaveTextContent('Active');
      expect(loan).not.toHaveTextContent('Never');
      const reports = screen.getByText('Reports').closest('tr')!;
      expect(reports).toHaveTextContent('Never');
      const old = screen.getByText('Old sync').closest('tr')!;
      expect(old).toHaveTextContent('Revoked');
      expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
      // A company's own list has no company column.
      expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();
      expect(screen.getByRole('menuitem', { name: 'API keys' })).toHaveAttribute(
        'href',
        '/company/api-keys',
      );

      await user.click(within(reports).getByRole('button', { name: 'Revoke' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Revoke the API key "Reports"?');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(deleted).toEqual([makeKey(2).id]));
      expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    },
    slow,
  );

  it(
    'creates a key with a name and the held labels, then shows it once with a copy button',
    async () => {
      signIn(companyAccount);
      answerKeys(() => []);
      const sent: unknown[] = [];
      const created: CreatedApiKey = {
        id: makeKey(4).id,
        name: 'Loan system',
        key: 'vb_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
      };
      server.use(
        http.post('/api/v2/api-keys', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(created, { status: 201 });
        }),
      );
      const { user } = await renderApp('/company/api-keys');
      await user.click(await screen.findByRole('button', { name: 'Create API key' }, firstRender));
      const dialog = await screen.findByRole('dialog');
      // The owner holds every label: those of the job endpoints come ticked.
      expect(within(dialog).getByRole('checkbox', { name: 'Create Job' })).toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: 'View Job History' })).toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: 'Edit Profile' })).not.toBeChecked();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Create Job' }));
      // Nothing is sent without a name.
      await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
      expect(sent).toEqual([]);
      await user.click(within(dialog).getByLabelText(/Name/));
      await user.paste('Loan system');
      await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        name: 'Loan system',
        permission: ['View Job History', 'View, Print & Download Report'],
      });
      expect(await screen.findByDisplayValue(created.key)).toBeInTheDocument();
      expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByDisplayValue(created.key)).toBeNull());
    },
    slow,
  );

  it(
    'is not offered to a sub-user without Create Sub-User, and says access denied',
    async () => {
      signIn({ ...companyAccount, role: 'sub-admin', permissions: ['Create Job'] });
      const filters = answerKeys(() => [makeKey(1)]);
      await renderApp('/company/api-keys');
      expect(await screen.findByText('Access denied', {}, firstRender)).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'API keys' })).toBeNull();
      expect(filters).toEqual([]);
    },
    slow,
  );

  it(
    'opens from the Settings page',
    async () => {
      signIn(companyAccount);
      answerKeys(() => []);
      const { user } = await renderApp('/company/settings');
      const card = await screen.findByRole('link', { name: /API keys/ }, firstRender);
      expect(card).toHaveAttribute('href', '/company/api-keys');
      await user.click(card);
      expect(await screen.findByRole('button', { name: 'Create API key' })).toBeInTheDocument();
    },
    slow,
  );

  it(
    "shows the provider's staff every company's keys with their company",
    async () => {
      signIn(adminAccount);
      const filters = answerKeys(() => [makeKey(1, { company_name: 'Kano Verify Ltd' })]);
      const { user } = await renderApp('/admin/api-keys');
      const row = (await screen.findByText('Key 1', {}, firstRender)).closest('tr')!;
      expect(row).toHaveTextContent('Kano Verify Ltd');
      expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
      await user.click(screen.getByPlaceholderText('Search'));
      await user.paste('kano');
      await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'kano' }));
    },
    slow,
  );

  it(
    'lets an admin create a key for a company they pick, sent as company_id',
    async () => {
      signIn(adminAccount);
      answerKeys(() => []);
      const companies = [
        makeCompany(1, { name: 'Abuja Checks Ltd' }),
        makeCompany(2, { name: 'Kano Verify' }),
      ];
      server.use(http.get('/api/v2/companies', () => companiesPage(companies)));
      const sent: unknown[] = [];
      server.use(
        http.post('/api/v2/api-keys', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(
            { id: makeKey(5).id, name: 'Kano sync', key: 'vb_live_kano' },
            { status: 201 },
          );
        }),
      );
      const { user } = await renderApp('/admin/api-keys');
      await user.click(await screen.findByRole('button', { name: 'Create API key' }, firstRender));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByLabelText(/Name/));
      await user.paste('Kano sync');
      // Without a company nothing is sent.
      await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
      expect(sent).toEqual([]);
      // The refusal focused the company field: typing opens its choices.
      await user.type(within(dialog).getByRole('combobox', { name: /Company/ }), 'Kano');
      await user.click(await screen.findByRole('option', { name: 'Kano Verify' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ name: 'Kano sync', company_id: companies[1]!.id });
      expect(await screen.findByDisplayValue('vb_live_kano')).toBeInTheDocument();
    },
    slow,
  );
});
