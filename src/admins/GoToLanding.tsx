import { Navigate } from 'react-router-dom';
import { Loading, useBasename, useCanAccess } from 'react-admin';
import { Dashboard } from '../dashboard/Dashboard';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { useJobPaths } from '../resources/jobs/paths';

/**
 * Where an area opens: its dashboard or, for staff without 'View Dashboard', the first page they
 * may see. A dashboard whose calls the server refuses would log them out (spec §4: a 403 ends the
 * session), so they land on the jobs list, or on their settings.
 */
export const GoToLanding = () => {
  const basename = useBasename();
  const paths = useJobPaths();
  const dashboard = useCanAccess({ resource: 'dashboard', action: 'list' });
  const jobs = useCanAccess({ resource: 'jobs', action: 'list' });
  if (dashboard.isPending || jobs.isPending) return <Loading />;
  const to = dashboard.canAccess
    ? `${basename}${Dashboard.path}`
    : jobs.canAccess
      ? paths.list
      : `${basename}${SettingsPage.path}`;
  return <Navigate to={to} replace />;
};
