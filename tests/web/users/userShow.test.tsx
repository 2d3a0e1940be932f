import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';
import { answerUsers, creatorAccount, ngoziUser } from './fixtures';

/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

/** That no DISABLE/ACTIVATE button shows up, however late its checks answer. */
const noStatusButton = () =>
  expect(
    screen.findByRole('button', { name: /^(DISABLE|ACTIVATE)$/ }, { timeout: 1500 }),
  ).rejects.toThrow();

/** May view, disable and edit users. */
const manager = {
  ...creatorAccount,
  permissions: [...creatorAccount.permissions, 'Delete or Disable Account'],
};

describe('user view (users/profile/:id)', () => {
  it(
    "shows 'Unactive', activates with the spec's toast, reloads the user and returns to the previous page",
    async () => {
      signIn(manager);
      const calls = answerUsers();
      const { user } = await renderApp('/admin/users/users');
      await user.click(await screen.findByText('SUB-000007', {}, { timeout: 30_000 }));
      await waitFor(() => expect(currentPath()).toBe(`/admin/users/profile/${ngoziUser.id}`));
      const activate = await screen.findByRole('button', { name: 'ACTIVATE' });
      expect(screen.getByText('Unactive')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute(
        'href',
        `/admin/messages/create?recipient_id=${ngoziUser.id}`,
      );
      const before = calls.filter((c) => c.method === 'GET').length;
      await user.click(activate);
      expect(
        await screen.findByText('Sub Admin activated/ deactivated successfully!'),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: `/api/v2/user/${ngoziUser.id}`, body: { status: 1 } },
      ]);
      await waitFor(() => expect(currentPath()).toBe('/admin/users/users'));
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(before),
      );
    },
    slow,
  );

  it(
    "offers neither DISABLE nor Save on one's own account",
    async () => {
      signIn(manager);
      answerUsers([{ ...ngoziUser, id: manager.id, status: 1 }]);
      const { user } = await renderApp(`/admin/users/profile/${manager.id}`);
      expect(await screen.findByText('SUB-000007', {}, { timeout: 30_000 })).toBeInTheDocument();
      await noStatusButton();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Permissions' }));
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    },
    slow,
  );

  it(
    'offers neither DISABLE nor Save on a user holding a label the actor lacks, nor on an admin',
    async () => {
      signIn(manager);
      const support = { ...ngoziUser, status: 1, permissions: ['View Job History', 'Support'] };
      const admin = { ...ngoziUser, id: '7a000000-0000-4000-8000-000000000002', role: 'admin' };
      answerUsers([support, admin as typeof ngoziUser]);
      for (const target of [support, admin]) {
        const view = await renderApp(`/admin/users/profile/${target.id}`);
        expect(await screen.findByText('SUB-000007', {}, { timeout: 30_000 })).toBeInTheDocument();
        await noStatusButton();
        expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
        view.unmount();
      }
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
