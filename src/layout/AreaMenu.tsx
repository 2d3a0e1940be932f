import NoteAddIcon from '@mui/icons-material/NoteAdd';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { CanAccess, Menu, useBasename } from 'react-admin';
import { Dashboard } from '../dashboard/Dashboard';
import { SettingsPage } from '../pages/settings/SettingsPage';
import agentApplications from '../resources/agentApplications';
import { useAgentApplicationPaths } from '../resources/agentApplications/paths';
import agents from '../resources/agents';
import { useAgentPaths } from '../resources/agents/paths';
import companies from '../resources/companies';
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
      <CanAccess resource="dashboard" action="list">
        <Menu.Item
          to={`${basename}${Dashboard.path}`}
          primaryText="app.menu.dashboard"
          leftIcon={<DashboardIcon />}
        />
      </CanAccess>
      <CanAccess resource="jobs" action="list">
        <Menu.Item to={jobPaths.list} primaryText="app.menu.jobs" leftIcon={<jobs.icon />} />
      </CanAccess>
      <CanAccess resource="jobs" action="create">
        <Menu.Item
          to={jobPaths.createSingle}
          primaryText="app.menu.create_job"
          leftIcon={<NoteAddIcon />}
        />
      </CanAccess>
      <CanAccess resource="jobs" action="bulk_create">
        <Menu.Item
          to={jobPaths.createBulk}
          primaryText="app.menu.bulk_upload"
          leftIcon={<UploadFileIcon />}
        />
      </CanAccess>
      <CanAccess resource="users" action="list">
        <Menu.Item to={userPaths.list} primaryText="app.menu.users" leftIcon={<users.icon />} />
      </CanAccess>
      <CanAccess resource="companies" action="list">
        <Menu.Item
          to={companyPaths.list}
          primaryText="app.menu.companies"
          leftIcon={<companies.icon />}
        />
      </CanAccess>
      {basename.startsWith('/admin') ? <AgentMenuItems /> : null}
      <MoneyMenuItems />
      <MessagesMenuItem />
      <CanAccess resource="settings" action="list">
        <Menu.Item
          to={`${basename}${SettingsPage.path}`}
          primaryText="app.menu.settings"
          leftIcon={<SettingsIcon />}
        />
      </CanAccess>
    </Menu>
  );
};

const AgentMenuItems = () => {
  const agentPaths = useAgentPaths();
  const applicationPaths = useAgentApplicationPaths();
  return (
    <>
      <CanAccess resource="agents" action="list">
        <Menu.Item
          to={agentPaths.agents}
          primaryText="app.menu.agents"
          leftIcon={<agents.icon />}
        />
      </CanAccess>
      <CanAccess resource="agent-applications" action="list">
        <Menu.Item
          to={applicationPaths.list}
          primaryText="app.menu.agent_applications"
          leftIcon={<agentApplications.icon />}
        />
      </CanAccess>
    </>
  );
};
