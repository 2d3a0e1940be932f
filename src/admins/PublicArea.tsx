import { Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import { Outlet } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { authProvider } from '../authProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { AppNotification } from '../layout/AppNotification';
import { PageLoading } from '../layout/PageLoading';
import { theme } from '../layout/theme';
import { createQueryClient } from '../queryClient';

const store = memoryStore();
const queryClient = createQueryClient();

/**
 * The context of the public pages: react-admin's auth, i18n, theme and toasts without an
 * `<Admin>`, so that /login loads none of the areas' code. A layout route: it stays mounted from
 * one public page to the next, and so do its toasts (set password → /login).
 */
export const PublicArea = () => (
  <AdminContext
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    store={store}
    queryClient={queryClient}
    theme={theme}
  >
    <CssBaseline enableColorScheme />
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
    <AppNotification />
  </AdminContext>
);
