import type { ReactNode } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  AppBar,
  Layout,
  Logout,
  UserMenu,
  useBasename,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { AreaMenu } from './AreaMenu';

/** The user menu's way to the signed-in account's profile page (spec §2 "profile"). */
const ProfileMenuItem = () => {
  const { onClose } = useUserMenu() ?? {};
  const basename = useBasename();
  const translate = useTranslate();
  return (
    <MenuItem component={Link} to={`${basename}/profile`} onClick={onClose}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.profile.title')}</ListItemText>
    </MenuItem>
  );
};

const AreaAppBar = () => (
  <AppBar
    userMenu={
      <UserMenu>
        <ProfileMenuItem />
        <Logout />
      </UserMenu>
    }
  />
);

/** react-admin's responsive layout (drawer menu on phones), with the areas' menu. */
export const AreaLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AreaMenu} appBar={AreaAppBar}>
    {children}
  </Layout>
);
