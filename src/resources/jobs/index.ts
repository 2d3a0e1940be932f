import WorkIcon from '@mui/icons-material/Work';
import { guardedViews } from '../../layout/Guarded';
import { JobList } from './JobList';
import type { Job } from './types';

/**
 * The `jobs` resource's props: `<Resource name="jobs" {...jobs}>{jobResourceRoutes}</Resource>`.
 * The profile, creation and assignment screens are routes of their own (./jobRoutes.tsx): their
 * addresses are the spec's (jobs/profile/{id}, create-single-job…), not react-admin's defaults.
 */
export default {
  ...guardedViews('jobs', { list: JobList }),
  icon: WorkIcon,
  recordRepresentation: (job: Job) => job.code,
};

export { jobCustomRoutes, jobResourceRoutes } from './jobRoutes';
