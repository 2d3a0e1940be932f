import type { ReactNode } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  AppBar,
  Layout,
  Logout,
  TitlePortal,
  UserMenu,
  useBasename,
  useGetIdentity,
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

/**
 * The app bar: the page's title as its h1 (every screen sets it with `<Title>`), and the user
 * menu. On wider screens its button shows the user's name, so its accessible name starts with
 * that name (react-admin translates the label with itself as the default); on phones it is an
 * icon named 'Profile'.
 */
const AreaAppBar = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <AppBar
      userMenu={
        <UserMenu
          label={
            identity?.fullName
              ? translate('app.user_menu', { name: identity.fullName })
              : 'ra.auth.user_menu'
          }
        >
          <ProfileMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal component="h1" />
    </AppBar>
  );
};

/** react-admin's responsive layout (drawer menu on phones), with the areas' menu. */
export const AreaLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AreaMenu} appBar={AreaAppBar}>
    {children}
  </Layout>
);
