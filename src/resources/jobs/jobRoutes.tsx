import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Guarded } from '../../layout/Guarded';
import { CompanyJobList } from './CompanyJobList';
import { JobAssign } from './JobAssign';
import { JobBulkCreate } from './JobBulkCreate';
import { JobCreate } from './JobCreate';
import { JobShow } from './JobShow';
import { jobRoutePaths } from './paths';

/** A job screen behind its right. */
const guarded = (action: string, page: ReactNode) => (
  <Guarded resource="jobs" action={action}>
    {page}
  </Guarded>
);

const createSingle = guarded('create', <JobCreate />);
const createBulk = guarded('bulk_create', <JobBulkCreate />);
const assign = guarded('assign', <JobAssign />);

/**
 * The job screens under the `jobs` resource (`<Resource name="jobs">{jobResourceRoutes}</Resource>`):
 * the profile, a company's jobs, and the admin names of the creation and assignment screens.
 */
export const jobResourceRoutes = (
  <>
    <Route path="profile/:id" element={guarded('show', <JobShow />)} />
    <Route path="company/:assignerId" element={guarded('list', <CompanyJobList />)} />
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
