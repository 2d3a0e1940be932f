import type { RecoveryCodes, TwoFactorPolicy, TwoFactorSetup } from '../../../server/schemas/auth';
import type { Account } from '../../authProvider/session';
import { apiJson } from '../../httpClient/httpClient';

/** Which policy a switch sets: the admin area's (super-admins) or the caller's company's (owner). */
export type TwoFactorPolicyScope = 'admin-area' | 'company';

/** The two-factor calls of the settings page, spread on the dataProvider. */
export const twoFactorApi = {
  /** The signed-in account as the server has it now (two-factor state included). */
  getAccount: () => apiJson<Account>('/auth/me'),
  setUpTwoFactor: () => apiJson<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST', body: {} }),
  enableTwoFactor: (code: string) =>
    apiJson<RecoveryCodes>('/auth/2fa/enable', { method: 'POST', body: { code } }),
  disableTwoFactor: (code: string) =>
    apiJson<{ message: string }>('/auth/2fa/disable', { method: 'POST', body: { code } }),
  setTwoFactorPolicy: (scope: TwoFactorPolicyScope, required: boolean) =>
    apiJson<TwoFactorPolicy>(`/auth/2fa/policy/${scope}`, { method: 'PUT', body: { required } }),
  /** Ends every other session of the account (its other devices), keeping this one. */
  endOtherSessions: () =>
    apiJson<unknown>('/auth/sessions/end-others', { method: 'POST', body: {} }),
};
