import { useState, type ReactNode } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Confirm,
  Form,
  Loading,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { formatCompactDate } from '../../formatting/dates';
import { downloadFile } from '../../httpClient/downloadFile';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Page, PageHeading } from '../../layout/Page';
import { useJobPaths } from '../jobs/paths';
import type { DataSubjectFindings, DataSubjectQuery } from './types';

const keyNames = ['phone', 'email', 'nin'] as const;

/** The keys typed, trimmed, empty ones left out; undefined when none is given. */
function keysOf(values: Record<string, unknown>): DataSubjectQuery | undefined {
  const keys: DataSubjectQuery = {};
  for (const k of keyNames) {
    const v = typeof values[k] === 'string' ? values[k].trim() : '';
    if (v) keys[k] = v;
  }
  return Object.keys(keys).length ? keys : undefined;
}

/** One kind of record found, under its heading. */
const Group = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {children}
  </Box>
);

/** Records found by their code, what they are and when they were made. */
const Records = ({
  title,
  items,
}: {
  title: string;
  items: { id: string; code: string; what: string; created_at: string }[];
}) => (
  <Group title={title}>
    <List dense aria-label={title}>
      {items.map((r) => (
        <ListItem key={r.id} disableGutters>
          <ListItemText
            primary={r.code}
            secondary={`${r.what} · ${formatCompactDate(r.created_at)}`}
          />
        </ListItem>
      ))}
    </List>
  </Group>
);

const Findings = ({ findings }: { findings: DataSubjectFindings }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.data_requests.${key}`, options);
  const jobPaths = useJobPaths();
  const { jobs, agent_applications: applications, accounts, messages } = findings;
  if (!jobs.length && !applications.length && !accounts.length && !messages.count) {
    return <Alert severity="info">{t('nothing_found')}</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Group title={t('jobs', { smart_count: jobs.length })}>
        <List dense aria-label={t('jobs', { smart_count: jobs.length })}>
          {jobs.map((j) => (
            <ListItem key={j.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={jobPaths.profile(j.id)}>
                    {j.code}
                  </Link>
                }
                secondary={[
                  j.company_name,
                  translate(`app.jobs.status.${j.status}`),
                  formatCompactDate(j.created_at),
                  t('evidence', {
                    photos: j.photos,
                    attachments: j.attachments,
                  }),
                  j.has_location ? t('with_location') : null,
                  j.erasable ? null : t('in_progress'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Group>
      <Records
        title={t('applications', { smart_count: applications.length })}
        items={applications.map((a) => ({ ...a, what: a.status }))}
      />
      <Records
        title={t('accounts', { smart_count: accounts.length })}
        items={accounts.map((a) => ({ ...a, what: a.role }))}
      />
      <Group title={t('messages', { smart_count: messages.count })}>
        <Typography color="text.secondary">{t('messages_hint')}</Typography>
      </Group>
    </Stack>
  );
};

/** What the erasure takes and what it leaves, named before it is confirmed. */
const EraseSummary = ({ findings }: { findings: DataSubjectFindings }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.data_requests.${key}`, options);
  const closed = findings.jobs.filter((j) => j.erasable).length;
  const open = findings.jobs.length - closed;
  return (
    <Box>
      <Typography gutterBottom>{t('erase_takes')}</Typography>
      <ul>
        <li>{t('erase_jobs', { smart_count: closed })}</li>
        <li>{t('erase_applications', { smart_count: findings.agent_applications.length })}</li>
        <li>{t('erase_accounts', { smart_count: findings.accounts.length })}</li>
        <li>{t('erase_messages', { smart_count: findings.messages.count })}</li>
      </ul>
      <Typography gutterBottom>{t('erase_keeps')}</Typography>
      <ul>
        {open ? <li>{t('keep_open', { smart_count: open })}</li> : null}
        <li>{t('keep_records')}</li>
      </ul>
    </Box>
  );
};

/**
 * Data requests (admin area, the provider's heads): find what is held about a person by a full
 * phone number, email address or NIN; download it as JSON or PDF; erase it after confirming.
 */
export const DataRequestPage = () => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.data_requests.${key}`, options);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [keys, setKeys] = useState<DataSubjectQuery>();
  const [confirming, setConfirming] = useState(false);
  const findings = useQuery({
    queryKey: ['data-requests', 'search', keys],
    queryFn: () => dataProvider.searchDataSubject(keys!),
    enabled: Boolean(keys),
    retry: false,
  });
  const download = useMutation({
    mutationFn: (format: 'json' | 'pdf') =>
      dataProvider.exportDataSubject(keys!, format).then((blob) => ({ blob, format })),
    onSuccess: ({ blob, format }) => downloadFile(blob, `personal-data.${format}`),
    onError: notifyError,
  });
  const erase = useMutation({
    mutationFn: () => dataProvider.eraseDataSubject(keys!),
    onSuccess: (result) => {
      setConfirming(false);
      notify(
        t('erased', {
          jobs: result.erased.jobs,
          accounts: result.erased.accounts,
          applications: result.erased.agent_applications,
          kept: result.not_erased.length,
        }),
        { type: 'success' },
      );
      void findings.refetch();
    },
    onError: (error) => {
      setConfirming(false);
      notifyError(error);
    },
  });

  return (
    <Page title="app.data_requests.title" maxWidth={960}>
      <Card>
        <CardContent>
          <PageHeading title="app.data_requests.title" />
          <Typography color="text.secondary" gutterBottom>
            {t('explanation')}
          </Typography>
          <Form
            onSubmit={(values: Record<string, unknown>) => {
              const given = keysOf(values);
              if (!given) notify(t('need_key'), { type: 'warning' });
              else setKeys(given);
            }}
            noValidate
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: 'center' }}
            >
              <TextInput source="phone" label={t('phone')} helperText={false} />
              <TextInput source="email" label={t('email')} type="email" helperText={false} />
              <TextInput source="nin" label={t('nin')} helperText={false} />
              <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
                {t('search')}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
      {!keys ? null : findings.isPending ? (
        <Loading />
      ) : findings.error ? (
        <Alert severity="error">{t('search_failed')}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Findings findings={findings.data} />
          </CardContent>
          <CardActions>
            <Button
              startIcon={<DownloadIcon />}
              disabled={download.isPending}
              onClick={() => download.mutate('json')}
            >
              {t('download_json')}
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              disabled={download.isPending}
              onClick={() => download.mutate('pdf')}
            >
              {t('download_pdf')}
            </Button>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteForeverIcon />}
              onClick={() => setConfirming(true)}
            >
              {t('erase')}
            </Button>
          </CardActions>
          <Confirm
            isOpen={confirming}
            loading={erase.isPending}
            title={t('erase_title')}
            content={<EraseSummary findings={findings.data} />}
            confirm={t('erase_confirm')}
            confirmColor="warning"
            onConfirm={() => erase.mutate()}
            onClose={() => setConfirming(false)}
          />
        </Card>
      )}
    </Page>
  );
};
