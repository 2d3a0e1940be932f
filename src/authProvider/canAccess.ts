import type { Account, Area } from './session';

export interface AccessRequest {
  /** The signed-in area asking: `<Admin basename="/admin">` asks for 'admin'. */
  area: Area;
  resource: string;
  action: string;
}

/**
 * Rights only a super-admin has (spec §6, DESIGN §2): choosing 'Agent' as the user type when
 * assigning jobs, and as the audience of a price/TAT setting. The server enforces the same.
 */
const superAdminOnly: ReadonlyArray<Pick<AccessRequest, 'resource' | 'action'>> = [
  { resource: 'jobs', action: 'assign_to_agent' },
  { resource: 'tat-settings', action: 'set_agent_price' },
];

/**
 * Whether the account may do `action` on `resource` in `area`. The single rule book of the web
 * app: `authProvider.canAccess` and the tests call it; the browser only hides what the server
 * would refuse anyway.
 */
export function canAccess(account: Account | null | undefined, request: AccessRequest): boolean {
  if (!account || account.area !== request.area) return false;
  const restricted = superAdminOnly.some(
    (rule) => rule.resource === request.resource && rule.action === request.action,
  );
  return restricted ? account.isSuperAdmin : true;
}
