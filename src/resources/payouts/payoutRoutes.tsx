import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { Guarded } from '../../layout/Guarded';
import { PayoutList } from './PayoutList';
import { PayoutShow } from './PayoutShow';
import { payoutRoutePaths } from './paths';

/** The payout screens at spec §2's addresses (admin area, `<CustomRoutes>`). */
export const payoutCustomRoutes = (
  <>
    <Route
      path={payoutRoutePaths.list}
      element={
        <ResourceContextProvider value="payouts">
          <Guarded resource="payouts" action="list">
            <PayoutList />
          </Guarded>
        </ResourceContextProvider>
      }
    />
    <Route
      path={payoutRoutePaths.show}
      element={
        <ResourceContextProvider value="payouts">
          <Guarded resource="payouts" action="show">
            <PayoutShow />
          </Guarded>
        </ResourceContextProvider>
      }
    />
  </>
);
