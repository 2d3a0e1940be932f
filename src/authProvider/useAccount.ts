import { useGetIdentity } from 'react-admin';
import type { AppIdentity } from './authProvider';
import type { Account } from './session';

/** The signed-in account, as getIdentity reads it from the session (undefined while loading). */
export function useAccount(): Account | undefined {
  const { identity } = useGetIdentity();
  return (identity as AppIdentity | undefined)?.account;
}
