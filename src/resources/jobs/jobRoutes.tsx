import { Route } from 'react-router-dom';
import { guarded } from '../../layout/Guarded';
import { CompanyJobList } from './CompanyJobList';
import { JobAssign } from './JobAssign';
import { JobBulkCreate } from './JobBulkCreate';
import { JobCreate } from './JobCreate';
import { JobShow } from './JobShow';
import { jobRoutePaths } from './paths';

const createSingle = guarded('jobs', 'create', <JobCreate />);
const createBulk = guarded('jobs', 'bulk_create', <JobBulkCreate />);
const assign = guarded('jobs', 'assign', <JobAssign />);

/**
 * The job screens under the `jobs` resource (`<Resource name="jobs">{jobResourceRoutes}</Resource>`):
 * the profile, a company's jobs, and the admin names of the creation and assignment screens.
 */
export const jobResourceRoutes = (
  <>
    <Route path="profile/:id" element={guarded('jobs', 'show', <JobShow />)} />
    <Route path="company/:assignerId" element={guarded('jobs', 'list', <CompanyJobList />)} />
    <Route path={jobRoutePaths.admin.createBulk.replace('/jobs/', '')} element={createBulk} />
    <Route path={jobRoutePaths.admin.createSingle.replace('/jobs/', '')} element={createSingle} />
    <Route path={jobRoutePaths.admin.assign.replace('/jobs/', '')} element={assign} />
  </>
);

/** The company names of the same screens, at the area's top level (`<CustomRoutes>`). */
export const jobCustomRoutes = (
  <>
    <Route path={jobRoutePaths.company.createSingle} element={createSingle} />
    <Route path={jobRoutePaths.company.createBulk} element={createBulk} />
    <Route path={jobRoutePaths.company.assign} element={assign} />
  </>
);
