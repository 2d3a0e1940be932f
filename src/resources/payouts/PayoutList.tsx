import { Stack } from '@mui/material';
import { CanAccess, DataTable, List, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { formatDisplayDate } from '../../formatting/dates';
import { formatNaira } from '../../formatting/money';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { MoneyStatusChip } from '../transactions/TransactionFields';
import { useMoneyPaths } from '../transactions/paths';
import { payoutStatuses, type Payout } from '../transactions/types';
import { PayOutAgentCard } from './PayOutAgentCard';

const Column = DataTable.Col<Payout>;

const StatusFilter = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      choices={payoutStatuses.map((id) => ({ id, name: translate(`app.money.status.${id}`) }))}
    />
  );
};

const ListActions = () => (
  <TopToolbar>
    <CanAccess resource="payouts" action="export">
      <ServerExportButton />
    </CanAccess>
  </TopToolbar>
);

/**
 * transactions/agent-payout (admin): pay out one agent, and the payouts (`GET /payouts`), each
 * opening its page to be marked paid or failed; the server's CSV export.
 */
export const PayoutList = () => {
  const paths = useMoneyPaths();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <PayOutAgentCard />
      <List<Payout>
        resource="payouts"
        title="app.money.payouts.title"
        filters={[<StatusFilter key="status" source="status" alwaysOn />]}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={<ListActions />}
      >
        <DataTable<Payout> rowClick={(id) => paths.payout(String(id))} bulkActionButtons={false}>
          <Column source="created_at" render={(p) => formatDisplayDate(p.created_at)} />
          <Column source="agent_name" />
          <Column source="amount" align="right" render={(p) => formatNaira(p.amount)} />
          <Column source="bank_name" disableSort />
          <Column source="account_number" disableSort />
          <Column source="status" render={(p) => <MoneyStatusChip status={p.status} />} />
          <Column source="reference" disableSort />
        </DataTable>
      </List>
    </Stack>
  );
};
