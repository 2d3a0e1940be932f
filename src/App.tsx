import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AreaGate } from './admins/AreaGate';
import { PublicArea } from './admins/PublicArea';
import { PageLoading } from './layout/PageLoading';
import { ConfirmEmailPage } from './pages/public/ConfirmEmailPage';
import { EmailSuccessfulPage } from './pages/public/EmailSuccessfulPage';
import { LoginPage } from './pages/public/LoginPage';
import { NotFoundPage } from './pages/public/NotFoundPage';
import { PrivacyPolicyPage } from './pages/public/PrivacyPolicyPage';
import { PublicOnly } from './pages/public/PublicOnly';
import { RecoverPasswordPage } from './pages/public/RecoverPasswordPage';
import { SetPasswordPage } from './pages/public/SetPasswordPage';

// Loaded on demand, to keep /login small: the areas, and the sign-up page with its phone number
// library (about 30 KB gzip).
const CompanyArea = lazy(() => import('./admins/CompanyArea'));
const AdminArea = lazy(() => import('./admins/AdminArea'));
const BecomeAgentPage = lazy(() =>
  import('./resources/agentApplications/BecomeAgentPage').then((module) => ({
    default: module.BecomeAgentPage,
  })),
);
const SignupPage = lazy(() =>
  import('./pages/public/SignupPage').then((module) => ({ default: module.SignupPage })),
);

/** Spec §2: the public routes, all for signed-out users only; '/' is the sign-up page too. */
const publicPages = [
  { path: '/', Page: SignupPage },
  { path: '/signup', Page: SignupPage },
  { path: ConfirmEmailPage.path, Page: ConfirmEmailPage },
  { path: LoginPage.path, Page: LoginPage },
  { path: RecoverPasswordPage.path, Page: RecoverPasswordPage },
  { path: SetPasswordPage.path, Page: SetPasswordPage },
  { path: EmailSuccessfulPage.path, Page: EmailSuccessfulPage },
  { path: PrivacyPolicyPage.path, Page: PrivacyPolicyPage },
];

export const App = () => (
  <BrowserRouter>
    <Routes>
      <Route
        path="/company/*"
        element={
          <AreaGate area="company">
            <Suspense fallback={<PageLoading />}>
              <CompanyArea />
            </Suspense>
          </AreaGate>
        }
      />
      <Route
        path="/admin/*"
        element={
          <AreaGate area="admin">
            <Suspense fallback={<PageLoading />}>
              <AdminArea />
            </Suspense>
          </AreaGate>
        }
      />
      <Route element={<PublicArea />}>
        {publicPages.map(({ path, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <PublicOnly>
                <Page />
              </PublicOnly>
            }
          />
        ))}
        {/* Open to anyone, signed in or not: staff may pass the link on. */}
        <Route path="/become-an-agent" element={<BecomeAgentPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  </BrowserRouter>
);
