import type { Account } from '../../../src/authProvider';

/** An unsigned JWT whose `exp` is `expiresInSeconds` from now: all the browser reads of it. */
export function makeJwt(expiresInSeconds: number, subject = 'acc-1'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, exp })}.signature`;
}

export const companyAccount: Account = {
  id: 'acc-company',
  first_name: 'Adaeze',
  last_name: 'Okafor',
  full_name: 'Adaeze Okafor',
  uniqueCode: 'CMP-00042',
  email: 'adaeze@lagosfreight.ng',
  phone: '+2348031234567',
  company_name: 'Lagos Freight Ltd',
  company_id: 'co-1',
  role: 'company',
  permissions: [],
  address: null,
  picture_url: null,
  isSuperAdmin: false,
  area: 'company',
  two_factor_enabled: false,
  two_factor_required: false,
  two_factor_setup_required: false,
};

export const adminAccount: Account = {
  id: 'acc-admin',
  first_name: 'Tunde',
  last_name: 'Bakare',
  full_name: 'Tunde Bakare',
  uniqueCode: 'ADM-00001',
  email: 'tunde@verify.ng',
  phone: '+2348097654321',
  company_id: null,
  role: 'admin',
  permissions: [],
  address: null,
  picture_url: null,
  isSuperAdmin: true,
  area: 'admin',
  two_factor_enabled: false,
  two_factor_required: false,
  two_factor_setup_required: false,
};

/** Puts a session in localStorage the way the app keeps it (spec §3). */
export function signIn(
  account: Account,
  { accessToken = makeJwt(15 * 60), refreshToken = 'refresh-1' } = {},
) {
  localStorage.setItem('accessToken', accessToken);
  localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('loggedIn', 'true');
  localStorage.setItem('account', JSON.stringify(account));
}

export const sessionKeys = () =>
  ['accessToken', 'refreshToken', 'loggedIn', 'account'].filter(
    (key) => localStorage.getItem(key) !== null,
  );
