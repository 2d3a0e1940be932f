import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import {
  Admin,
  CanAccess,
  CustomRoutes,
  localStorageStore,
  Resource,
  type Store,
} from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import { authProviderFor, type AppAuthProvider, type Area } from '../authProvider';
import { Dashboard } from '../dashboard/Dashboard';
import { dataProvider } from '../dataProvider';
import { appName } from '../i18n/en';
import { i18nProvider } from '../i18n/i18nProvider';
import { AppNotification } from '../layout/AppNotification';
import { AreaLayout } from '../layout/AreaLayout';
import { theme } from '../layout/theme';
import { Guarded } from '../layout/Guarded';
import { AccountProfilePage } from '../pages/settings/AccountProfilePage';
import { ProfilePage } from '../pages/settings/ProfilePage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { createQueryClient } from '../queryClient';
import { GoToLanding } from './GoToLanding';
import tats, { TatPage } from '../resources/tats';

interface AreaConfig {
  area: Area;
  store: Store;
  authProvider: AppAuthProvider;
  queryClient: QueryClient;
}

/** What one area keeps for the page's lifetime: its own preferences, rights and query cache. */
export const createAreaConfig = (area: Area): AreaConfig => ({
  area,
  store: localStorageStore(undefined, area),
  authProvider: authProviderFor(area),
  queryClient: createQueryClient(),
});

/**
 * One signed-in area: `<Admin basename="/company">` or `<Admin basename="/admin">`. Both require
 * login; signed-out users go to the top-level /login (loginPage is off, authProvider.logout and
 * checkAuth say where), which brings them back here after login.
 */
export const AreaAdmin = ({
  area,
  store,
  authProvider,
  queryClient,
  children,
}: AreaConfig & { children?: ReactNode }) => (
  <Admin
    basename={`/${area}`}
    store={store}
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    queryClient={queryClient}
    layout={AreaLayout}
    theme={theme}
    notification={AppNotification}
    dashboard={GoToLanding}
    loginPage={false}
    requireAuth
    disableTelemetry
    title={appName}
  >
    <CustomRoutes>
      <Route
        path={Dashboard.path}
        element={
          <CanAccess resource="dashboard" action="list" accessDenied={<GoToLanding />}>
            <Dashboard />
          </CanAccess>
        }
      />
      <Route path={SettingsPage.path} element={<SettingsPage />} />
      <Route path={AccountProfilePage.path} element={<AccountProfilePage />} />
      <Route
        path={ProfilePage.path}
        element={
          <Guarded resource="settings" action="edit">
            <ProfilePage />
          </Guarded>
        }
      />
      <Route
        path={TatPage.path}
        element={
          <Guarded resource="tats" action="list">
            <TatPage />
          </Guarded>
        }
      />
    </CustomRoutes>
    <Resource name="tats" {...tats} />
    {children}
  </Admin>
);
