import type { Queryable } from '../db';
import { jobsDetailQueries } from './jobsDetail';
import { jobsExportQueries } from './jobsExport';
import { jobsListQueries } from './jobsList';
import { jobsWrites } from './jobsWrites';

export {
  type JobListFilter,
  type JobRow,
  type JobScope,
  type JobSort,
  type JobSortField,
} from './jobsView';
export type { JobAttachmentRow, JobEventRow } from './jobsDetail';
export { listPageStatement, recentSearchRows, recentSearchStatement } from './jobsList';
export { jobCsvHeader } from './jobsExport';
export type { JobMoney, LockedJob, NewJob } from './jobsWrites';

/**
 * The jobs repository: one object over the modules of each concern (what a viewer reads in
 * jobsView; the list and counts, one job's profile, the CSV export, the writes), none of which
 * imports another but jobsView. Methods take an optional transaction.
 */
export function createJobsRepository(db: Queryable) {
  return {
    ...jobsListQueries(db),
    ...jobsDetailQueries(db),
    ...jobsExportQueries(db),
    ...jobsWrites(db),
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
