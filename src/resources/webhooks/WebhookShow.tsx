import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable,
  DeleteWithConfirmButton,
  ListBase,
  Pagination,
  ShowBase,
  Title,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRefresh,
  useShowContext,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDate } from '../../formatting/dates';
import { DateText } from '../../layout/DateText';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Details } from '../../layout/Details';
import { SecretDialog } from './SecretDialog';
import type { Webhook, WebhookDelivery } from './types';
import { WebhookStatusChip } from './WebhookList';

const Column = DataTable.Col<WebhookDelivery>;

/** Send test event, rotate the secret, delete (with a confirmation). */
const WebhookActions = ({ webhook }: { webhook: Webhook }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [secret, setSecret] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: () => dataProvider.testWebhook(webhook.id),
    onSuccess: (r) =>
      r.ok
        ? notify('app.webhooks.test_ok', { type: 'success', messageArgs: { code: r.status_code } })
        : notify('app.webhooks.test_failed', {
            type: 'warning',
            messageArgs: { reason: r.status_code ?? r.error ?? '' },
          }),
    onError: notifyError,
  });
  const rotate = useMutation({
    mutationFn: () => dataProvider.rotateWebhookSecret(webhook.id),
    onSuccess: (r) => setSecret(r.secret),
    onError: notifyError,
  });
  return (
    <TopToolbar>
      <Button onClick={() => test.mutate()} disabled={test.isPending}>
        {translate('app.webhooks.send_test')}
      </Button>
      <Button onClick={() => rotate.mutate()} disabled={rotate.isPending}>
        {translate('app.webhooks.rotate')}
      </Button>
      <DeleteWithConfirmButton record={webhook} resource="webhooks" mutationMode="pessimistic" />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </TopToolbar>
  );
};

const ResendButton = ({
  webhookId,
  delivery,
}: {
  webhookId: string;
  delivery: WebhookDelivery;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resend = useMutation({
    mutationFn: () => dataProvider.resendWebhookDelivery(webhookId, delivery.id),
    onSuccess: () => {
      notify('app.webhooks.resent', { type: 'info' });
      refresh();
    },
    onError: notifyError,
  });
  return (
    <Button size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
      {translate('app.webhooks.resend')}
    </Button>
  );
};

/** The endpoint's delivery log, newest first. */
const DeliveryLog = ({ webhookId }: { webhookId: string }) => {
  const translate = useTranslate();
  return (
    <ListBase
      resource="webhook-deliveries"
      filter={{ webhook_id: webhookId }}
      sort={{ field: 'created_at', order: 'DESC' }}
      disableSyncWithLocation
    >
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate('app.webhooks.log')}
      </Typography>
      <DataTable<WebhookDelivery> bulkActionButtons={false}>
        <Column
          source="created_at"
          disableSort
          render={(d) => <DateText value={d.created_at} variant="datetime" />}
        />
        <Column source="event_type" disableSort />
        <Column
          source="status"
          disableSort
          render={(d) => translate(`app.webhooks.status.${d.status}`)}
        />
        <Column source="last_status_code" disableSort render={(d) => d.last_status_code ?? '—'} />
        <Column
          source="last_duration_ms"
          disableSort
          render={(d) => (d.last_duration_ms === null ? '—' : `${d.last_duration_ms} ms`)}
        />
        <Column source="attempts" disableSort />
        <Column
          source="id"
          label=" "
          disableSort
          render={(d) => <ResendButton webhookId={webhookId} delivery={d} />}
        />
      </DataTable>
      <Pagination />
    </ListBase>
  );
};

const WebhookPage = () => {
  const translate = useTranslate();
  const { record: w } = useShowContext<Webhook>();
  if (!w) return null;
  return (
    <>
      <WebhookActions webhook={w} />
      <Card>
        <Title title="app.webhooks.title" />
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-all' }}>
              {w.url}
            </Typography>
            <WebhookStatusChip webhook={w} />
          </Stack>
          <Details
            items={[
              [translate('resources.webhooks.fields.events'), w.events.join(', ')],
              [translate('resources.webhooks.fields.created_at'), formatDisplayDate(w.created_at)],
            ]}
          />
          <DeliveryLog webhookId={w.id} />
        </CardContent>
      </Card>
    </>
  );
};

/** One endpoint: its details, actions and delivery log. */
export const WebhookShow = () => (
  <ShowBase resource="webhooks">
    <WebhookPage />
  </ShowBase>
);
