import { addRefreshAuthToAuthProvider, type AuthProvider, type UserIdentity } from 'react-admin';
import { errorMessages } from '../httpClient/errorMessages';
import { statusOf } from '../httpClient/httpClient';
import { authApi, type MessageAnswer, type SignupBody } from './authApi';
import { canAccess } from './canAccess';
import { isTokenExpired } from './jwt';
import { twoFactorSetupRequiredCode } from '../../reference/twoFactor';
import {
  areaSettings,
  clearSession,
  fullName,
  readRefreshToken,
  readSession,
  saveSession,
  type Account,
  type Area,
} from './session';

/** The top-level public login page: both areas send signed-out users here, not to /company/login. */
export const loginPath = '/login';

export interface AppIdentity extends UserIdentity {
  fullName: string;
  account: Account;
}

export type AppAuthProvider = AuthProvider & {
  getIdentity: () => Promise<AppIdentity>;
  signup: (body: SignupBody) => Promise<MessageAnswer>;
  confirmEmail: (token: string) => Promise<MessageAnswer>;
  recoverPassword: (email: string) => Promise<MessageAnswer>;
  setPassword: (params: { token: string; password: string }) => Promise<MessageAnswer>;
  /**
   * Why the last session ended, if it ended on an auth error; returned once. The area that
   * noticed the error unmounts on the way to /login, taking its toasts with it, so the login
   * page shows this one instead.
   */
  takeSessionNotice: () => string | undefined;
};

const sessionEndedMessage = 'ra.notification.logged_out';

/**
 * The password was right and the account has two-factor sign-in on: `login` rejects with this,
 * and the login page asks for a code, then calls `login({ticket, code})`.
 */
export class TwoFactorRequired extends Error {
  constructor(readonly ticket: string) {
    super('Two-factor authentication required');
  }
}

export type LoginParams = { email: string; password: string } | { ticket: string; code: string };

/** The server's reason code of a failed call, if it sent one. */
const reasonOf = (error: unknown) =>
  (error as { body?: { code?: unknown } } | null | undefined)?.body?.code;

/** Serialises refreshes across the tabs of this browser, which share one refresh token. */
const withRefreshLock = (task: () => Promise<void>): Promise<void> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('backoffice-token-refresh', task)
    : task();

/**
 * Builds the auth side of the app. The state below lives once per page load and is shared by the
 * public pages and both areas, which is what makes "redirect to /login once" and "one refresh at
 * a time" hold across them.
 */
export function createAuth() {
  /** A 401/403 has sent the user to /login; the next successful login clears it (spec §4). */
  let sentToLogin = false;
  let sessionNotice: string | undefined;
  let refreshing: Promise<void> | undefined;

  /** Forgets the session here and, best effort, on the server (revoking its refresh token). */
  function signOut() {
    const refreshToken = readRefreshToken();
    clearSession();
    if (refreshToken) authApi.logout(refreshToken).catch(() => undefined);
  }

  async function refreshSession() {
    // Read again: another tab may have refreshed while this one waited for the lock.
    const session = readSession();
    if (!session || !isTokenExpired(session.accessToken)) return;
    try {
      saveSession(await authApi.refresh(session.refreshToken));
    } catch (error) {
      // A refused refresh token (spent, revoked, expired) ends the session; a network failure
      // does not, and the next call tries again.
      const status = statusOf(error);
      if (status !== undefined && status >= 400 && status < 500) {
        clearSession();
        sessionNotice = errorMessages(error, sessionEndedMessage)[0];
      }
      throw error;
    }
  }

  /**
   * Refreshes the tokens when the access token has expired. Concurrent callers share one request:
   * the server rotates refresh tokens and revokes the whole session when one is used twice.
   */
  function refreshAuth(): Promise<void> {
    const session = readSession();
    if (!session || !isTokenExpired(session.accessToken)) return Promise.resolve();
    refreshing ??= withRefreshLock(refreshSession).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  const baseProvider: AppAuthProvider = {
    async login(params: LoginParams) {
      const answer =
        'ticket' in params
          ? await authApi.verifyTwoFactor(params)
          : await authApi.login({ email: params.email, password: params.password });
      if ('twoFactorRequired' in answer) throw new TwoFactorRequired(answer.ticket);
      saveSession(answer);
      sentToLogin = false;
      sessionNotice = undefined;
      // A policy requires two-factor sign-in and it is not on yet: straight to its setup.
      if (answer.account.two_factor_setup_required) {
        return { redirectTo: areaSettings(answer.account.area) };
      }
      // Resolving without redirectTo lets useLogin return to the remembered location, or to '/',
      // which sends a signed-in user on to their area's dashboard.
    },

    async logout() {
      signOut();
      return loginPath;
    },

    async checkAuth() {
      if (!readSession()) throw { redirectTo: loginPath, message: false };
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status !== 401 && status !== 403) return;
      // The one 403 that does not end the session (spec §4's exception): a policy requires
      // two-factor sign-in, and the user is taken to its setup, still signed in.
      const account = readSession()?.account;
      if (status === 403 && reasonOf(error) === twoFactorSetupRequiredCode && account) {
        throw {
          logoutUser: false,
          redirectTo: areaSettings(account.area),
          message: errorMessages(error)[0],
        };
      }
      if (sentToLogin) {
        // Already on the way to /login: no second redirect, which would also overwrite the
        // remembered location with /login itself.
        throw { logoutUser: false, message: false };
      }
      sentToLogin = true;
      sessionNotice = errorMessages(error, sessionEndedMessage)[0];
      signOut();
      throw { redirectTo: loginPath, message: false };
    },

    async getIdentity() {
      const session = readSession();
      if (!session) throw new Error('Not signed in');
      const { account } = session;
      return { id: account.id, fullName: fullName(account), account };
    },

    signup: (body) => authApi.signup(body),
    confirmEmail: (token) => authApi.confirmEmail(token),
    recoverPassword: (email) => authApi.recoverPassword(email),
    setPassword: ({ token, password }) => authApi.setPassword(token, password),

    takeSessionNotice() {
      const notice = sessionNotice;
      sessionNotice = undefined;
      return notice;
    },
  };

  /**
   * checkAuth, getIdentity and getPermissions refresh first. A refused refresh has already ended
   * the session, so checkAuth then fails and react-admin goes to /login; a refresh that could not
   * reach the server leaves the session as it is rather than signing the user out.
   */
  const refreshBeforeAuthCheck = () => refreshAuth().catch(() => undefined);

  return {
    refreshAuth,
    /** For the public pages, which check no access rights. */
    authProvider: addRefreshAuthToAuthProvider(baseProvider, refreshBeforeAuthCheck),
    /** For `<Admin basename={`/${area}`}>`: access rights are asked for that area. */
    authProviderFor(area: Area): AppAuthProvider {
      return addRefreshAuthToAuthProvider(
        {
          ...baseProvider,
          canAccess: async ({ resource, action }) =>
            canAccess(readSession()?.account, { area, resource, action }),
        },
        refreshBeforeAuthCheck,
      );
    },
  };
}
