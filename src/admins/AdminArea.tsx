import { CustomRoutes, Resource } from 'react-admin';
import jobs, { jobCustomRoutes, jobResourceRoutes } from '../resources/jobs';
import { adminTransactions, adminTransactionRoutes } from '../resources/transactions';
import { AreaAdmin, createAreaConfig } from './AreaAdmin';

const admin = createAreaConfig('admin');

/**
 * /admin/*: the provider's admins and sub-admins. Loaded on demand (App.tsx). The job screens
 * answer to the admin path names (jobs/create…) and, for links shared with companies, to theirs.
 */
export default function AdminArea() {
  return (
    <AreaAdmin {...admin}>
      <Resource name="jobs" {...jobs}>
        {jobResourceRoutes}
      </Resource>
      <CustomRoutes>{jobCustomRoutes}</CustomRoutes>
      <Resource name="transactions" {...adminTransactions}>
        {adminTransactionRoutes}
      </Resource>
      <Resource name="payouts" />
    </AreaAdmin>
  );
}
