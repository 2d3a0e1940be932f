import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/**
 * A wallet's balance (`GET /wallet`): the signed-in company's, or for the provider's staff the
 * named company's or agent's (nothing is asked until one is named).
 */
export function useWallet(
  owner: { company_id?: string; agent_id?: string } = {},
  { enabled = true } = {},
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['wallet', owner.company_id ?? null, owner.agent_id ?? null],
    queryFn: () => dataProvider.getWallet(owner),
    enabled,
  });
}
