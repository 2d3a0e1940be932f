import { DataTable, type DataTableProps } from 'react-admin';
import { formatDisplayDate } from '../../formatting/dates';
import { Amount, KindLabel, MoneyStatusChip, signedAmount } from './TransactionFields';
import { useMoneyPaths } from './paths';
import type { Transaction } from './types';

const Column = DataTable.Col<Transaction>;

/**
 * The columns of every transactions list (recent movements, history, user and agent
 * transactions); `party` adds the company or the agent for the provider's staff.
 */
export const TransactionTable = ({
  party,
  ...props
}: { party?: 'company' | 'agent' } & Omit<DataTableProps<Transaction>, 'children'>) => {
  const paths = useMoneyPaths();
  return (
    <DataTable<Transaction>
      rowClick={(id) => paths.transaction(String(id))}
      bulkActionButtons={false}
      {...props}
    >
      <Column source="created_at" render={(t) => formatDisplayDate(t.created_at)} />
      <Column source="reference" />
      <Column source="kind" render={(t) => <KindLabel kind={t.kind} />} />
      <Column source="description" disableSort />
      {party === 'company' ? <Column source="company_name" /> : null}
      {party === 'agent' ? <Column source="agent_name" /> : null}
      <Column source="job_code" disableSort />
      <Column source="status" render={(t) => <MoneyStatusChip status={t.status} />} />
      <Column source="amount" align="right" render={(t) => <Amount value={signedAmount(t)} />} />
    </DataTable>
  );
};
