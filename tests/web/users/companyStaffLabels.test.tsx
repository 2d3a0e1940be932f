import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { companyAccount, signIn } from '../support/session';
import { answerUsers } from './fixtures';

/** A full app per test on a shared 2-core machine. */
const slow = 90_000;
const firstRender = { timeout: 30_000 };

describe('a company adding its staff', () => {
  it(
    'reads "Add staff member", not the provider\'s "Create New Admin"',
    async () => {
      signIn(companyAccount);
      answerUsers();
      const { user } = await renderApp('/company/users/users');

      const add = await screen.findByRole('link', { name: 'Add staff member' }, firstRender);
      expect(screen.queryByRole('link', { name: 'Create New Admin' })).not.toBeInTheDocument();
      await user.click(add);
      await waitFor(() => expect(currentPath()).toBe('/company/users/create'));
      expect(await screen.findByText('Add a staff member', {}, firstRender)).toBeInTheDocument();
    },
    slow,
  );

  it(
    'calls its sub-user "Staff" on their profile, where the provider\'s own are "Sub-admin"',
    async () => {
      signIn({ ...companyAccount, role: 'sub-admin', permissions: ['View Job History'] });
      await renderApp('/company/profile');
      const role = await screen.findByText('Role', { selector: 'dt' }, firstRender);
      expect(role.nextElementSibling).toHaveTextContent(/^Staff$/);
    },
    slow,
  );
});
