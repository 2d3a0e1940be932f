import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  MenuItem,
  Rating,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  CanAccess,
  Title,
  useCanAccess,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { stateName } from '../../../reference/locations';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDate } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { AssignJobsState } from './AssignJobsButton';
import { useJobPaths } from './paths';
import type { Assignee, AssigneeType } from './types';
import { useGoBack } from './useGoBack';

/** The jobs to assign: from the previous screen's router state, or `?ids=a,b` in the address. */
function useSelectedJobIds(): string[] {
  const location = useLocation();
  const [search] = useSearchParams();
  const fromState = (location.state as Partial<AssignJobsState> | null)?.jobIds;
  if (Array.isArray(fromState) && fromState.length) return fromState.map(String);
  return (search.get('ids') ?? '').split(',').filter(Boolean);
}

const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/**
 * Assign Job (spec §2): a user type (Company; Agent for super-admins only), then one of that
 * type's assignees, whose card shows company name, user code (the spec's "company ID"), state,
 * date created and rating; Assign
 * Job sends the jobs chosen on the previous screen, then returns there.
 */
export const JobAssign = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const paths = useJobPaths();
  const goBack = useGoBack(paths.list);
  const jobIds = useSelectedJobIds();
  const { canAccess: mayAssignToAgents } = useCanAccess({
    resource: 'jobs',
    action: 'assign_to_agent',
  });
  const [type, setType] = useState<AssigneeType | ''>('');
  const [assigneeId, setAssigneeId] = useState('');
  const { data: assignees = [], isPending: assigneesPending } = useGetList<Assignee>(
    'assignees',
    { filter: { type } },
    { enabled: type !== '' },
  );
  const assignee = assignees.find((a) => a.id === assigneeId);

  const assign = useMutation({
    mutationFn: () => dataProvider.assignJobs({ type: type as AssigneeType, assigneeId, jobIds }),
    onSuccess: () => {
      notify('app.notifications.job_assigned', { type: 'success' });
      goBack();
    },
    onError: notifyError,
  });

  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.assign_page.${key}`, options);
  const userTypes: AssigneeType[] = mayAssignToAgents ? ['company', 'agent'] : ['company'];

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 720 }}>
      <Title title={t('heading')} />
      <Typography variant="h5" component="h1">
        {t('heading')}
      </Typography>
      {jobIds.length ? (
        <Typography color="text.secondary">
          {t('selected', { smart_count: jobIds.length })}
        </Typography>
      ) : (
        <Alert severity="info">
          {t('none_selected')} <Link to={paths.list}>{translate('app.menu.jobs')}</Link>
        </Alert>
      )}
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('user_type')}
              value={type}
              onChange={(event) => {
                setType(event.target.value as AssigneeType);
                setAssigneeId('');
              }}
            >
              {userTypes.map((userType) => (
                <MenuItem key={userType} value={userType}>
                  {translate(`app.jobs.assignee_${userType}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('name')}
              value={assignee ? assigneeId : ''}
              disabled={!type || assigneesPending}
              onChange={(event) => setAssigneeId(event.target.value)}
            >
              {assignees.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </CardContent>
        {assignee ? (
          <CardContent
            component="section"
            aria-label={assignee.name}
            sx={{ borderTop: 1, borderColor: 'divider' }}
          >
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                gap: 2,
              }}
            >
              <Detail label={t('company_name')}>{assignee.company_name ?? assignee.name}</Detail>
              <Detail label={t('id')}>{assignee.code ?? translate('app.jobs.not_set')}</Detail>
              <Detail label={t('state')}>
                {assignee.state ? stateName(assignee.state) : translate('app.jobs.not_set')}
              </Detail>
              <Detail label={t('date_created')}>{formatDisplayDate(assignee.created_time)}</Detail>
              <Detail label={t('rating')}>
                <Rating
                  value={assignee.total_ratings}
                  max={5}
                  precision={0.1}
                  readOnly
                  aria-label={`${t('rating')}: ${assignee.total_ratings} / 5`}
                />
              </Detail>
            </Box>
          </CardContent>
        ) : null}
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            disabled={!assignee || !jobIds.length || assign.isPending}
            onClick={() => assign.mutate()}
          >
            {t('assign')}
          </Button>
          <Button onClick={goBack} disabled={assign.isPending}>
            {t('cancel')}
          </Button>
          <CanAccess resource="jobs" action="bulk_create">
            <Button component={Link} to={paths.createBulk} sx={{ ml: { sm: 'auto' } }}>
              {t('create_job')}
            </Button>
          </CanAccess>
        </CardActions>
      </Card>
    </Stack>
  );
};
