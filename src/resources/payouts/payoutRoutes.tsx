import { listShowRoutes } from '../../layout/Guarded';
import { PayoutList } from './PayoutList';
import { PayoutShow } from './PayoutShow';
import { payoutRoutePaths } from './paths';

/** The payout screens at spec §2's addresses (admin area, `<CustomRoutes>`). */
export const payoutCustomRoutes = listShowRoutes(
  'payouts',
  payoutRoutePaths,
  PayoutList,
  PayoutShow,
);
