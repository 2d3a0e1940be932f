import {
  heldLabels,
  isPermissionLabel,
  mayManage,
  type PermissionLabel,
} from '../../reference/permissions';
import { HttpError, fieldError, forbidden } from '../errors';
import type { AccountRow } from '../repositories/accounts';
import type { UserScope } from '../repositories/users';
import { areaOf, pictureUrl } from './accountView';
import { iso, isoOrNull } from './jobAccess';

type Who = Pick<AccountRow, 'role' | 'company_id' | 'permissions'>;

/** Provider staff manage every account; a company's people only that company's accounts. */
export function userScopeOf(a: Who): UserScope {
  return areaOf(a) === 'admin'
    ? { kind: 'provider' }
    : { kind: 'company', companyId: a.company_id! };
}

/**
 * The labels of a permission list, checked: unknown labels are a 400, labels the granter does
 * not hold a 403, both naming `permission`. Duplicates collapse; the table's order is kept.
 */
export function grantableLabels(granter: Who, requested: readonly string[]): PermissionLabel[] {
  const unknown = requested.filter((l) => !isPermissionLabel(l));
  if (unknown.length) {
    throw fieldError('permission', `Unknown permission: ${unknown.join(', ')}`);
  }
  const held = heldLabels(granter);
  const notHeld = requested.filter((l) => !held.includes(l as PermissionLabel));
  if (notHeld.length) {
    const msg = `You cannot grant a permission you do not hold: ${[...new Set(notHeld)].join(', ')}`;
    throw new HttpError(403, msg, [{ field: 'permission', msg }]);
  }
  return held.filter((l) => requested.includes(l));
}

/** `mayManage` (reference/permissions.ts) or a 403 saying why. */
export function assertMayManage(actor: AccountRow, target: AccountRow, what: string) {
  if (actor.id === target.id) throw forbidden(`You cannot ${what} your own account`);
  if (!mayManage(actor, target)) {
    throw forbidden(`You cannot ${what} a user who holds permissions you do not hold`);
  }
}

/** A user as the people screens show it (spec §3 "Admin user", plus what the view needs). */
export function userView(a: AccountRow) {
  return {
    id: a.id,
    uniqueCode: a.unique_code,
    first_name: a.first_name,
    last_name: a.last_name,
    full_name: `${a.first_name} ${a.last_name}`,
    email: a.email,
    phone: a.phone,
    address: a.address,
    role: a.role,
    company_id: a.company_id,
    company_name: a.company_name,
    permissions: a.permissions,
    status: a.status,
    created_date: iso(a.created_at),
    last_seen: isoOrNull(a.last_seen_at),
    picture_url: a.picture_key ? pictureUrl(a.id) : null,
  };
}
