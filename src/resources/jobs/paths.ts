import { useBasename } from 'react-admin';
import type { Area } from '../../authProvider';

/**
 * Where the job screens live (spec §2). Both areas have the jobs list, profile and the jobs of a
 * company; the creation and assignment screens have their own names under /admin
 * (jobs/create, jobs/create-single, jobs/assign). Both names are served in both areas: these are
 * the ones each area links to.
 */
export const jobRoutePaths = {
  company: {
    createSingle: '/create-single-job',
    createBulk: '/create-jobs',
    assign: '/assign-jobs',
  },
  admin: {
    createSingle: '/jobs/create-single',
    createBulk: '/jobs/create',
    assign: '/jobs/assign',
  },
} as const satisfies Record<Area, Record<string, string>>;

export const areaOfBasename = (basename: string): Area =>
  basename.startsWith('/admin') ? 'admin' : 'company';

const filterQuery = (filter: Record<string, unknown>) =>
  `?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The job screens' addresses in the current area, basename included. */
export function useJobPaths() {
  const basename = useBasename();
  const area = areaOfBasename(basename);
  const own = jobRoutePaths[area];
  return {
    area,
    list: `${basename}/jobs`,
    filteredList: (filter: Record<string, unknown>) => `${basename}/jobs${filterQuery(filter)}`,
    profile: (id: string) => `${basename}/jobs/profile/${encodeURIComponent(id)}`,
    company: (assignerId: string) => `${basename}/jobs/company/${encodeURIComponent(assignerId)}`,
    createSingle: `${basename}${own.createSingle}`,
    createBulk: `${basename}${own.createBulk}`,
    assign: `${basename}${own.assign}`,
  };
}
