import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/authProvider/authProvider';
import { server } from './support/server';
import { adminAccount, companyAccount, makeJwt, sessionKeys, signIn } from './support/session';

let auth: ReturnType<typeof createAuth>;
beforeEach(() => {
  auth = createAuth();
});

describe('login', () => {
  it('stores accessToken, refreshToken, loggedIn and account', async () => {
    const accessToken = makeJwt(900);
    let sent: unknown;
    server.use(
      http.post('/api/v2/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ accessToken, refreshToken: 'r-1', account: companyAccount });
      }),
    );

    await auth.authProvider.login({ email: 'adaeze@lagosfreight.ng', password: 'secret-123' });

    expect(sent).toEqual({ email: 'adaeze@lagosfreight.ng', password: 'secret-123' });
    expect(localStorage.getItem('accessToken')).toBe(accessToken);
    expect(localStorage.getItem('refreshToken')).toBe('r-1');
    expect(localStorage.getItem('loggedIn')).toBe('true');
    expect(JSON.parse(localStorage.getItem('account') ?? 'null')).toEqual(companyAccount);
  });

  it("rejects with the server's message and stores nothing", async () => {
    server.use(
      http.post('/api/v2/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    await expect(
      auth.authProvider.login({ email: 'x@y.ng', password: 'wrong-password' }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(sessionKeys()).toEqual([]);
  });
});

describe('logout', () => {
  it('clears the four keys, ends the session on the server and goes to /login', async () => {
    signIn(companyAccount, { refreshToken: 'r-9' });
    const ended = new Promise((resolve) =>
      server.use(
        http.post('/api/v2/auth/logout', async ({ request }) => {
          resolve(await request.json());
          return HttpResponse.json({ message: 'Logged out' });
        }),
      ),
    );

    await expect(auth.authProvider.logout({})).resolves.toBe('/login');

    expect(sessionKeys()).toEqual([]);
    expect(await ended).toEqual({ refreshToken: 'r-9' });
  });
});

describe('checkAuth and getIdentity', () => {
  it('passes with a session and sends signed-out users to the top-level /login', async () => {
    await expect(auth.authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    signIn(companyAccount);
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('gives the stored account as identity, with its full name', async () => {
    signIn(adminAccount);
    await expect(auth.authProvider.getIdentity?.()).resolves.toEqual({
      id: 'acc-admin',
      fullName: 'Tunde Bakare',
      account: adminAccount,
    });
  });
});

describe('checkError (spec §4: once only, until a successful login)', () => {
  it('ignores errors other than 401 and 403', async () => {
    signIn(companyAccount);
    await expect(auth.authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(auth.authProvider.checkError({ status: 404 })).resolves.toBeUndefined();
    expect(sessionKeys()).toHaveLength(4);
  });

  it.each([401, 403])(
    'on %i clears the session and redirects to /login once, until the next login',
    async (status) => {
      server.use(
        http.post('/api/v2/auth/logout', () => HttpResponse.json({ message: 'Logged out' })),
        http.post('/api/v2/auth/login', () =>
          HttpResponse.json({
            accessToken: makeJwt(900),
            refreshToken: 'r-2',
            account: companyAccount,
          }),
        ),
      );
      signIn(companyAccount);
      const error = { status, body: { message: 'Your session has ended. Please log in again.' } };

      await expect(auth.authProvider.checkError(error)).rejects.toEqual({
        redirectTo: '/login',
        message: false,
      });
      expect(sessionKeys()).toEqual([]);
      expect(auth.authProvider.takeSessionNotice()).toBe(
        'Your session has ended. Please log in again.',
      );

      // Later failures of requests already on their way do not redirect again.
      await expect(auth.authProvider.checkError(error)).rejects.toEqual({
        logoutUser: false,
        message: false,
      });

      await auth.authProvider.login({ email: 'adaeze@lagosfreight.ng', password: 'secret-123' });
      await expect(auth.authProvider.checkError(error)).rejects.toMatchObject({
        redirectTo: '/login',
      });
    },
  );
});

describe('canAccess', () => {
  it("grants an area's users that area only", async () => {
    signIn(companyAccount);
    const company = auth.authProviderFor('company');
    const admin = auth.authProviderFor('admin');
    await expect(company.canAccess?.({ resource: 'jobs', action: 'list' })).resolves.toBe(true);
    await expect(admin.canAccess?.({ resource: 'jobs', action: 'list' })).resolves.toBe(false);
  });
});

describe('token refresh', () => {
  const refreshed = { accessToken: makeJwt(900), refreshToken: 'r-2', account: companyAccount };

  it('does nothing while the access token is valid', async () => {
    signIn(companyAccount, { accessToken: makeJwt(600) });
    // No handler: a refresh request would fail the test (onUnhandledRequest: 'error').
    await auth.refreshAuth();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('refreshes an expired token once for concurrent callers and stores the new pair', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-60), refreshToken: 'r-1' });
    const presented: unknown[] = [];
    server.use(
      http.post('/api/v2/auth/refresh', async ({ request }) => {
        presented.push(await request.json());
        await delay(20);
        return HttpResponse.json(refreshed);
      }),
    );

    await Promise.all([auth.refreshAuth(), auth.refreshAuth(), auth.refreshAuth()]);

    expect(presented).toEqual([{ refreshToken: 'r-1' }]);
    expect(localStorage.getItem('accessToken')).toBe(refreshed.accessToken);
    expect(localStorage.getItem('refreshToken')).toBe('r-2');
  });

  it('refreshes before checkAuth when the access token has expired', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-60) });
    server.use(http.post('/api/v2/auth/refresh', () => HttpResponse.json(refreshed)));

    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBe(refreshed.accessToken);
  });

  it('ends the session when the server refuses the refresh token', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-60) });
    server.use(
      http.post('/api/v2/auth/refresh', () =>
        HttpResponse.json(
          { message: 'Your session has ended. Please log in again.' },
          { status: 401 },
        ),
      ),
    );

    await expect(auth.refreshAuth()).rejects.toMatchObject({ status: 401 });
    expect(sessionKeys()).toEqual([]);
    // react-admin's checkAuth then fails, which sends the user to /login.
    await expect(auth.authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(auth.authProvider.takeSessionNotice()).toBe(
      'Your session has ended. Please log in again.',
    );
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    signIn(companyAccount, { accessToken: makeJwt(-60) });
    server.use(http.post('/api/v2/auth/refresh', () => HttpResponse.error()));

    await expect(auth.refreshAuth()).rejects.toThrow();
    expect(sessionKeys()).toHaveLength(4);
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});
