import { allows, screenAccess, type AccessKey } from '../../reference/permissions';
import type { Account, Area } from './session';

export interface AccessRequest {
  /** The signed-in area asking: `<Admin basename="/admin">` asks for 'admin'. */
  area: Area;
  resource: string;
  action: string;
}

/**
 * Whether the account may do `action` on `resource` in `area`: the key (or every key)
 * `screenAccess` maps the pair to, judged by `allows`, the rule book the server's access hook
 * applies to the same keys.
 * So the browser hides exactly what the server would refuse, and a pair the table does not
 * name is refused. `authProvider.canAccess` and the tests call it.
 */
export function canAccess(account: Account | null | undefined, request: AccessRequest): boolean {
  if (!account || account.area !== request.area) return false;
  const actions = Object.hasOwn(screenAccess, request.resource)
    ? screenAccess[request.resource]!
    : {};
  const access = Object.hasOwn(actions, request.action) ? actions[request.action] : undefined;
  if (access === undefined) return false;
  if (access === 'public' || access === 'signed-in') return true;
  return ([] as AccessKey[]).concat(access).every((key) => allows(account, key));
}
