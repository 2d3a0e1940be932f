import { CustomRoutes, Resource } from 'react-admin';
import jobs, { jobCustomRoutes, jobResourceRoutes } from '../resources/jobs';
import users, { userResourceRoutes } from '../resources/users';
import { AreaAdmin, createAreaConfig } from './AreaAdmin';

const admin = createAreaConfig('admin');

/**
 * /admin/*: the provider's admins and sub-admins. Loaded on demand (App.tsx). The job screens
 * answer to the admin path names (jobs/create…) and, for links shared with companies, to theirs.
 */
export default function AdminArea() {
  return (
    <AreaAdmin {...admin}>
      <Resource name="jobs" {...jobs}>
        {jobResourceRoutes}
      </Resource>
      <Resource name="users" {...users}>
        {userResourceRoutes}
      </Resource>
      <CustomRoutes>{jobCustomRoutes}</CustomRoutes>
    </AreaAdmin>
  );
}
