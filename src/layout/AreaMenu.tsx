import NoteAddIcon from '@mui/icons-material/NoteAdd';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu, useBasename } from 'react-admin';
import { Dashboard } from '../dashboard/Dashboard';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { MenuEntries } from './MenuEntries';
import agentApplications from '../resources/agentApplications';
import { useAgentApplicationPaths } from '../resources/agentApplications/paths';
import agents from '../resources/agents';
import apiKeys from '../resources/apiKeys';
import breaches from '../resources/breaches';
import audit from '../resources/audit';
import { useAgentPaths } from '../resources/agents/paths';
import companies from '../resources/companies';
import dataRequests from '../resources/dataRequests';
import { useCompanyPaths } from '../resources/companies/paths';
import jobs from '../resources/jobs';
import { useJobPaths } from '../resources/jobs/paths';
import { MessagesMenuItem } from '../resources/messages/MessagesMenuItem';
import { MoneyMenuItems } from '../resources/transactions/MoneyMenuItems';
import users from '../resources/users';
import { useUserPaths } from '../resources/users/paths';

/**
 * The menu of both areas; links carry the area's basename (/company or /admin), and a resource's
 * entry shows its icon (its folder's index.ts) and goes to its path (its paths.ts). Entries the
 * user may not use are left out (authProvider.canAccess, i.e. src/authProvider/canAccess.ts).
 */
export const AreaMenu = () => {
  const basename = useBasename();
  const jobPaths = useJobPaths();
  const userPaths = useUserPaths();
  const companyPaths = useCompanyPaths();
  return (
    <Menu>
      <MenuEntries
        entries={[
          ['dashboard.list', `${basename}${Dashboard.path}`, 'dashboard', DashboardIcon],
          ['jobs.list', jobPaths.list, 'jobs', jobs.icon],
          ['jobs.create', jobPaths.createSingle, 'create_job', NoteAddIcon],
          ['jobs.bulk_create', jobPaths.createBulk, 'bulk_upload', UploadFileIcon],
          ['users.list', userPaths.list, 'users', users.icon],
          ['companies.list', companyPaths.list, 'companies', companies.icon],
        ]}
      />
      {basename.startsWith('/admin') ? <AgentMenuItems /> : null}
      <MoneyMenuItems />
      <MessagesMenuItem />
      <MenuEntries
        entries={[
          ['settings.list', `${basename}${SettingsPage.path}`, 'settings', SettingsIcon],
          ['api-keys.list', `${basename}/api-keys`, 'api_keys', apiKeys.icon],
          ['audit.list', `${basename}/audit`, 'audit', audit.icon],
          ['data-requests.list', `${basename}/data-requests`, 'data_requests', dataRequests.icon],
          ['breaches.list', `${basename}/breaches`, 'breaches', breaches.icon],
        ]}
      />
    </Menu>
  );
};

const AgentMenuItems = () => {
  const agentPaths = useAgentPaths();
  const applicationPaths = useAgentApplicationPaths();
  return (
    <MenuEntries
      entries={[
        ['agents.list', agentPaths.agents, 'agents', agents.icon],
        [
          'agent-applications.list',
          applicationPaths.list,
          'agent_applications',
          agentApplications.icon,
        ],
      ]}
    />
  );
};
