import type { ReactNode } from 'react';
import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Alert,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Rating,
  Stack,
  Typography,
} from '@mui/material';
import {
  Loading,
  ShowBase,
  Title,
  useDataProvider,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { useAccount } from '../../authProvider/useAccount';
import { Link } from 'react-router-dom';
import { jobFieldDefs, jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { formatDisplayDate, formatDisplayDateTime } from '../../formatting/dates';
import { formatNaira } from '../../formatting/money';
import type { AppDataProvider } from '../../dataProvider';
import { downloadFile } from '../../httpClient/downloadFile';
import { errorMessages } from '../../httpClient/errorMessages';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { DueDate } from './DueDate';
import { CaptureLinkCard, canManageCaptureLink } from './CaptureLinkCard';
import { Details, Section } from './Details';
import { JobActions } from './JobActions';
import { JobEvidence } from './JobEvidence';
import { JobStatusChip, OverdueBadge } from './JobStatusChip';
import { useJobPaths } from './paths';
import type { JobAttachment, JobDetail, JobEvent } from './types';

/** The kind's fields in the order and with the labels of the shared definitions. */
const fieldItems = (job: JobDetail): Array<[string, ReactNode]> =>
  jobFieldDefs[job.type].map((def) => {
    if (def.type === 'state') return [def.label, stateName(job.state)];
    if (def.type === 'lga') return [def.label, job.lga];
    const value = job.fields[def.name];
    const choice = def.choices?.find((c) => c.value === value);
    return [def.label, choice?.label ?? value ?? '—'];
  });

const EventItem = ({ event }: { event: JobEvent }) => {
  const translate = useTranslate();
  const to = translate(`app.jobs.status.${event.to_status}`);
  return (
    <ListItem disableGutters alignItems="flex-start">
      <ListItemText
        primary={
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {event.kind === 'overdue' ? (
              <strong>{translate('app.jobs.profile.overdue_event')}</strong>
            ) : (
              <>
                {event.from_status ? (
                  <>
                    <span>{translate(`app.jobs.status.${event.from_status}`)}</span>
                    <ArrowRightAltIcon fontSize="small" aria-label="to" />
                  </>
                ) : null}
                <strong>{to}</strong>
              </>
            )}
          </Stack>
        }
        secondary={
          <>
            {formatDisplayDateTime(event.created_at)}{' '}
            {translate('app.jobs.profile.by', {
              name: event.actor_name ?? translate('app.jobs.profile.someone'),
            })}
            {event.reason ? (
              <>
                <br />
                {translate('app.jobs.profile.reason', { reason: event.reason })}
              </>
            ) : null}
          </>
        }
      />
    </ListItem>
  );
};

const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The profile's content, from the record `<ShowBase>` read. */
const JobProfile = () => {
  const translate = useTranslate();
  const paths = useJobPaths();
  const account = useAccount();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { record: job, error, isPending, refetch } = useShowContext<JobDetail>();

  if (isPending) return <Loading />;
  if (error || !job) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessages(error)[0]}
      </Alert>
    );
  }

  /** Attachments need the bearer token: fetched as a Blob, then saved like a download link. */
  const download = async (file: JobAttachment) => {
    try {
      const blob = await dataProvider.getJobAttachment({
        jobId: job.id,
        attachmentId: file.id,
      });
      downloadFile(blob, file.file_name);
    } catch (error) {
      notifyError(error);
    }
  };

  const t = (key: string) => translate(`app.jobs.profile.${key}`);
  const assignment: Array<[string, ReactNode]> = [
    [
      t('owner'),
      <Link key="owner" to={paths.company(job.company_id)}>
        {job.company_name ?? job.company_id}
      </Link>,
    ],
    [
      t('assignee'),
      job.assignee_name
        ? `${job.assignee_name} (${translate(`app.jobs.assignee_${job.assignee_type ?? 'company'}`)})`
        : translate('app.jobs.unassigned'),
    ],
    [
      t('assigned_at'),
      job.assigned_at ? formatDisplayDateTime(job.assigned_at) : translate('app.jobs.not_set'),
    ],
    [t('due_at'), <DueDate key="due" job={job} />],
    [t('created_at'), formatDisplayDate(job.created_at)],
  ];
  if (job.price !== null) assignment.push([t('price'), formatNaira(job.price)]);
  if (job.fee !== null) assignment.push([t('fee'), formatNaira(job.fee)]);
  if (job.rating !== null) {
    assignment.push([
      t('rating'),
      <Rating key="rating" value={job.rating} max={5} readOnly size="small" />,
    ]);
  }

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title={translate('app.jobs.profile.title', { code: job.code })} />
      <Card>
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box>
              <Typography variant="h5" component="h2">
                {job.subject_name ? `${job.code} · ${job.subject_name}` : job.code}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Typography color="text.secondary">{jobKindLabels[job.type]}</Typography>
                <JobStatusChip status={job.status} />
                {job.overdue ? <OverdueBadge /> : null}
              </Stack>
            </Box>
            <JobActions job={job} onChanged={() => void refetch()} />
          </Stack>
        </CardContent>
      </Card>
      {job.erased_at ? (
        <Alert severity="info">
          {translate('app.jobs.profile.erased', { date: formatDisplayDate(job.erased_at) })}
        </Alert>
      ) : null}
      {canManageCaptureLink(job, account) ? (
        <CaptureLinkCard job={job} onChanged={() => void refetch()} />
      ) : null}
      <JobEvidence job={job} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Section title={t('details')}>
          <Details items={fieldItems(job)} />
        </Section>
        <Section title={t('assignment')}>
          <Details items={assignment} />
        </Section>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Section title={t('history')}>
          {job.events.length ? (
            <List dense aria-label={t('history')}>
              {job.events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{t('no_history')}</Typography>
          )}
        </Section>
        <Section title={t('attachments')}>
          {job.attachments.length ? (
            <List dense aria-label={t('attachments')}>
              {job.attachments.map((file) => (
                <ListItem key={file.id} disableGutters disablePadding>
                  <ListItemButton
                    onClick={() => void download(file)}
                    aria-label={translate('app.jobs.profile.download', { name: file.file_name })}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <AttachFileIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText
                      primary={file.file_name}
                      secondary={`${file.content_type} · ${fileSize(file.size_bytes)}`}
                      sx={{ overflowWrap: 'anywhere' }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{t('no_attachments')}</Typography>
          )}
        </Section>
      </Stack>
    </Stack>
  );
};

/**
 * The job profile (`jobs/profile/{id}`, `GET /job/detail/{id}`): every field of its kind, status,
 * owner, assignee, deadline, history, attachments, and the allowed actions.
 */
export const JobShow = () => (
  <ShowBase<JobDetail>
    {...checkedByRoute}
    resource="jobs"
    queryOptions={{ meta: { view: 'profile' }, ...ownErrorDisplay }}
  >
    <JobProfile />
  </ShowBase>
);
