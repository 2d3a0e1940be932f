import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  CanAccess,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { formatDisplayDate } from '../../formatting/dates';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { AssignJobsButton } from './AssignJobsButton';
import { DueDate } from './DueDate';
import { jobFilters } from './JobFilters';
import { JobStatusChip, OverdueBadge } from './JobStatusChip';
import { JobStatusTabs } from './JobStatusTabs';
import { useJobPaths } from './paths';
import type { Job } from './types';

const ListActions = () => {
  const paths = useJobPaths();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton to={paths.createSingle} label="app.menu.create_job" />
      <CanAccess resource="jobs" action="export">
        <ServerExportButton />
      </CanAccess>
    </TopToolbar>
  );
};

const Assignee = ({ job }: { job: Job }) => {
  const translate = useTranslate();
  return job.assignee_name ? (
    <>{job.assignee_name}</>
  ) : (
    <Typography variant="body2" color="text.secondary" component="span">
      {translate('app.jobs.unassigned')}
    </Typography>
  );
};

const Column = DataTable.Col<Job>;

/**
 * The jobs list (`GET /jobs`, ra-data-simple-rest): status tabs, filters, search, sort, paging,
 * bulk "Assign", server-side CSV export. Rows open the job profile. On phones, a simple list.
 */
export const JobList = () => {
  const paths = useJobPaths();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // Without the right to assign, no selection checkboxes: their only bulk action is Assign.
  const { canAccess: mayAssign } = useCanAccess({ resource: 'jobs', action: 'assign' });
  return (
    <List<Job>
      resource="jobs"
      title="app.jobs.list_title"
      filters={jobFilters}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
    >
      <JobStatusTabs />
      {isSmall ? (
        <SimpleList<Job>
          primaryText={(job) => `${job.code} · ${job.subject_name}`}
          secondaryText={(job) => (
            <Stack direction="row" spacing={1} component="span" sx={{ mt: 0.5 }}>
              <JobStatusChip status={job.status} />
              {job.overdue ? <OverdueBadge /> : null}
            </Stack>
          )}
          tertiaryText={(job) => formatDisplayDate(job.created_at)}
          rowClick={(id) => paths.profile(String(id))}
        />
      ) : (
        <DataTable<Job>
          rowClick={(id) => paths.profile(String(id))}
          bulkActionButtons={mayAssign ? <AssignJobsButton /> : false}
        >
          <Column
            source="code"
            render={(job) => (
              <Link to={paths.profile(job.id)} onClick={(event) => event.stopPropagation()}>
                {job.code}
              </Link>
            )}
          />
          <Column source="type" render={(job) => jobKindLabels[job.type]} />
          <Column source="subject_name" />
          <Column source="state" render={(job) => stateName(job.state)} />
          <Column source="lga" />
          <Column source="status" render={(job) => <JobStatusChip status={job.status} />} />
          <Column source="assignee_name" disableSort render={(job) => <Assignee job={job} />} />
          <Column source="due_at" render={(job) => <DueDate job={job} />} />
          <Column source="created_at" render={(job) => formatDisplayDate(job.created_at)} />
        </DataTable>
      )}
    </List>
  );
};
