import { Stack } from '@mui/material';
import {
  CanAccess,
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { DateText } from '../../layout/DateText';
import { formatNaira } from '../../formatting/money';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { useIsPhone } from '../../layout/useIsPhone';
import { formatCompactDate } from '../../formatting/dates';
import { MoneyStatusChip } from '../transactions/TransactionFields';
import { usePayoutPaths } from './paths';
import { payeeTypes, payoutStatuses, type Payout } from '../transactions/types';
import { PayOutCard } from './PayOutCard';

const Column = DataTable.Col<Payout>;

/** A filter among fixed words, each shown by its text under `app.money.<prefix>`. */
const ChoiceFilter = ({
  values,
  prefix,
  ...props
}: {
  values: readonly string[];
  prefix: string;
  source: string;
  alwaysOn?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      choices={values.map((id) => ({ id, name: translate(`app.money.${prefix}.${id}`) }))}
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
 * transactions/agent-payout (admin): pay out one agent or one partner company, and the payouts
 * (`GET /payouts`) of both, each opening its page to be marked paid or failed; the server's CSV
 * export.
 */
export const PayoutList = () => {
  const paths = usePayoutPaths();
  const translate = useTranslate();
  const isPhone = useIsPhone();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <PayOutCard payee="agent" />
        <PayOutCard payee="company" />
      </Stack>
      <List<Payout>
        resource="payouts"
        title="app.money.payouts.title"
        filters={[
          <ChoiceFilter
            key="status"
            source="status"
            values={payoutStatuses}
            prefix="status"
            alwaysOn
          />,
          <ChoiceFilter
            key="payee_type"
            source="payee_type"
            values={payeeTypes}
            prefix="payee_type"
            alwaysOn
          />,
        ]}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={<ListActions />}
      >
        {isPhone ? (
          <SimpleList<Payout>
            primaryText={(p) => p.payee_name}
            secondaryText={(p) =>
              `${formatNaira(p.amount)} · ${translate(`app.money.payee_type.${p.payee_type}`)} · ${formatCompactDate(p.created_at)}`
            }
            tertiaryText={(p) => <MoneyStatusChip status={p.status} />}
            rowClick={(id) => paths.show(String(id))}
          />
        ) : (
          <DataTable<Payout> rowClick={(id) => paths.show(String(id))} bulkActionButtons={false}>
            <Column source="created_at" render={(p) => <DateText value={p.created_at} />} />
            <Column
              source="payee_type"
              disableSort
              render={(p) => translate(`app.money.payee_type.${p.payee_type}`)}
            />
            <Column source="payee_name" disableSort />
            <Column source="amount" align="right" render={(p) => formatNaira(p.amount)} />
            <Column source="bank_name" disableSort />
            <Column source="account_number" disableSort />
            <Column source="status" render={(p) => <MoneyStatusChip status={p.status} />} />
            <Column source="reference" disableSort />
          </DataTable>
        )}
      </List>
    </Stack>
  );
};
