/**
 * The signed-in session as the browser keeps it: four localStorage keys (spec §3).
 * Everything that reads or writes them goes through this file.
 */

import type { Role, WebArea } from '../../reference/permissions';
import type { Account as AccountAnswer } from '../../server/schemas/auth';

/** The web app's areas (agents work in the capture wizard). */
export type Area = WebArea;
export type { Role };

/**
 * The account as the API returns it on login, refresh and GET /auth/me, in a web area: an agent
 * never holds a session here (the wizard works from its links).
 */
export type Account = Omit<AccountAnswer, 'area'> & { area: Area };

export interface Session {
  accessToken: string;
  refreshToken: string;
  account: Account;
}

const ACCESS_TOKEN = 'accessToken';
const REFRESH_TOKEN = 'refreshToken';
const LOGGED_IN = 'loggedIn';
const ACCOUNT = 'account';

export function readSession(): Session | null {
  if (localStorage.getItem(LOGGED_IN) !== 'true') return null;
  const accessToken = localStorage.getItem(ACCESS_TOKEN);
  const refreshToken = localStorage.getItem(REFRESH_TOKEN);
  const accountJson = localStorage.getItem(ACCOUNT);
  if (!accessToken || !refreshToken || !accountJson) return null;
  try {
    return { accessToken, refreshToken, account: JSON.parse(accountJson) as Account };
  } catch {
    return null;
  }
}

export function saveSession({ accessToken, refreshToken, account }: Session): void {
  localStorage.setItem(ACCESS_TOKEN, accessToken);
  localStorage.setItem(REFRESH_TOKEN, refreshToken);
  localStorage.setItem(LOGGED_IN, 'true');
  localStorage.setItem(ACCOUNT, JSON.stringify(account));
}

/** The signed-in account as the server now has it (after Edit Profile); tokens unchanged. */
export function saveAccount(account: Account): void {
  if (readSession()) localStorage.setItem(ACCOUNT, JSON.stringify(account));
}

export function clearSession(): void {
  for (const key of [ACCESS_TOKEN, REFRESH_TOKEN, LOGGED_IN, ACCOUNT]) localStorage.removeItem(key);
}

export const readAccessToken = (): string | null => localStorage.getItem(ACCESS_TOKEN);
export const readRefreshToken = (): string | null => localStorage.getItem(REFRESH_TOKEN);

/** The settings page of an area, where two-factor sign-in is set up. */
export const areaSettings = (area: Area): string => `/${area}/settings`;

/** Where a signed-in user lands: their area's dashboard. */
export const areaHome = (area: Area): string => `/${area}/dashboard`;

export const fullName = (account: Pick<Account, 'first_name' | 'last_name' | 'full_name'>) =>
  account.full_name ?? `${account.first_name} ${account.last_name}`.trim();
