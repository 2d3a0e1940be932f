import { CustomRoutes, Resource } from 'react-admin';
import apiKeys from '../resources/apiKeys';
import audit from '../resources/audit';
import jobs, { jobCustomRoutes, jobResourceRoutes } from '../resources/jobs';
import messages from '../resources/messages';
import users, { userResourceRoutes } from '../resources/users';
import { companyTransactions, companyTransactionRoutes } from '../resources/transactions';
import webhooks from '../resources/webhooks';
import { AreaAdmin, createAreaConfig } from './AreaAdmin';

const company = createAreaConfig('company');

/** /company/*: client companies and their sub-users. Loaded on demand (App.tsx). */
export default function CompanyArea() {
  return (
    <AreaAdmin {...company}>
      <Resource name="jobs" {...jobs}>
        {jobResourceRoutes}
      </Resource>
      <Resource name="messages" {...messages} />
      <Resource name="api-keys" {...apiKeys} />
      <Resource name="audit" {...audit} />
      <Resource name="users" {...users}>
        {userResourceRoutes}
      </Resource>
      <CustomRoutes>{jobCustomRoutes}</CustomRoutes>
      <Resource name="webhooks" {...webhooks} />
      <Resource name="webhook-deliveries" />
      <Resource name="transactions" {...companyTransactions}>
        {companyTransactionRoutes}
      </Resource>
    </AreaAdmin>
  );
}
