import type { Account, Area } from './session';

export interface AccessRequest {
  /** The signed-in area asking: `<Admin basename="/admin">` asks for 'admin'. */
  area: Area;
  resource: string;
  action: string;
}

type Rule = Pick<AccessRequest, 'resource' | 'action'>;

const matches = (rules: readonly Rule[], request: AccessRequest) =>
  rules.some((rule) => rule.resource === request.resource && rule.action === request.action);

/**
 * Rights only a super-admin has (spec §6, DESIGN §2): choosing 'Agent' as the user type when
 * assigning jobs, and as the audience of a price/TAT setting. The server enforces the same.
 */
const superAdminOnly: readonly Rule[] = [
  { resource: 'jobs', action: 'assign_to_agent' },
  { resource: 'tat-settings', action: 'set_agent_price' },
];

/**
 * Rights of the provider's staff only (the /admin area), as the server decides them: writing
 * TAT settings (companies read them), assigning to agents, naming a job's owner company.
 */
const adminAreaOnly: readonly Rule[] = [
  { resource: 'tat-settings', action: 'create' },
  { resource: 'tat-settings', action: 'edit' },
  { resource: 'tat-settings', action: 'set_agent_price' },
  { resource: 'jobs', action: 'assign_to_agent' },
  { resource: 'jobs', action: 'choose_owner' },
  { resource: 'companies', action: 'list' },
  { resource: 'companies', action: 'show' },
  { resource: 'companies', action: 'edit' },
];

/**
 * Whether the account may do `action` on `resource` in `area`. The single rule book of the web
 * app: `authProvider.canAccess` and the tests call it; the browser only hides what the server
 * would refuse anyway. Both areas list, create (one by one or in bulk), export and assign jobs;
 * what a user may do with one job is decided by the server (the profile's `actions`).
 */
export function canAccess(account: Account | null | undefined, request: AccessRequest): boolean {
  if (!account || account.area !== request.area) return false;
  if (matches(adminAreaOnly, request) && request.area !== 'admin') return false;
  if (matches(superAdminOnly, request) && !account.isSuperAdmin) return false;
  return true;
}
