import type { Area } from '../../reference/permissions';
import type { AccountRow } from '../repositories/accounts';

export type { Area };

/** Which signed-in area a user works in: provider staff in /admin, client companies in /company. */
export function areaOf(a: Pick<AccountRow, 'role' | 'company_id'>): Area {
  if (a.role === 'admin') return 'admin';
  if (a.role === 'sub-admin') return a.company_id ? 'company' : 'admin';
  return a.role;
}

/** Super-admin rights come from the admin role or SUPER_ADMIN_EMAILS, decided here only. */
export function isSuperAdmin(a: Pick<AccountRow, 'role' | 'email'>, superAdminEmails: string[]) {
  return a.role === 'admin' || superAdminEmails.includes(a.email.toLowerCase());
}

/** Why a suspended company's users can neither sign in nor keep working. */
export const companySuspended = 'Your company is suspended. Please contact the provider.';

/** Where the API serves a user's profile picture. */
export const pictureUrl = (id: string) => `/api/v2/user/${id}/picture`;

/** A policy requires two-factor sign-in of the account and it has not turned it on yet. */
export const twoFactorSetupRequired = (
  a: Pick<AccountRow, 'two_factor_enabled' | 'two_factor_required'>,
) => a.two_factor_required && !a.two_factor_enabled;

/** The account as the API shows it to its owner (login, refresh, /auth/me). */
export function accountView(a: AccountRow, superAdminEmails: string[]) {
  return {
    id: a.id,
    first_name: a.first_name,
    last_name: a.last_name,
    full_name: `${a.first_name} ${a.last_name}`,
    uniqueCode: a.unique_code,
    email: a.email,
    phone: a.phone,
    ...(a.company_name ? { company_name: a.company_name } : {}),
    ...(a.company_state ? { company_state: a.company_state } : {}),
    ...(a.company_address ? { company_address: a.company_address } : {}),
    company_id: a.company_id,
    role: a.role,
    permissions: a.permissions,
    address: a.address,
    picture_url: a.picture_key ? pictureUrl(a.id) : null,
    isSuperAdmin: isSuperAdmin(a, superAdminEmails),
    area: areaOf(a),
    two_factor_enabled: a.two_factor_enabled,
    two_factor_required: a.two_factor_required,
    two_factor_setup_required: twoFactorSetupRequired(a),
  };
}

export type AccountView = ReturnType<typeof accountView>;
