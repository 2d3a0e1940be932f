import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, SimpleList, type DataTableProps } from 'react-admin';
import { DateText } from '../../layout/DateText';
import {
  Amount,
  KindLabel,
  MoneyStatusChip,
  PayeeField,
  signedAmount,
  TransactionReference,
} from './TransactionFields';
import { useMoneyPaths } from './paths';
import type { Transaction } from './types';

const Column = DataTable.Col<Transaction>;

/**
 * The columns of every transactions list (recent movements, history, user and agent
 * transactions); `party` adds the company, or the payee (agent or partner company) of fees and
 * payouts, for the provider's staff. On a phone, one card per movement.
 */
export const TransactionTable = ({
  party,
  ...props
}: { party?: 'company' | 'payee' } & Omit<DataTableProps<Transaction>, 'children'>) => {
  const paths = useMoneyPaths();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const rowClick = (id: string | number) => paths.transaction(String(id));
  if (isSmall) {
    return (
      <SimpleList<Transaction>
        rowClick={rowClick}
        primaryText={(t) => t.description}
        secondaryText={(t) => (
          <>
            <DateText value={t.created_at} /> · <TransactionReference transaction={t} />
            {party === 'company' && t.company_name ? ` · ${t.company_name}` : null}
            {party === 'payee' && t.payee_name ? ` · ${t.payee_name}` : null}
          </>
        )}
        tertiaryText={(t) => <Amount value={signedAmount(t)} />}
      />
    );
  }
  return (
    <DataTable<Transaction> rowClick={rowClick} bulkActionButtons={false} {...props}>
      <Column source="created_at" render={(t) => <DateText value={t.created_at} />} />
      <Column source="reference" render={(t) => <TransactionReference transaction={t} />} />
      <Column source="kind" render={(t) => <KindLabel kind={t.kind} />} />
      <Column source="description" disableSort />
      {party === 'company' ? <Column source="company_name" /> : null}
      {party === 'payee' ? (
        <Column source="payee_name" disableSort render={(t) => <PayeeField transaction={t} />} />
      ) : null}
      <Column source="status" render={(t) => <MoneyStatusChip status={t.status} />} />
      <Column source="amount" align="right" render={(t) => <Amount value={signedAmount(t)} />} />
    </DataTable>
  );
};
