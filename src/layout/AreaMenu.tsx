import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EngineeringIcon from '@mui/icons-material/Engineering';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WorkIcon from '@mui/icons-material/Work';
import { CanAccess, Menu, useBasename } from 'react-admin';
import { useJobPaths } from '../resources/jobs/paths';
import { MessagesMenuItem } from '../resources/messages/MessagesMenuItem';
import { MoneyMenuItems } from '../resources/transactions';

/**
 * The menu of both areas; links carry the area's basename (/company or /admin). Entries the user
 * may not use are left out (authProvider.canAccess, i.e. src/authProvider/canAccess.ts).
 */
export const AreaMenu = () => {
  const basename = useBasename();
  const paths = useJobPaths();
  return (
    <Menu>
      <CanAccess resource="dashboard" action="list">
        <Menu.Item
          to={`${basename}/dashboard`}
          primaryText="app.menu.dashboard"
          leftIcon={<DashboardIcon />}
        />
      </CanAccess>
      <CanAccess resource="jobs" action="list">
        <Menu.Item to={paths.list} primaryText="app.menu.jobs" leftIcon={<WorkIcon />} />
      </CanAccess>
      <CanAccess resource="jobs" action="create">
        <Menu.Item
          to={paths.createSingle}
          primaryText="app.menu.create_job"
          leftIcon={<NoteAddIcon />}
        />
      </CanAccess>
      <CanAccess resource="jobs" action="bulk_create">
        <Menu.Item
          to={paths.createBulk}
          primaryText="app.menu.bulk_upload"
          leftIcon={<UploadFileIcon />}
        />
      </CanAccess>
      <CanAccess resource="users" action="list">
        <Menu.Item
          to={`${basename}/users/users`}
          primaryText="app.menu.users"
          leftIcon={<PeopleIcon />}
        />
      </CanAccess>
      <CanAccess resource="companies" action="list">
        <Menu.Item
          to={`${basename}/users/companies`}
          primaryText="app.menu.companies"
          leftIcon={<BusinessIcon />}
        />
      </CanAccess>
      {basename.startsWith('/admin') ? (
        <>
          <CanAccess resource="agents" action="list">
            <Menu.Item
              to={`${basename}/users/agents`}
              primaryText="app.menu.agents"
              leftIcon={<EngineeringIcon />}
            />
          </CanAccess>
          <CanAccess resource="agent-applications" action="list">
            <Menu.Item
              to={`${basename}/users/agents/application`}
              primaryText="app.menu.agent_applications"
              leftIcon={<HowToRegIcon />}
            />
          </CanAccess>
        </>
      ) : null}
      <MoneyMenuItems />
      <MessagesMenuItem />
      <CanAccess resource="settings" action="list">
        <Menu.Item
          to={`${basename}/settings`}
          primaryText="app.menu.settings"
          leftIcon={<SettingsIcon />}
        />
      </CanAccess>
    </Menu>
  );
};
