import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './support/renderApp';
import { commonPasswordMessage, refuseCommonPassword, server } from './support/server';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const fill = async (user: User, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
};

const validValues = {
  'First name': 'Chinedu',
  'Last name': 'Eze',
  Email: 'chinedu@abujatrade.ng',
  'Phone number': '0803 123 4567',
  'Company name': 'Abuja Trade Co',
  Password: 'long-enough',
  'Confirm password': 'long-enough',
};

/** Counts the sign-ups that reach the server. */
const countSignups = () => {
  const calls = { count: 0 };
  server.use(
    http.post('/api/v2/auth/signup', () => {
      calls.count += 1;
      return HttpResponse.json({ message: 'Account created.' }, { status: 201 });
    }),
  );
  return calls;
};

describe('sign-up page', () => {
  it('is also the index page', async () => {
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('requires the fields and sends nothing', async () => {
    const signups = countSignups();
    const { user } = await renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    // first name, last name, email, phone, password, confirm password; company name is optional
    expect(await screen.findAllByText('Required')).toHaveLength(6);
    expect(signups.count).toBe(0);
  });

  it("says 'Passowrds must match!' when the confirmation differs, and sends nothing", async () => {
    const signups = countSignups();
    const { user } = await renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, { ...validValues, 'Confirm password': 'long-enougH' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Passowrds must match!')).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
    expect(signups.count).toBe(0);
  });

  it('wants 8 characters of password and a Nigerian phone number', async () => {
    const signups = countSignups();
    const { user } = await renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, {
      ...validValues,
      'Phone number': '+44 7911 123456',
      Password: 'short',
      'Confirm password': 'short',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a valid Nigerian phone number')).toBeInTheDocument();
    expect(screen.getByText('Must be 8 characters at least')).toBeInTheDocument();
    expect(signups.count).toBe(0);
  });

  it('creates the account, then says to check the mailbox', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v2/auth/signup', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { message: 'Account created. Check your email to confirm it.' },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, validValues);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeInTheDocument();
    expect(
      screen.getByText(/We have sent a confirmation link to chinedu@abujatrade\.ng/),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/emailsuccessful');
    expect(sent).toEqual({
      first_name: 'Chinedu',
      last_name: 'Eze',
      email: 'chinedu@abujatrade.ng',
      phone: '0803 123 4567',
      company_name: 'Abuja Trade Co',
      password: 'long-enough',
    });
  });

  it("leaves out an empty company name, and shows the server's refusal as a toast", async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post('/api/v2/auth/signup', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { message: 'An account already uses this email' },
          { status: 409 },
        );
      }),
    );
    const { user } = await renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, { ...validValues, 'Company name': '' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('An account already uses this email')).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
    expect(sent).not.toHaveProperty('company_name');
  });
  it("security: shows the server's refusal of a common password", async () => {
    refuseCommonPassword('/api/v2/auth/signup');
    const { user } = await renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, validValues);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(commonPasswordMessage)).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
  });
});
