import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { isOpenJobStatus } from '../../../reference/jobStatuses';
import type { Account } from '../../authProvider';
import { canAccess } from '../../authProvider/canAccess';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDateTime } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { copyText, selectAll } from '../../layout/copyText';
import type { CaptureLink, JobDetail } from './types';

/**
 * Who may see and make the capture link (server/routes/capture/links.ts): provider staff, or the
 * users of the company the job is assigned to, while the job is assigned or accepted; making one
 * is part of assigning, so it takes that right too.
 */
export const canManageCaptureLink = (job: JobDetail, account: Account | undefined): boolean => {
  if (!account || !job.capture) return false;
  if (!isOpenJobStatus(job.status)) return false;
  if (!canAccess(account, { area: account.area, resource: 'jobs', action: 'assign' })) return false;
  if (account.area === 'admin') return true;
  return (
    job.assignee_type === 'company' &&
    account.company_id !== null &&
    account.company_id === job.assignee_id
  );
};

/**
 * The job's capture link: the live link with Copy and Share buttons, and
 * a button making a new one (`POST /job/{id}/capture-link`; the previous link stops working).
 */
export const CaptureLinkCard = ({ job, onChanged }: { job: JobDetail; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [created, setCreated] = useState<CaptureLink | null>(null);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.capture.${key}`, options);

  const mutation = useMutation({
    mutationFn: () => dataProvider.createCaptureLink({ id: job.id }),
    onSuccess: (answer) => {
      setCreated({
        url: answer.url,
        created_at: new Date().toISOString(),
        expires_at: answer.expires_at,
      });
      notify('app.jobs.capture.created', { type: 'success' });
      onChanged();
    },
    onError: notifyError,
  });

  const link = created ?? job.capture?.link ?? null;
  const url = link?.url ?? null;

  const copy = async (text: string) => {
    if (await copyText(text)) notify('app.jobs.capture.copied', { type: 'info' });
    else notify('app.jobs.capture.copy_failed', { type: 'warning' });
  };

  const share = async (text: string) => {
    if (typeof navigator.share !== 'function') {
      await copy(text);
      return;
    }
    try {
      await navigator.share({ title: t('share_title', { code: job.code }), url: text });
    } catch (error) {
      // The user closing the share sheet is not a failure; anything else falls back to copying.
      if ((error as { name?: string } | null)?.name !== 'AbortError') await copy(text);
    }
  };

  return (
    <Card sx={{ width: '100%' }} component="section" aria-labelledby="capture-link-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="capture-link-title" gutterBottom>
          {t('link_title')}
        </Typography>
        {url ? (
          <Stack spacing={1.5}>
            <Typography color="text.secondary">{t('link_help')}</Typography>
            <TextField
              value={url}
              label={t('link_label')}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, onFocus: selectAll } }}
            />
            {link ? (
              <Typography variant="body2" color="text.secondary">
                {t('expires', { date: formatDisplayDateTime(link.expires_at) })}
              </Typography>
            ) : null}
          </Stack>
        ) : (
          <Typography color="text.secondary">
            {job.capture?.has_link ? t('link_hidden') : t('no_link')}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {url ? (
              <>
                <Button
                  variant="contained"
                  startIcon={<ContentCopyIcon />}
                  onClick={() => void copy(url)}
                >
                  {t('copy')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<ShareIcon />}
                  onClick={() => void share(url)}
                >
                  {t('share')}
                </Button>
              </>
            ) : null}
            <Button
              variant={url ? 'text' : 'contained'}
              startIcon={<AddLinkIcon />}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {url || job.capture?.has_link ? t('renew') : t('create')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
};
