import { CustomRoutes, Resource } from 'react-admin';
import apiKeys from '../resources/apiKeys';
import breaches from '../resources/breaches';
import audit from '../resources/audit';
import companies, { companyCustomRoutes } from '../resources/companies';
import agentApplications, { agentApplicationCustomRoutes } from '../resources/agentApplications';
import agents, { agentCustomRoutes } from '../resources/agents';
import dataRequests from '../resources/dataRequests';
import jobs, { jobCustomRoutes, jobResourceRoutes } from '../resources/jobs';
import messages from '../resources/messages';
import payouts, { payoutCustomRoutes } from '../resources/payouts';
import users, { userResourceRoutes } from '../resources/users';
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
      <Resource name="messages" {...messages} />
      <Resource name="api-keys" {...apiKeys} />
      <Resource name="audit" {...audit} />
      <Resource name="users" {...users}>
        {userResourceRoutes}
      </Resource>
      <CustomRoutes>{jobCustomRoutes}</CustomRoutes>
      <Resource name="companies" {...companies} />
      <CustomRoutes>{companyCustomRoutes}</CustomRoutes>
      <Resource name="agent-applications" {...agentApplications} />
      <CustomRoutes>{agentApplicationCustomRoutes}</CustomRoutes>
      <Resource name="agents" {...agents} />
      <CustomRoutes>{agentCustomRoutes}</CustomRoutes>
      <Resource name="transactions" {...adminTransactions}>
        {adminTransactionRoutes}
      </Resource>
      <Resource name="payouts" {...payouts} />
      <CustomRoutes>{payoutCustomRoutes}</CustomRoutes>
      <Resource name="breaches" {...breaches} />
      <Resource name="data-requests" {...dataRequests} />
    </AreaAdmin>
  );
}
