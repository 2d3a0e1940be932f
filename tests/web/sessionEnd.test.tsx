import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, memoryStore, TestMemoryRouter, useGetOne } from 'react-admin';
import { expect, it, vi } from 'vitest';
import { server } from './support/server';
import { companyAccount, makeJwt, sessionKeys, signIn } from './support/session';

const JobsProbe = () => {
  useGetOne('jobs', { id: 1 });
  useGetOne('jobs', { id: 2 });
  return <p>Jobs page</p>;
};

it('on 401 clears the session and redirects to /login once, with a toast, remembering the page', async () => {
  vi.resetModules();
  const { authProviderFor } = await import('../../src/authProvider');
  const { dataProvider } = await import('../../src/dataProvider');
  const { i18nProvider } = await import('../../src/i18n/i18nProvider');
  const { createQueryClient } = await import('../../src/queryClient');
  const { PublicArea } = await import('../../src/admins/PublicArea');
  const { LoginPage } = await import('../../src/pages/public/LoginPage');

  signIn(companyAccount);
  let secondAnswered = false;
  server.use(
    http.get('/api/v2/jobs/1', () =>
      HttpResponse.json({ message: 'Authentication required' }, { status: 401 }),
    ),
    http.get('/api/v2/jobs/2', async () => {
      await delay(200);
      secondAnswered = true;
      return HttpResponse.json({ message: 'Authentication required' }, { status: 401 });
    }),
  );
  const visits = new Map<string, Location>();

  render(
    <TestMemoryRouter
      initialEntries={['/company/jobs']}
      locationCallback={(location) => visits.set(location.key, location)}
    >
      <Routes>
        <Route
          path="/company/*"
          element={
            <AdminContext
              basename="/company"
              authProvider={authProviderFor('company')}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              queryClient={createQueryClient()}
              store={memoryStore()}
            >
              <JobsProbe />
            </AdminContext>
          }
        />
        <Route element={<PublicArea />}>
          <Route path="/login" element={<LoginPage />} />
        </Route>
      </Routes>
    </TestMemoryRouter>,
  );

  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  expect(await screen.findByText('Authentication required')).toBeInTheDocument();
  expect(sessionKeys()).toEqual([]);

  // The second request fails after the redirect: no second trip to /login.
  await waitFor(() => expect(secondAnswered).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const loginVisits = [...visits.values()].filter((location) => location.pathname === '/login');
  expect(loginVisits).toHaveLength(1);
  expect(loginVisits[0]?.state).toEqual({ nextPathname: '/company/jobs', nextSearch: '' });

  // Logging in again returns to the page, and re-arms the redirect.
  server.use(
    http.post('/api/v2/auth/login', () =>
      HttpResponse.json({
        accessToken: makeJwt(900),
        refreshToken: 'r-2',
        account: companyAccount,
      }),
    ),
    http.get('/api/v2/jobs/:id', ({ params }) => HttpResponse.json({ id: Number(params.id) })),
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), 'adaeze@lagosfreight.ng');
  await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('Jobs page')).toBeInTheDocument();
});
