import PaymentsIcon from '@mui/icons-material/Payments';
import type { Payout } from '../transactions/types';

/**
 * The `payouts` resource (`<Resource name="payouts" {...payouts} />`): paying agents and partner
 * companies. Its screens live at the spec's addresses (transactions/agent-payout…,
 * ./payoutRoutes.tsx).
 */
export default {
  icon: PaymentsIcon,
  recordRepresentation: (p: Payout) => p.payee_name,
};

export { payoutCustomRoutes } from './payoutRoutes';
