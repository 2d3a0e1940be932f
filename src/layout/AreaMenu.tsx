import DashboardIcon from '@mui/icons-material/Dashboard';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WorkIcon from '@mui/icons-material/Work';
import { CanAccess, Menu, useBasename } from 'react-admin';
import { useJobPaths } from '../resources/jobs/paths';
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
      <Menu.Item
        to={`${basename}/dashboard`}
        primaryText="app.menu.dashboard"
        leftIcon={<DashboardIcon />}
      />
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
      <MoneyMenuItems />
      <Menu.Item
        to={`${basename}/settings`}
        primaryText="app.menu.settings"
        leftIcon={<SettingsIcon />}
      />
    </Menu>
  );
};
