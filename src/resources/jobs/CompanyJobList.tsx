import { Alert, Box, Card, Typography } from '@mui/material';
import {
  DataTable,
  ListBase,
  Loading,
  Pagination,
  SimpleList,
  Title,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { errorMessages } from '../../httpClient/errorMessages';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { DueDate } from './DueDate';
import { JobStatusChip } from './JobStatusChip';
import { JobStatusTabs } from './JobStatusTabs';
import { useJobPaths } from './paths';
import type { Job } from './types';

/** The server pages this list by 25 (`?page=`), whatever the client asks. */
const pageSize = 25;

/** "Jobs of {company}" once the first row names it. */
const CompanyJobsTitle = () => {
  const translate = useTranslate();
  const { data } = useListContext<Job>();
  const companyName = data?.[0]?.company_name;
  const title = companyName
    ? translate('app.jobs.company.title_named', { name: companyName })
    : translate('app.jobs.company.title');
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
    </>
  );
};

const Column = DataTable.Col<Job>;

const CompanyJobTable = () => {
  const translate = useTranslate();
  const paths = useJobPaths();
  const { isPending, error } = useListContext<Job>();
  const isPhone = useIsPhone();
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorMessages(error)[0]}</Alert>;
  const empty = (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('app.jobs.company.empty')}
    </Typography>
  );
  if (isPhone) {
    return (
      <SimpleList<Job>
        primaryText={(job) => (
          <>
            <CodeText>{job.code}</CodeText> · {job.subject_name}
          </>
        )}
        secondaryText={(job) => `${jobKindLabels[job.type]} · ${stateName(job.state)}, ${job.lga}`}
        tertiaryText={(job) => <JobStatusChip status={job.status} />}
        rowClick={(id) => paths.profile(String(id))}
        empty={empty}
      />
    );
  }
  return (
    <DataTable<Job> bulkActionButtons={false} rowClick={false} size="small" empty={empty}>
      <Column
        source="code"
        disableSort
        render={(job) => (
          <Link to={paths.profile(job.id)}>
            <CodeText>{job.code}</CodeText>
          </Link>
        )}
      />
      <Column source="type" disableSort render={(job) => jobKindLabels[job.type]} />
      <Column source="subject_name" disableSort />
      <Column source="state" disableSort render={(job) => `${stateName(job.state)}, ${job.lga}`} />
      <Column source="status" disableSort render={(job) => <JobStatusChip status={job.status} />} />
      <Column source="due_at" disableSort render={(job) => <DueDate job={job} />} />
      <Column
        source="created_at"
        disableSort
        render={(job) => <DateText value={job.created_at} />}
      />
    </DataTable>
  );
};

/**
 * The jobs of one company (`jobs/company/{assignerId}`, `GET /job/get-company-job-by-assigner/
 * {assignerId}/{status}?page`): status tabs and pages of 25. Its filters live in the page, not in
 * the address or the store: each visit starts on All.
 */
export const CompanyJobList = () => {
  const { assignerId = '' } = useParams();
  return (
    <ListBase<Job>
      resource="jobs"
      filter={{ assigner_id: assignerId }}
      queryOptions={{ meta: { view: 'by-assigner' }, onError: () => undefined }}
      perPage={pageSize}
      disableSyncWithLocation
      storeKey={false}
    >
      <Box sx={{ mt: 2, mb: 2 }}>
        <CompanyJobsTitle />
        <Card>
          <JobStatusTabs />
          <CompanyJobTable />
          <Pagination rowsPerPageOptions={[]} />
        </Card>
      </Box>
    </ListBase>
  );
};
