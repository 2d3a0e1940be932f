import { Chip } from '@mui/material';
import { CreateButton, DataTable, List, TopToolbar, useTranslate } from 'react-admin';
import { formatDisplayDate } from '../../formatting/dates';
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

/** `webhooks`: the company's endpoints (at most ten: one page), oldest first. */
export const WebhookList = () => {
  const translate = useTranslate();
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
      <DataTable<Webhook> rowClick="show" bulkActionButtons={false}>
        <Column source="url" disableSort />
        <Column source="events" disableSort render={(w) => w.events.join(', ')} />
        <Column source="enabled" disableSort render={(w) => <WebhookStatusChip webhook={w} />} />
        <Column
          source="last_delivery_at"
          disableSort
          render={(w) =>
            w.last_delivery_at
              ? `${formatDisplayDate(w.last_delivery_at)} · ${translate(
                  `app.webhooks.status.${w.last_delivery_status}`,
                )}`
              : '—'
          }
        />
      </DataTable>
    </List>
  );
};
