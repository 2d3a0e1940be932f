import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Stack,
  Typography,
} from '@mui/material';
import {
  CanAccess,
  Form,
  SelectInput,
  Title,
  useCanAccess,
  useGetList,
  required,
  useNotify,
  useTranslate,
  useUpdateMany,
} from 'react-admin';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { stateName } from '../../../reference/locations';
import { formatDisplayDate } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { AssignJobsState } from './AssignJobsButton';
import { useJobPaths } from './paths';
import type { Assignee, AssigneeType, Job } from './types';
import { useGoBack } from './useGoBack';
import { AverageRating } from '../agents/AverageRating';

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

/** What the form holds: the assignee's type, then the assignee. */
interface AssignValues {
  assignee_type: AssigneeType | '';
  assignee_id: string;
}

const t = (translate: ReturnType<typeof useTranslate>) => (key: string, options?: object) =>
  translate(`app.jobs.assign_page.${key}`, options);

/** The chosen assignee's card: company name, user code (the spec's "company ID"), state, date, rating. */
const AssigneeCard = ({ assignee }: { assignee: Assignee }) => {
  const translate = useTranslate();
  const label = t(translate);
  return (
    <CardContent
      component="section"
      aria-label={assignee.name}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <Detail label={label('company_name')}>{assignee.company_name ?? assignee.name}</Detail>
        <Detail label={label('id')}>{assignee.code ?? translate('app.jobs.not_set')}</Detail>
        <Detail label={label('state')}>
          {assignee.state ? stateName(assignee.state) : translate('app.jobs.not_set')}
        </Detail>
        <Detail label={label('date_created')}>{formatDisplayDate(assignee.created_time)}</Detail>
        <Detail label={label('rating')}>
          <AverageRating value={assignee.total_ratings} size="medium" />
        </Detail>
      </Box>
    </CardContent>
  );
};

/** The two choices, the chosen assignee's card and the buttons, inside the form. */
const AssignFields = ({ jobCount, saving }: { jobCount: number; saving: boolean }) => {
  const translate = useTranslate();
  const label = t(translate);
  const paths = useJobPaths();
  const goBack = useGoBack(paths.list);
  const { setValue } = useFormContext<AssignValues>();
  const [type, assigneeId] = useWatch<AssignValues, ['assignee_type', 'assignee_id']>({
    name: ['assignee_type', 'assignee_id'],
  });
  const { canAccess: mayAssignToAgents } = useCanAccess({
    resource: 'jobs',
    action: 'assign_to_agent',
  });
  const { data: assignees = [], isPending: assigneesPending } = useGetList<Assignee>(
    'assignees',
    { filter: { type } },
    { enabled: !!type },
  );
  const assignee = assignees.find((a) => a.id === assigneeId);
  const userTypes: AssigneeType[] = mayAssignToAgents ? ['company', 'agent'] : ['company'];

  return (
    <>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput
            source="assignee_type"
            label={label('user_type')}
            choices={userTypes.map((id) => ({ id, name: `app.jobs.assignee_${id}` }))}
            validate={required()}
            helperText={false}
            fullWidth
            onChange={() => setValue('assignee_id', '')}
          />
          <SelectInput
            source="assignee_id"
            label={label('name')}
            choices={assignees}
            translateChoice={false}
            validate={required()}
            helperText={false}
            fullWidth
            disabled={!type || assigneesPending}
          />
        </Stack>
      </CardContent>
      {assignee ? <AssigneeCard assignee={assignee} /> : null}
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!assignee || !jobCount || saving}>
          {label('assign')}
        </Button>
        <Button onClick={goBack} disabled={saving}>
          {label('cancel')}
        </Button>
        <CanAccess resource="jobs" action="bulk_create">
          <Button component={Link} to={paths.createBulk} sx={{ ml: { sm: 'auto' } }}>
            {label('create_job')}
          </Button>
        </CanAccess>
      </CardActions>
    </>
  );
};

/**
 * Assign Job (spec §2): a user type (Company; Agent for super-admins only), then one of that
 * type's assignees, whose card shows who they are; Assign Job sends the jobs chosen on the
 * previous screen (`updateMany('jobs', {meta: {action: 'assign'}})`), then returns there.
 */
export const JobAssign = () => {
  const translate = useTranslate();
  const label = t(translate);
  const notify = useNotify();
  const notifyError = useNotifyError();
  const paths = useJobPaths();
  const goBack = useGoBack(paths.list);
  const jobIds = useSelectedJobIds();
  const [assign, { isPending }] = useUpdateMany<Job>();

  const submit = (values: AssignValues) => {
    void assign(
      'jobs',
      {
        ids: jobIds,
        data: {
          assignee_type: values.assignee_type as AssigneeType,
          assignee_id: values.assignee_id,
        },
        meta: { action: 'assign' },
      },
      {
        onSuccess: () => {
          notify('app.notifications.job_assigned', { type: 'success' });
          goBack();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth: 720 }}>
      <Title title={label('heading')} />
      <Typography variant="h5" component="h2">
        {label('heading')}
      </Typography>
      {jobIds.length ? (
        <Typography color="text.secondary">
          {label('selected', { smart_count: jobIds.length })}
        </Typography>
      ) : (
        <Alert severity="info">
          {label('none_selected')} <Link to={paths.list}>{translate('app.menu.jobs')}</Link>
        </Alert>
      )}
      <Card>
        <Form
          defaultValues={{ assignee_type: '', assignee_id: '' }}
          onSubmit={(values: FieldValues) => submit(values as AssignValues)}
        >
          <AssignFields jobCount={jobIds.length} saving={isPending} />
        </Form>
      </Card>
    </Stack>
  );
};
