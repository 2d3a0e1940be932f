import { useBasename } from 'react-admin';

/** Spec §2's addresses of the payout screens (admin area, beside the money screens). */
export const payoutRoutePaths = {
  list: '/transactions/agent-payout',
  show: '/transactions/agent-payout/:id',
} as const;

export function usePayoutPaths() {
  const basename = useBasename();
  return {
    list: `${basename}${payoutRoutePaths.list}`,
    show: (id: string) => `${basename}${payoutRoutePaths.list}/${encodeURIComponent(id)}`,
  };
}
