import { lazy, Suspense } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  CanAccess,
  Loading,
  Title,
  useBasename,
  useCanAccess,
  useDataProvider,
  useGetList,
  useTranslate,
} from 'react-admin';
import { fullName } from '../authProvider/session';
import { useAccount } from '../authProvider/useAccount';
import type { AppDataProvider } from '../dataProvider';
import { formatDisplayDate } from '../formatting/dates';
import { errorMessages } from '../httpClient/errorMessages';
import { DueDate } from '../resources/jobs/DueDate';
import { JobStatusChip } from '../resources/jobs/JobStatusChip';
import { useJobPaths } from '../resources/jobs/paths';
import { jobStatuses, type Job, type StatusCounts } from '../resources/jobs/types';
import { ChartsBoundary } from './ChartsBoundary';
import { TatPage } from '../resources/tats/TatPage';
import { roleLabelKey } from '../resources/users/roleLabel';

const JobCharts = lazy(() => import('./JobCharts'));

type CountKey = 'total' | 'overdue' | (typeof jobStatuses)[number];
const countKeys: CountKey[] = ['total', ...jobStatuses, 'overdue'];

const countLabel = (key: CountKey) =>
  key === 'total'
    ? 'app.dashboard.total'
    : key === 'overdue'
      ? 'app.dashboard.overdue'
      : `app.jobs.status.${key}`;

/** Whether two sets of counts hold the same figures. */
const sameCounts = (a: StatusCounts, b: StatusCounts) =>
  countKeys.every((key) => a[key] === b[key]);

/**
 * Count cards, each a link to the jobs list filtered by its status (or overdue) for those who
 * may open the list.
 */
const CountCards = ({
  counts,
  title,
  linked,
}: {
  counts: StatusCounts;
  title: string;
  linked: boolean;
}) => {
  const translate = useTranslate();
  const paths = useJobPaths();
  const linkOf = (key: CountKey) =>
    key === 'total'
      ? paths.list
      : paths.filteredList(key === 'overdue' ? { overdue: true } : { status: key });
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, 1fr)',
            md: 'repeat(5, 1fr)',
          },
          gap: 1.5,
        }}
      >
        {countKeys.map((key) => (
          <Card key={key}>
            <CardActionArea
              {...(linked ? { component: Link, to: linkOf(key) } : { disabled: true })}
            >
              <CardContent sx={{ py: 1.5 }}>
                <Typography
                  variant="h5"
                  component="p"
                  color={key === 'overdue' && counts.overdue > 0 ? 'error' : undefined}
                >
                  {counts[key]}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(countLabel(key))}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
};

/** Up to five jobs of a list query, each a link to its profile. */
const JobShortList = ({
  title,
  empty,
  filter,
  sort,
  showDue,
}: {
  title: string;
  empty: string;
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
  showDue?: boolean;
}) => {
  const translate = useTranslate();
  const paths = useJobPaths();
  const { data, isPending, error } = useGetList<Job>('jobs', {
    filter,
    sort,
    pagination: { page: 1, perPage: 5 },
  });
  return (
    <Card sx={{ flex: { md: 1 }, minWidth: 0 }} component="section" aria-label={translate(title)}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        {isPending ? (
          <Skeleton height={120} />
        ) : error ? (
          <Alert severity="error">{errorMessages(error)[0]}</Alert>
        ) : !data?.length ? (
          <Typography color="text.secondary">{translate(empty)}</Typography>
        ) : (
          <List dense disablePadding>
            {data.map((job) => (
              <ListItem key={job.id} disablePadding>
                <ListItemButton component={Link} to={paths.profile(job.id)} disableGutters>
                  <ListItemText
                    primary={`${job.code} · ${job.subject_name}`}
                    secondary={showDue ? <DueDate job={job} /> : formatDisplayDate(job.created_at)}
                    slotProps={{ secondary: { component: 'div' } }}
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  />
                  <JobStatusChip status={job.status} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * The landing page of both areas: who is signed in, the job counts (each a link to the filtered
 * list), the company's own counts (company area, when they are not the same figures), the charts (loaded after the rest), recent
 * and overdue jobs, and the way to the preferences.
 */
export const Dashboard = () => {
  const account = useAccount();
  const translate = useTranslate();
  const basename = useBasename();
  const paths = useJobPaths();
  const dataProvider = useDataProvider<AppDataProvider>();
  // 'View Dashboard' alone shows the counts; the job lists and links need 'View Job History'.
  const { canAccess: mayListJobs = false } = useCanAccess({ resource: 'jobs', action: 'list' });
  const summary = useQuery({
    queryKey: ['jobs', 'summaryCounts'],
    queryFn: () => dataProvider.getJobSummaryCounts(),
  });
  const companyCounts = useQuery({
    queryKey: ['jobs', 'companyCounts'],
    queryFn: () => dataProvider.getCompanyJobCounts(),
    enabled: paths.area === 'company' && mayListJobs,
  });
  if (!account) return <Loading />;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title="app.dashboard.title" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            {translate('app.dashboard.welcome', { name: fullName(account) })}
          </Typography>
          <Typography color="text.secondary">
            {translate('app.dashboard.signed_in_as', {
              role: translate(roleLabelKey(account.role, account.company_id)),
            })}
            {account.company_name ? ` · ${account.company_name}` : null}
          </Typography>
          <Typography color="text.secondary">
            {translate('app.dashboard.today', { date: formatDisplayDate(new Date()) })}
          </Typography>
        </CardContent>
      </Card>
      {summary.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : summary.error ? (
        <Alert severity="error">{errorMessages(summary.error)[0]}</Alert>
      ) : (
        <CountCards
          counts={summary.data}
          title={translate('app.dashboard.jobs_title')}
          linked={mayListJobs}
        />
      )}
      {/* Only when they differ from the above, i.e. the company also works jobs of others. No
          counts when a refusal redirected: react-admin then answers `{data: {}}`. */}
      {companyCounts.data?.counts &&
      summary.data &&
      !sameCounts(companyCounts.data.counts, summary.data) ? (
        <CountCards
          counts={companyCounts.data.counts}
          title={translate('app.dashboard.company_jobs_title')}
          linked
        />
      ) : null}
      {summary.data ? (
        <ChartsBoundary>
          <Suspense
            fallback={
              <Skeleton
                variant="rounded"
                height={300}
                role="progressbar"
                aria-label={translate('app.dashboard.charts_loading')}
              />
            }
          >
            <JobCharts summary={summary.data} />
          </Suspense>
        </ChartsBoundary>
      ) : null}
      {mayListJobs ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <JobShortList
            title="app.dashboard.recent_jobs"
            empty="app.dashboard.no_jobs"
            filter={{}}
            sort={{ field: 'created_at', order: 'DESC' }}
          />
          <JobShortList
            title="app.dashboard.overdue_jobs"
            empty="app.dashboard.no_overdue_jobs"
            filter={{ overdue: true }}
            sort={{ field: 'due_at', order: 'ASC' }}
            showDue
          />
        </Stack>
      ) : null}
      <CanAccess resource="tats" action="list">
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.dashboard.preferences_title')}
            </Typography>
            <Typography color="text.secondary">
              {translate('app.dashboard.preferences_body')}
            </Typography>
          </CardContent>
          <CardActions>
            <Button component={Link} to={`${basename}${TatPage.path}`}>
              {translate('app.settings.set_preferences')}
            </Button>
          </CardActions>
        </Card>
      </CanAccess>
    </Stack>
  );
};

Dashboard.path = '/dashboard';
