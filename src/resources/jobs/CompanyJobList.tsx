import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDate } from '../../formatting/dates';
import { errorMessages } from '../../httpClient/errorMessages';
import { DueDate } from './DueDate';
import { JobStatusChip } from './JobStatusChip';
import { StatusTabsBar, type StatusTab } from './JobStatusTabs';
import { useJobPaths } from './paths';

const pageSize = 25;

/**
 * The jobs of one company (`jobs/company/{assignerId}`, `GET /job/get-company-job-by-assigner/
 * {assignerId}/{status}?page`): status tabs and pages of 25.
 */
export const CompanyJobList = () => {
  const { assignerId = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const paths = useJobPaths();
  const [status, setStatus] = useState<StatusTab>('all');
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery({
    queryKey: ['jobs', 'byAssigner', assignerId, status, page],
    queryFn: () => dataProvider.getCompanyJobsByAssigner({ assignerId, status, page }),
    placeholderData: keepPreviousData,
  });
  const companyName = data?.data[0]?.company_name;
  const title = companyName
    ? translate('app.jobs.company.title_named', { name: companyName })
    : translate('app.jobs.company.title');
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

  return (
    <Box sx={{ mt: 2, mb: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Card>
        <StatusTabsBar
          value={status}
          onChange={(tab) => {
            setStatus(tab);
            setPage(1);
          }}
        />
        {isPending ? (
          <Loading />
        ) : error ? (
          <Alert severity="error">{errorMessages(error)[0]}</Alert>
        ) : !data?.data.length ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('app.jobs.company.empty')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {['code', 'type', 'subject_name', 'state', 'status', 'due_at', 'created_at'].map(
                    (field) => (
                      <TableCell key={field}>
                        {translate(`resources.jobs.fields.${field}`)}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((job) => (
                  <TableRow key={job.id} hover>
                    <TableCell>
                      <Link to={paths.profile(job.id)}>{job.code}</Link>
                    </TableCell>
                    <TableCell>{jobKindLabels[job.type]}</TableCell>
                    <TableCell>{job.subject_name}</TableCell>
                    <TableCell>
                      {stateName(job.state)}, {job.lga}
                    </TableCell>
                    <TableCell>
                      <JobStatusChip status={job.status} />
                    </TableCell>
                    <TableCell>
                      <DueDate job={job} />
                    </TableCell>
                    <TableCell>{formatDisplayDate(job.created_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {pages > 1 ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} />
          </Box>
        ) : null}
      </Card>
    </Box>
  );
};
