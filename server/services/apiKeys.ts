import { randomBytes } from 'node:crypto';
import {
  defaultKeyLabels,
  heldLabels,
  isPermissionLabel,
  type PermissionLabel,
} from '../../reference/permissions';
import { defaultApiKeyRequestsPerMinute, type Config } from '../config';
import { conflict, fieldError } from '../errors';
import type { Queryable } from '../db';
import type { AccountRow } from '../repositories/accounts';
import type { ApiKeyRow, ApiKeysRepository, KeyHolderRow } from '../repositories/apiKeys';
import type { ApiKey } from '../schemas/apiKeys';
import { areaOf, companySuspended } from './accountView';
import { iso, isoOrNull } from './jobAccess';
import { sha256 } from './secrets';

/** How every key begins: a bearer token with it is looked up as a key, never read as a JWT. */
export const apiKeyPrefix = 'vb_live_';

/** The characters of a key kept in clear and shown in lists: the prefix and 8 of its 43 random. */
const shownLength = apiKeyPrefix.length + 8;

/** Active keys a company may hold at once; a revoked one no longer counts. */
export const maxActiveKeysPerCompany = 20;

/** Each key's own bucket of requests a minute, counted on every request it signs. */
export const keyThrottleOf = (config: Pick<Config, 'apiKeyRequestsPerMinute'>) => ({
  bucket: 'api-key:requests',
  limit: config.apiKeyRequestsPerMinute ?? defaultApiKeyRequestsPerMinute,
  windowMinutes: 1,
});

export const isApiKeyToken = (token: string) => token.startsWith(apiKeyPrefix);

/** The hash a key is stored and looked up by: SHA-256 suffices for 256 random bits. */
export const apiKeyHash = (key: string) => sha256(key);

type Creator = Pick<AccountRow, 'id' | 'role' | 'permissions'>;

/**
 * The labels a new key carries: those asked for, each held by its creator (400 naming
 * `permission` otherwise); absent, the creator's labels that count on the job endpoints.
 */
export function keyLabels(creator: Creator, requested?: readonly string[]): PermissionLabel[] {
  if (requested === undefined) return defaultKeyLabels(creator);
  const held = heldLabels(creator);
  const unknown = requested.filter((l) => !isPermissionLabel(l));
  if (unknown.length) {
    throw fieldError('permission', `Unknown permission: ${[...new Set(unknown)].join(', ')}`);
  }
  const notHeld = requested.filter((l) => !held.includes(l as PermissionLabel));
  if (notHeld.length) {
    throw fieldError(
      'permission',
      `A key can only carry permissions you hold: ${[...new Set(notHeld)].join(', ')}`,
    );
  }
  return held.filter((l) => requested.includes(l));
}

export interface ApiKeyOrder {
  creator: Creator;
  companyId: string;
  name: string;
  permission?: readonly string[];
  /** The demo's past: when the key was made and last used. */
  createdAt?: Date;
  lastUsedAt?: Date | null;
}

/**
 * Creating a key, for the route and the demo alike: labels checked, the company's active keys
 * counted under a lock (409 past the limit), the hash stored, the key returned this once. Runs
 * in the caller's transaction.
 */
export async function createApiKey(apiKeys: ApiKeysRepository, order: ApiKeyOrder, tx: Queryable) {
  const permission = keyLabels(order.creator, order.permission);
  if ((await apiKeys.countActiveLocked(order.companyId, tx)) >= maxActiveKeysPerCompany) {
    throw conflict(
      `A company holds at most ${maxActiveKeysPerCompany} active API keys: revoke one first`,
    );
  }
  const key = apiKeyPrefix + randomBytes(32).toString('base64url');
  const id = await apiKeys.insert(
    {
      company_id: order.companyId,
      created_by: order.creator.id,
      name: order.name,
      prefix: key.slice(0, shownLength),
      hash: apiKeyHash(key),
      permission,
      created_at: order.createdAt,
      last_used_at: order.lastUsedAt ?? null,
    },
    tx,
  );
  return { id, name: order.name, key };
}

/**
 * The account a request signed with this key acts as, or why the key is refused (a 401): the
 * key's company, in its area, holding the key's labels that its creator still holds, so a key
 * never does more than the person who made it could today, and never opens the admin area. Its
 * id is the creator's, who is then the actor of what the key does (job history, idempotency).
 */
export function keyHolderAccount(k: KeyHolderRow): AccountRow | string {
  if (k.revoked_at) return 'This API key has been revoked';
  const creator = { role: k.creator_role, company_id: k.creator_company_id };
  const creatorStillOfIt = areaOf(creator) === 'admin' || k.creator_company_id === k.company_id;
  if (k.creator_status !== 1 || !creatorStillOfIt) {
    return 'This API key no longer works: the user who created it cannot use it any more';
  }
  if (k.company_suspended_at) return companySuspended;
  const held = heldLabels({ role: k.creator_role, permissions: k.creator_permissions });
  return {
    id: k.creator_id,
    unique_code: k.creator_unique_code,
    role: 'sub-admin',
    first_name: 'API key',
    last_name: k.id,
    email: '',
    phone: null,
    password_hash: '',
    company_id: k.company_id,
    company_name: k.company_name,
    company_state: k.company_state,
    company_address: k.company_address,
    company_suspended_at: null,
    permissions: held.filter((l) => k.permission.includes(l)),
    status: 1,
    email_confirmed_at: null,
    created_at: k.created_at,
    address: null,
    last_seen_at: k.last_used_at,
    picture_key: null,
    // A key is a machine's identity: the sign-in policies are for people.
    two_factor_enabled: false,
    two_factor_required: false,
  };
}

export const apiKeyView = (k: ApiKeyRow): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  permission: k.permission,
  company_id: k.company_id,
  company_name: k.company_name,
  created_by_name: k.created_by_name,
  created_at: iso(k.created_at),
  last_used_at: isoOrNull(k.last_used_at),
  revoked_at: isoOrNull(k.revoked_at),
  status: k.revoked_at ? 'revoked' : 'active',
});
