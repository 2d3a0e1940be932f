import { Checkbox, Stack, Typography } from '@mui/material';
import {
  BulkActionsToolbar,
  CreateButton,
  DataTable,
  CanAccess,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { OneLine } from '../../layout/OneLine';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { useIsPhone } from '../../layout/useIsPhone';
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
    <OneLine text={job.assignee_name} maxWidth={120} />
  ) : (
    <Typography variant="body2" color="text.secondary" component="span">
      {translate('app.jobs.unassigned')}
    </Typography>
  );
};

const Column = DataTable.Col<Job>;

/**
 * One line per row, 25 rows in about 750 px on a laptop: narrow cell padding, nothing wraps (long
 * names are cut, whole in their title), the overdue badge beside its due time.
 */
const denseTable = {
  '& .MuiTableCell-root': { px: 1, py: 0.25, whiteSpace: 'nowrap' },
  '& .MuiTableCell-paddingCheckbox': { px: 0 },
  '& .MuiTableCell-body .MuiStack-root': { flexWrap: 'nowrap' },
  '& .MuiTableCell-body .MuiCheckbox-root': { py: 0.25 },
} as const;

/**
 * A phone row's selection box (SimpleList has none): the same selection as the table's, so the
 * bulk toolbar above the list assigns the chosen jobs. A click on it does not open the job.
 */
const SelectJob = ({ job }: { job: Job }) => {
  const translate = useTranslate();
  const { selectedIds, onToggleItem } = useListContext<Job>();
  return (
    <Checkbox
      edge="start"
      checked={selectedIds.includes(job.id)}
      // The box, not the row's link, takes the click (its default action is the toggle).
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggleItem(job.id)}
      slotProps={{ input: { 'aria-label': translate('app.jobs.select_job', { code: job.code }) } }}
    />
  );
};

/** On phones: the jobs as a simple list, each with a selection box where the user may assign. */
const PhoneJobList = ({ mayAssign }: { mayAssign: boolean }) => {
  const paths = useJobPaths();
  return (
    <>
      {mayAssign ? (
        <BulkActionsToolbar>
          <AssignJobsButton />
        </BulkActionsToolbar>
      ) : null}
      <SimpleList<Job>
        leftIcon={mayAssign ? (job) => <SelectJob job={job} /> : undefined}
        primaryText={(job) => (
          <>
            <CodeText>{job.code}</CodeText> · {job.subject_name}
          </>
        )}
        secondaryText={(job) => (
          <Stack direction="row" spacing={1} component="span" sx={{ mt: 0.5 }}>
            <JobStatusChip status={job.status} />
            {job.overdue ? <OverdueBadge /> : null}
          </Stack>
        )}
        tertiaryText={(job) => <DateText value={job.created_at} />}
        rowClick={(id) => paths.profile(String(id))}
      />
    </>
  );
};

/**
 * The jobs list (`GET /jobs`, ra-data-simple-rest): status tabs, filters, search, sort, paging,
 * bulk "Assign", server-side CSV export. Rows open the job profile. On phones, a simple list
 * with selection boxes and the same bulk Assign.
 */
export const JobList = () => {
  const paths = useJobPaths();
  const isPhone = useIsPhone();
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
      {isPhone ? (
        <PhoneJobList mayAssign={!!mayAssign} />
      ) : (
        <DataTable<Job>
          rowClick={(id) => paths.profile(String(id))}
          bulkActionButtons={mayAssign ? <AssignJobsButton /> : false}
          sx={denseTable}
        >
          <Column
            source="code"
            render={(job) => (
              <Link to={paths.profile(job.id)} onClick={(event) => event.stopPropagation()}>
                <CodeText>{job.code}</CodeText>
              </Link>
            )}
          />
          <Column source="type" render={(job) => jobKindLabels[job.type]} />
          <Column
            source="subject_name"
            render={(job) => <OneLine text={job.subject_name} maxWidth={150} />}
          />
          <Column
            source="state"
            label="app.jobs.place"
            render={(job) => (
              <OneLine text={`${stateName(job.state)}, ${job.lga}`} maxWidth={150} />
            )}
          />
          <Column source="status" render={(job) => <JobStatusChip status={job.status} />} />
          <Column source="assignee_name" disableSort render={(job) => <Assignee job={job} />} />
          <Column source="due_at" render={(job) => <DueDate job={job} />} />
          <Column source="created_at" render={(job) => <DateText value={job.created_at} />} />
        </DataTable>
      )}
    </List>
  );
};
