import DashboardIcon from '@mui/icons-material/Dashboard';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu, useBasename } from 'react-admin';

/** The menu of both areas; links carry the area's basename (/company or /admin). */
export const AreaMenu = () => {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.Item
        to={`${basename}/dashboard`}
        primaryText="app.menu.dashboard"
        leftIcon={<DashboardIcon />}
      />
      <Menu.ResourceItems />
      <Menu.Item
        to={`${basename}/settings`}
        primaryText="app.menu.settings"
        leftIcon={<SettingsIcon />}
      />
    </Menu>
  );
};
