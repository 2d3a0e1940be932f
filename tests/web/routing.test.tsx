import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/authProvider';
import { currentPath, renderApp } from './support/renderApp';
import { server } from './support/server';
import { adminAccount, companyAccount, makeJwt, sessionKeys, signIn } from './support/session';

const answerLogin = (account: Account) =>
  server.use(
    http.post('/api/v2/auth/login', () =>
      HttpResponse.json({ accessToken: makeJwt(900), refreshToken: 'r-1', account }),
    ),
  );

async function logIn(user: Awaited<ReturnType<typeof renderApp>>['user'], email: string) {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('public pages for signed-in users', () => {
  it('sends a company user opening /login to /company/dashboard', async () => {
    signIn(companyAccount);
    await renderApp('/login');
    expect(await screen.findByText('Welcome, Adaeze Okafor')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/dashboard');
  });

  it('sends an admin opening the sign-up page to /admin/dashboard', async () => {
    signIn(adminAccount);
    await renderApp('/signup');
    expect(await screen.findByText('Welcome, Tunde Bakare')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/dashboard');
  });
});

describe('areas', () => {
  it("sends a company user opening the admin area to the company's dashboard", async () => {
    signIn(companyAccount);
    await renderApp('/admin/dashboard');
    expect(await screen.findByText('Welcome, Adaeze Okafor')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/dashboard');
  });

  it("sends an admin opening the company area to the admin's dashboard", async () => {
    signIn(adminAccount);
    await renderApp('/company/settings');
    expect(await screen.findByText('Welcome, Tunde Bakare')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/dashboard');
  });

  it("opens an area's root on its dashboard, with the menu and the user's name", async () => {
    signIn(companyAccount);
    await renderApp('/company');
    expect(await screen.findByText('Welcome, Adaeze Okafor')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/dashboard');
    expect(screen.getByText('Signed in as Company · Lagos Freight Ltd')).toBeInTheDocument();
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/company/dashboard',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/company/settings',
    );
  });

  it('logs out from the user menu: session cleared, server told, back on /login', async () => {
    signIn(companyAccount, { refreshToken: 'r-77' });
    let revoked: unknown;
    server.use(
      http.post('/api/v2/auth/logout', async ({ request }) => {
        revoked = await request.json();
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user } = await renderApp('/company/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(sessionKeys()).toEqual([]);
    await waitFor(() => expect(revoked).toEqual({ refreshToken: 'r-77' }));
  });
});

describe('login', () => {
  it('takes a company user to /company/dashboard', async () => {
    answerLogin(companyAccount);
    const { user } = await renderApp('/login');
    await logIn(user, 'adaeze@lagosfreight.ng');
    expect(await screen.findByText('Welcome, Adaeze Okafor')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/dashboard');
    expect(sessionKeys()).toHaveLength(4);
  });

  it('takes an admin to /admin/dashboard', async () => {
    answerLogin(adminAccount);
    const { user } = await renderApp('/login');
    await logIn(user, 'tunde@verify.ng');
    expect(await screen.findByText('Welcome, Tunde Bakare')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/dashboard');
  });

  it('sends the email and password, and shows the refusal as a toast', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v2/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            message:
              'Please confirm your email before logging in. Check your mailbox for the link.',
          },
          { status: 403 },
        );
      }),
    );
    const { user } = await renderApp('/login');
    await logIn(user, ' adaeze@lagosfreight.ng ');

    expect(
      await screen.findByText(
        'Please confirm your email before logging in. Check your mailbox for the link.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({ email: 'adaeze@lagosfreight.ng', password: 'correct-horse' });
    expect(currentPath()).toBe('/login');
    expect(sessionKeys()).toEqual([]);
  });

  it('sends a signed-out visitor to /login and back to where they were after login', async () => {
    answerLogin(companyAccount);
    const { user } = await renderApp('/company/settings');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');

    await logIn(user, 'adaeze@lagosfreight.ng');
    expect(await screen.findByText('CMP-00042')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/settings');
  });

  it('ends a session whose refresh is refused: /login with the reason, then back', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-60) });
    server.use(
      http.post('/api/v2/auth/refresh', () =>
        HttpResponse.json(
          { message: 'Your session has ended. Please log in again.' },
          { status: 401 },
        ),
      ),
    );
    answerLogin(companyAccount);
    const { user } = await renderApp('/company/settings/set-amount');

    expect(
      await screen.findByText('Your session has ended. Please log in again.'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(sessionKeys()).toEqual([]);

    await logIn(user, 'adaeze@lagosfreight.ng');
    await waitFor(() => expect(currentPath()).toBe('/company/settings/set-amount'));
  });
});
