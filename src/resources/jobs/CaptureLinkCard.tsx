import { useEffect, useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import SmsIcon from '@mui/icons-material/Sms';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import {
  Form,
  SaveButton,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { isOpenJobStatus } from '../../../reference/jobStatuses';
import type { Account } from '../../authProvider';
import { canAccess } from '../../authProvider/canAccess';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDateTime } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { copyText, selectAll } from '../../layout/copyText';
import type { CaptureLink, CaptureLinkSms, JobDetail } from './types';

/**
 * Side of the QR code in CSS pixels: at 4 modules of quiet zone and version 6 to 7 (a link of
 * about 90 characters), each module is about 4 px, which a phone camera reads from an arm's
 * length off a laptop screen.
 */
const qrSize = 224;

/** While a text is still being sent, the job is read again this often to show what became of it. */
const smsRefreshMs = 3000;

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
        loopback_public_url: answer.loopback_public_url,
      });
      notify('app.jobs.capture.created', { type: 'success' });
      onChanged();
    },
    onError: notifyError,
  });

  const link = created ?? job.capture?.link ?? null;
  const url = link?.url ?? null;
  const sms = job.capture?.sms ?? null;
  const [smsOpen, setSmsOpen] = useState(false);

  const smsMutation = useMutation({
    mutationFn: (phone?: string) => dataProvider.sendCaptureLinkSms({ id: job.id, phone }),
    onSuccess: () => {
      setSmsOpen(false);
      notify('app.jobs.capture.sms_queued', { type: 'success' });
      onChanged();
    },
    onError: notifyError,
  });

  // A text being sent is followed until the provider has answered (sent, or given up).
  useEffect(() => {
    if (sms?.status !== 'sending') return;
    const timer = setTimeout(onChanged, smsRefreshMs);
    return () => clearTimeout(timer);
  }, [sms, onChanged]);

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
        {url && link?.loopback_public_url ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('loopback_warning', { url: link.loopback_public_url })}
          </Alert>
        ) : null}
        {url ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: 'flex-start' }}
          >
            <Box
              sx={{ bgcolor: '#fff', p: 1, borderRadius: 1, lineHeight: 0, flexShrink: 0 }}
              data-testid="capture-link-qr"
            >
              <QRCodeSVG
                value={url}
                size={qrSize}
                level="M"
                marginSize={4}
                title={t('qr_label')}
                role="img"
                aria-label={t('qr_label')}
              />
            </Box>
            <Stack spacing={1.5} sx={{ minWidth: 0, flex: 1, width: '100%' }}>
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
              {sms ? <SmsState sms={sms} /> : null}
            </Stack>
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
                <Button variant="outlined" startIcon={<SmsIcon />} onClick={() => setSmsOpen(true)}>
                  {t('sms_send')}
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
      <SmsDialog
        open={smsOpen}
        agentName={job.assignee_type === 'agent' ? job.assignee_name : null}
        pending={smsMutation.isPending}
        onClose={() => setSmsOpen(false)}
        onSend={(phone) => smsMutation.mutate(phone)}
      />
    </Card>
  );
};

/** What became of the last text of the link: "SMS sent", still sending, or "SMS failed". */
const SmsState = ({ sms }: { sms: CaptureLinkSms }) => {
  const translate = useTranslate();
  const at = formatDisplayDateTime(sms.sent_at ?? sms.created_at);
  const text = translate(`app.jobs.capture.sms_${sms.status}`, { to: sms.to, date: at });
  if (sms.status === 'failed') {
    return (
      <Alert severity="error" role="status">
        {text}
        {sms.error ? ` (${sms.error})` : ''}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {text}
    </Typography>
  );
};

/**
 * Asks where to text the link: the assigned agent's phone unless another number is typed; a job
 * assigned to a company has no agent on file, so the number is required.
 */
const SmsDialog = ({
  open,
  agentName,
  pending,
  onClose,
  onSend,
}: {
  open: boolean;
  agentName: string | null;
  pending: boolean;
  onClose: () => void;
  onSend: (phone?: string) => void;
}) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.jobs.capture.${key}`, options);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="capture-sms-title"
    >
      <Form
        onSubmit={(values: Record<string, unknown>) =>
          onSend(String(values.phone ?? '').trim() || undefined)
        }
      >
        <DialogTitle id="capture-sms-title">{t('sms_title')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {agentName ? t('sms_help_agent', { name: agentName }) : t('sms_help_number')}
          </Typography>
          <TextInput
            source="phone"
            type="tel"
            label={t('sms_phone')}
            // Checked by the server (400 naming the field): the phone rule's library stays out of
            // this bundle.
            validate={agentName ? undefined : required()}
            helperText={false}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {translate('app.jobs.actions.close')}
          </Button>
          <SaveButton label={t('sms_submit')} icon={<SmsIcon />} disabled={pending} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
