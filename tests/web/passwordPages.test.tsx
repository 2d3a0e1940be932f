import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './support/renderApp';
import { commonPasswordMessage, refuseCommonPassword, server } from './support/server';

describe('set password page', () => {
  it('sets the password with the mailed token, then goes to /login with a toast', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v2/auth/set-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Password set. You can now log in.' });
      }),
    );
    const { user } = await renderApp('/setpassword?token=tok-123');
    await user.type(await screen.findByLabelText(/^New password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByText('Your password is set. You can now log in.')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok-123', password: 'brand-new-pass' });
  });

  it("checks the confirmation with the spec's message", async () => {
    const { user } = await renderApp('/setpassword?token=tok-123');
    await user.type(await screen.findByLabelText(/^New password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'brand-old-pass');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Passowrds must match!')).toBeInTheDocument();
  });

  it('shows an expired link as a toast and stays', async () => {
    server.use(
      http.post('/api/v2/auth/set-password', () =>
        HttpResponse.json({ message: 'This link is invalid or has expired' }, { status: 400 }),
      ),
    );
    const { user } = await renderApp('/setpassword?token=old');
    await user.type(await screen.findByLabelText(/^New password/), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(currentPath()).toBe('/setpassword');
  });

  it("security: shows the server's refusal of a common password and stays", async () => {
    refuseCommonPassword('/api/v2/auth/set-password');
    const { user } = await renderApp('/setpassword?token=tok-123');
    await user.type(await screen.findByLabelText(/^New password/), 'Password123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(commonPasswordMessage)).toBeInTheDocument();
    expect(currentPath()).toBe('/setpassword');
  });

  it('offers a new link instead of a form when the token is missing', async () => {
    await renderApp('/setpassword');
    expect(await screen.findByText(/This link is incomplete or has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recover your password' })).toHaveAttribute(
      'href',
      '/recoverpassword',
    );
  });
});

describe('recover password page', () => {
  it('asks for a link and says to check the email', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v2/auth/recover-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          message: 'If an account exists for this email, a reset link has been sent to it.',
        });
      }),
    );
    const { user } = await renderApp('/recoverpassword');
    await user.type(await screen.findByLabelText(/^Email/), 'adaeze@lagosfreight.ng');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(
      await screen.findByText(/Check your email: if an account exists for adaeze@lagosfreight\.ng/),
    ).toBeInTheDocument();
    expect(sent).toEqual({ email: 'adaeze@lagosfreight.ng' });
  });
});

describe('confirm email page', () => {
  it('confirms the token once, even under StrictMode, and points to /login', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v2/auth/confirm-email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Email confirmed. You can now log in.' });
      }),
    );
    await renderApp('/confirmemail?token=tok-abc', { strictMode: true });
    expect(
      await screen.findByText('Your email is confirmed. You can now log in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([{ token: 'tok-abc' }]);
  });

  it("shows the server's reason when the link does not work", async () => {
    server.use(
      http.post('/api/v2/auth/confirm-email', () =>
        HttpResponse.json(
          { message: 'This confirmation link is invalid or has expired' },
          { status: 400 },
        ),
      ),
    );
    await renderApp('/confirmemail?token=spent');
    expect(
      await screen.findByText(/This confirmation link is invalid or has expired/),
    ).toBeInTheDocument();
    expect(screen.getByText(/We could not confirm your email/)).toBeInTheDocument();
  });
});

describe('privacy policy page', () => {
  it('names the law, the data collected and a way to reach us', async () => {
    await renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getAllByText(/Nigeria Data Protection Act 2023/).length).toBeGreaterThan(0);
    expect(screen.getByText(/the GPS position of the agent’s phone/)).toBeInTheDocument();
    expect(screen.getByText(/a selfie of the agent at the door/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How long we keep it' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });

  it('says what is kept of job subjects and devices, on what basis, how long, and how to ask', async () => {
    await renderApp('/privacy-policy');
    await screen.findByRole('heading', { name: 'Privacy policy' });
    expect(
      screen.getByText(/phone numbers, the National Identification Number \(NIN\)/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Device data: .*User-Agent.*IP address/)).toBeInTheDocument();
    expect(
      screen.getByText(/Lawful basis under the Nigeria Data Protection Act 2023/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /365 days after the job is closed, unless your provider has set another period/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/for a copy of your data or for its erasure/)).toBeInTheDocument();
    expect(screen.getByText(/The\s+verification provider handles the request/)).toBeInTheDocument();
  });
});
