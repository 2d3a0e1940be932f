import { Chip } from '@mui/material';
import { Box } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import type { Webhook } from './types';

const Column = DataTable.Col<Webhook>;

/** Enabled, or disabled after a day of failures. */
export const WebhookStatusChip = ({ webhook }: { webhook: Webhook }) => {
  const translate = useTranslate();
  return webhook.enabled ? (
    <Chip size="small" color="success" label={translate('app.webhooks.enabled')} />
  ) : (
    <Chip size="small" color="error" label={translate('app.webhooks.disabled')} />
  );
};

/** When the last delivery was tried and how it went, or a dash. */
const LastDelivery = ({ webhook: w }: { webhook: Webhook }) => {
  const translate = useTranslate();
  return w.last_delivery_at ? (
    <>
      <DateText value={w.last_delivery_at} variant="relative" />
      {` · ${translate(`app.webhooks.status.${w.last_delivery_status}`)}`}
    </>
  ) : (
    <>—</>
  );
};

/** A URL breaks anywhere rather than widen the page. */
const Url = ({ url }: { url: string }) => (
  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
    {url}
  </Box>
);

/** `webhooks`: the company's endpoints (at most ten: one page), oldest first; a list on phones. */
export const WebhookList = () => {
  const isPhone = useIsPhone();
  return (
    <List<Webhook>
      resource="webhooks"
      title="app.webhooks.title"
      pagination={false}
      actions={
        <TopToolbar>
          <CreateButton label="app.webhooks.add" />
        </TopToolbar>
      }
    >
      {isPhone ? (
        <SimpleList<Webhook>
          primaryText={(w) => <Url url={w.url} />}
          secondaryText={(w) => <LastDelivery webhook={w} />}
          tertiaryText={(w) => <WebhookStatusChip webhook={w} />}
          rowClick="show"
        />
      ) : (
        <DataTable<Webhook> rowClick="show" bulkActionButtons={false}>
          <Column source="url" disableSort render={(w) => <Url url={w.url} />} />
          <Column source="events" disableSort render={(w) => w.events.join(', ')} />
          <Column source="enabled" disableSort render={(w) => <WebhookStatusChip webhook={w} />} />
          <Column
            source="last_delivery_at"
            disableSort
            render={(w) => <LastDelivery webhook={w} />}
          />
        </DataTable>
      )}
    </List>
  );
};
