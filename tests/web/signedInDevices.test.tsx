import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/pages/settings/sessionsApi';
import { renderApp } from './support/renderApp';
import { server } from './support/server';
import { companyAccount, signIn } from './support/session';

const session = (over: Partial<Session>): Session => ({
  id: '9a000000-0000-4000-8000-000000000001',
  device: 'Chrome on Windows',
  ip: '203.0.113.9',
  created_ip: '203.0.113.9',
  created_at: '2025-03-01T08:00:00.000Z',
  last_used_at: '2025-03-01T09:15:00.000Z',
  current: true,
  ...over,
});

const here = session({});
const phone = session({
  id: '9a000000-0000-4000-8000-000000000002',
  device: 'Chrome on Android',
  ip: '198.51.100.7',
  created_ip: '198.51.100.1',
  current: false,
});

function answerSessions() {
  let live = [here, phone];
  const calls: string[] = [];
  server.use(
    http.get('/api/v2/auth/sessions', () => HttpResponse.json(live)),
    http.delete('/api/v2/auth/sessions/:id', ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      live = live.filter((s) => s.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v2/auth/sessions/end-others', () => {
      calls.push('end-others');
      live = live.filter((s) => s.current);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('Settings → Signed-in devices', { timeout: 60_000 }, () => {
  it('lists the devices with address, first and last use, this one marked', async () => {
    signIn(companyAccount);
    answerSessions();
    await renderApp('/company/settings');
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    // The card's title is a heading of the settings page, under its h1.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Signed-in devices' }),
    ).toBeInTheDocument();
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    // Recency in short (a week on, the compact date), the full date and time as its title.
    const signedIn = within(items[0]!).getByText('Signed in Mar 1, 2025');
    expect(signedIn).toHaveAttribute('title', expect.stringMatching(/^March 1, 2025 at /));
    expect(within(items[0]!).getByText('Last used Mar 1, 2025')).toBeInTheDocument();
    expect(
      within(items[1]!).getByText(/198\.51\.100\.7 · signed in from 198\.51\.100\.1/),
    ).toBeInTheDocument();
    expect(within(items[0]!).queryByText(/signed in from/)).toBeNull();
    expect(within(items[0]!).queryByRole('button', { name: /Sign out/ })).toBeNull();
  });

  it('ends one device', async () => {
    signIn(companyAccount);
    const calls = answerSessions();
    const { user } = await renderApp('/company/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    await waitFor(() => expect(calls).toEqual([`DELETE ${phone.id}`]));
    expect(await screen.findByText('That device is signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
  });

  it('signs out everywhere else', async () => {
    signIn(companyAccount);
    const calls = answerSessions();
    const { user } = await renderApp('/company/settings');
    await screen.findByText('Chrome on Android');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(calls).toEqual(['end-others']));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });
});

describe('Edit Profile → Change password: sign out of other devices', { timeout: 60_000 }, () => {
  function answerChange() {
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/v2/setting/change-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Password changed' });
      }),
    );
    return bodies;
  }

  async function fillPasswords(user: Awaited<ReturnType<typeof renderApp>>['user']) {
    await user.type(
      await screen.findByLabelText(/Current password/, undefined, { timeout: 15_000 }),
      'old-password-1',
    );
    await user.type(screen.getByLabelText(/^New password/), 'A-new-pass-for-ada-9');
    await user.type(screen.getByLabelText(/Confirm new password/), 'A-new-pass-for-ada-9');
  }

  it('offers the checkbox ticked and sends end_other_sessions: true', async () => {
    signIn(companyAccount);
    const bodies = answerChange();
    const { user } = await renderApp('/company/settings/profile');
    await fillPasswords(user);
    expect(screen.getByRole('checkbox', { name: 'Sign out of other devices' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      current_password: 'old-password-1',
      new_password: 'A-new-pass-for-ada-9',
      end_other_sessions: true,
    });
    expect(
      await screen.findByText('Password changed. Your other sessions have ended.'),
    ).toBeInTheDocument();
  });

  it('unticked, sends end_other_sessions: false and says the others stay', async () => {
    signIn(companyAccount);
    const bodies = answerChange();
    const { user } = await renderApp('/company/settings/profile');
    await fillPasswords(user);
    await user.click(screen.getByRole('checkbox', { name: 'Sign out of other devices' }));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ end_other_sessions: false });
    expect(
      await screen.findByText('Password changed. Your other devices stay signed in.'),
    ).toBeInTheDocument();
  });
});
