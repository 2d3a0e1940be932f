import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';
import { answerUsers, creatorAccount, ngoziUser } from './fixtures';

/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

/** May view, disable and edit users. */
const manager = {
  ...creatorAccount,
  permissions: [...creatorAccount.permissions, 'Delete or Disable Account'],
};

describe('user view (users/profile/:id)', () => {
  it(
    "shows 'Unactive', activates with the spec's toast and reloads the user",
    async () => {
      signIn(manager);
      const calls = answerUsers();
      const { user } = await renderApp(`/admin/users/profile/${ngoziUser.id}`);
      expect(await screen.findByText('SUB-000007', {}, { timeout: 30_000 })).toBeInTheDocument();
      expect(screen.getByText('Unactive')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
        'href',
        `/admin/messages/create?recipient_id=${ngoziUser.id}`,
      );
      await user.click(await screen.findByRole('button', { name: 'ACTIVATE' }));
      expect(
        await screen.findByText('Sub Admin activated/ deactivated successfully!'),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: `/api/v2/user/${ngoziUser.id}`, body: { status: 1 } },
      ]);
      // reloaded: now active, and the button offers the opposite
      expect(await screen.findByRole('button', { name: 'DISABLE' })).toBeInTheDocument();
      expect(screen.getByText('Active')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
    },
    slow,
  );

  it(
    'saves the Permissions tab with PUT /users/:id',
    async () => {
      signIn(manager);
      const calls = answerUsers();
      const { user } = await renderApp(`/admin/users/profile/${ngoziUser.id}`);
      await user.click(
        await screen.findByRole('tab', { name: 'Permissions' }, { timeout: 30_000 }),
      );
      await user.click(await screen.findByLabelText('User management (view)'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('User saved')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: `/api/v2/users/${ngoziUser.id}`,
          body: { permissions: ['View Job History', 'User management (view)'] },
        },
      ]);
    },
    slow,
  );
});

describe('Edit Profile (settings/profile)', () => {
  it(
    "saves a company head's details and company with 'Profile edited successfully!'",
    async () => {
      signIn({
        ...companyAccount,
        address: '1 Marina',
        company_state: 'lagos',
        company_address: '1 Marina',
      });
      const sent: unknown[] = [];
      server.use(
        http.put('/api/v2/setting/update-details', async ({ request }) => {
          const body = (await request.json()) as Record<string, string>;
          sent.push(body);
          return HttpResponse.json({ ...companyAccount, ...body });
        }),
      );
      const { user } = await renderApp('/company/settings/profile');
      const address = await screen.findByLabelText('Company address', {}, { timeout: 30_000 });
      await user.clear(address);
      await user.click(address);
      await user.paste('14 Broad Street, Lagos Island');
      const details = screen.getByText('Your details').closest('.MuiCard-root') as HTMLElement;
      await user.click(within(details).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Profile edited successfully!')).toBeInTheDocument();
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        first_name: 'Adaeze',
        last_name: 'Okafor',
        phone: '+2348031234567',
        address: '1 Marina',
        company_name: 'Lagos Freight Ltd',
        company_state: 'lagos',
        company_address: '14 Broad Street, Lagos Island',
      });
    },
    slow,
  );

  it(
    'does not show the company fields to a sub-user',
    async () => {
      signIn({ ...companyAccount, role: 'sub-admin', permissions: ['Edit Profile'] });
      await renderApp('/company/settings/profile');
      expect(
        await screen.findByLabelText(/First name/, {}, { timeout: 30_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Company address')).toBeNull();
      expect(screen.queryByLabelText('Company state')).toBeNull();
    },
    slow,
  );
});
