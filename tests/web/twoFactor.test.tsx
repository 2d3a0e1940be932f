import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { twoFactorSetupRequiredCode } from '../../reference/twoFactor';
import { currentPath, renderApp } from './support/renderApp';
import { server } from './support/server';
import { companyAccount, makeJwt, sessionKeys, signIn } from './support/session';

const session = (account = companyAccount) => ({
  accessToken: makeJwt(900),
  refreshToken: 'r-2',
  account,
});

describe('signing in with two-factor on', () => {
  it('asks for an authentication code after the password, then signs in', async () => {
    const verified: unknown[] = [];
    server.use(
      http.post('/api/v2/auth/login', () =>
        HttpResponse.json({ twoFactorRequired: true, ticket: 'ticket-1' }),
      ),
      http.post('/api/v2/auth/2fa/verify', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        verified.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json(
            {
              message: 'The code is not valid',
              errors: [{ field: 'code', msg: 'The code is not valid' }],
            },
            { status: 401 },
          );
        }
        return HttpResponse.json(session());
      }),
    );
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'adaeze@lagosfreight.ng');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText(/^Authentication code/);
    expect(sessionKeys()).toEqual([]);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not valid')).toBeInTheDocument();
    // A wrong code does not end the sign-in: another one goes with the same ticket.
    await user.clear(screen.getByLabelText(/^Authentication code/));
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath()).toBe('/company/dashboard'));
    expect(verified).toEqual([
      { ticket: 'ticket-1', code: '654321' },
      { ticket: 'ticket-1', code: '123456' },
    ]);
    expect(sessionKeys()).toHaveLength(4);
  });

  it('takes a recovery code instead, through "Use a recovery code"', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v2/auth/login', () =>
        HttpResponse.json({ twoFactorRequired: true, ticket: 'ticket-2' }),
      ),
      http.post('/api/v2/auth/2fa/verify', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(session());
      }),
    );
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'adaeze@lagosfreight.ng');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath()).toBe('/company/dashboard'));
    expect(sent).toEqual({ ticket: 'ticket-2', code: 'ABCDE-FGHJK' });
  });
});

describe('a policy that requires two-factor sign-in', () => {
  it('takes the user to the setup on its 403, still signed in, instead of signing out', async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/job/company-job/counts', () =>
        HttpResponse.json(
          {
            message: 'Two-factor sign-in is required for your account.',
            code: twoFactorSetupRequiredCode,
          },
          { status: 403 },
        ),
      ),
    );
    await renderApp('/company/dashboard');
    await waitFor(() => expect(currentPath()).toBe('/company/settings'));
    expect(
      await screen.findByText('Two-factor sign-in is required for your account.'),
    ).toBeInTheDocument();
    expect(sessionKeys()).toHaveLength(4);
  });

  it('still signs out on any other 403', async () => {
    signIn(companyAccount);
    server.use(
      http.get('/api/v2/job/company-job/counts', () =>
        HttpResponse.json({ message: 'You are not allowed to do this' }, { status: 403 }),
      ),
    );
    await renderApp('/company/dashboard');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(sessionKeys()).toEqual([]);
  });

  it('goes straight to the setup when the sign-in says it is required', async () => {
    server.use(
      http.post('/api/v2/auth/login', () =>
        HttpResponse.json(
          session({
            ...companyAccount,
            two_factor_required: true,
            two_factor_setup_required: true,
          }),
        ),
      ),
    );
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText(/^Email/), 'adaeze@lagosfreight.ng');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath()).toBe('/company/settings'));
    expect(
      await screen.findByText(/Your organisation requires two-factor sign-in/),
    ).toBeInTheDocument();
  });
});

describe('Settings → Two-factor authentication', () => {
  it('sets up with a QR code and the key, enables with a code, shows ten recovery codes once', async () => {
    signIn(companyAccount);
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);
    let enabledWith: unknown;
    let endedOthers = false;
    server.use(
      http.post('/api/v2/auth/2fa/setup', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x:adaeze?secret=JBSWY3DPEHPK3PXP&issuer=x',
        }),
      ),
      http.post('/api/v2/auth/2fa/enable', async ({ request }) => {
        enabledWith = await request.json();
        localStorage.setItem(
          'account',
          JSON.stringify({ ...companyAccount, two_factor_enabled: true }),
        );
        return HttpResponse.json({ recovery_codes: codes });
      }),
      http.post('/api/v2/auth/sessions/end-others', () => {
        endedOthers = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderApp('/company/settings');
    expect(await screen.findByText(/^Off: signing in asks/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Key to type in')).toHaveValue('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Enable' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(enabledWith).toEqual({ code: '123456' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText('AAAA3-BBBB3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() => expect(endedOthers).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'I have kept them' }));
    await waitFor(() => expect(screen.queryByText('AAAA3-BBBB3')).not.toBeInTheDocument());
    expect(await screen.findByText(/^On: signing in asks/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('turns it off with a code asked for in a dialog', async () => {
    signIn({ ...companyAccount, two_factor_enabled: true });
    let disabledWith: unknown;
    server.use(
      http.post('/api/v2/auth/2fa/disable', async ({ request }) => {
        disabledWith = await request.json();
        localStorage.setItem('account', JSON.stringify(companyAccount));
        return HttpResponse.json({ message: 'Two-factor sign-in is off' });
      }),
    );
    const { user } = await renderApp('/company/settings');
    expect(await screen.findByText(/^On: signing in asks/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication?',
    });
    await user.type(within(dialog).getByLabelText(/^Code or recovery code/), 'ABCDE-FGHJK');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(disabledWith).toEqual({ code: 'ABCDE-FGHJK' }));
    expect(await screen.findByText(/^Off: signing in asks/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the company policy switch to the owner, and sets it', async () => {
    signIn(companyAccount);
    let policy: unknown;
    server.use(
      http.put('/api/v2/auth/2fa/policy/company', async ({ request }) => {
        const body = (await request.json()) as { required: boolean };
        policy = body;
        return HttpResponse.json(body);
      }),
    );
    const { user } = await renderApp('/company/settings');
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-factor sign-in for Lagos Freight Ltd',
    });
    await user.click(toggle);
    await waitFor(() => expect(policy).toEqual({ required: true }));
  });

  it("hides the policy switch from a company's sub-user", async () => {
    signIn({ ...companyAccount, role: 'sub-admin', permissions: ['View Dashboard'] });
    await renderApp('/company/settings');
    expect(await screen.findByText(/^Off: signing in asks/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
