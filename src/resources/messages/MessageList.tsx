import { Divider, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DateText } from '../../layout/DateText';
import { Correspondent } from './Correspondent';
import type { Message } from './types';

type Box = Message['box'];

/** Inbox and Sent as tabs: each sets the `box` filter. */
const BoxTabs = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const box = (filterValues.box as Box | undefined) ?? 'inbox';
  return (
    <>
      <Tabs
        value={box}
        onChange={(_, next: Box) => setFilters({ ...filterValues, box: next }, displayedFilters)}
        aria-label={translate('resources.messages.name', { smart_count: 2 })}
      >
        <Tab value="inbox" label={translate('app.messages.inbox')} />
        <Tab value="sent" label={translate('app.messages.sent')} />
      </Tabs>
      <Divider />
    </>
  );
};

const Column = DataTable.Col<Message>;

/** Unread messages stand out in bold. */
const Bold = ({ when, children }: { when: boolean; children: ReactNode }) =>
  when ? <strong>{children}</strong> : <>{children}</>;

const MessageTable = () => {
  const { filterValues } = useListContext();
  const sent = filterValues.box === 'sent';
  return (
    <DataTable<Message> rowClick="show" bulkActionButtons={false}>
      <Column
        source={sent ? 'recipient_name' : 'sender_name'}
        label={sent ? 'app.messages.to' : 'app.messages.from'}
        disableSort
        render={(m) => (
          <Bold when={!m.read}>
            <Correspondent message={m} />
          </Bold>
        )}
      />
      <Column source="subject" render={(m) => <Bold when={!m.read}>{m.subject}</Bold>} />
      <Column
        source="created_at"
        render={(m) => (
          <Bold when={!m.read}>
            <DateText value={m.created_at} variant="relative" />
          </Bold>
        )}
      />
    </DataTable>
  );
};

/** `messages`: the inbox and the sent box (`GET /messages`, ra-data-simple-rest), newest first. */
export const MessageList = () => (
  <List<Message>
    resource="messages"
    title="app.messages.title"
    filters={[<SearchInput key="q" source="q" alwaysOn />]}
    filterDefaultValues={{ box: 'inbox' }}
    actions={
      <TopToolbar>
        <CreateButton label="app.messages.compose" />
      </TopToolbar>
    }
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={25}
  >
    <BoxTabs />
    <MessageTable />
  </List>
);
