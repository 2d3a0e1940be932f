import { CanAccess, FilterButton, List, TopToolbar } from 'react-admin';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { PayOutSelectedButton } from '../payouts/PayOutSelectedButton';
import { TransactionTable } from './TransactionTable';
import {
  companyTransactionFilters,
  payeeTransactionFilters,
  transactionFilters,
} from './TransactionFilters';
import type { Transaction } from './types';

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CanAccess resource="transactions" action="export">
      <ServerExportButton />
    </CanAccess>
  </TopToolbar>
);

const views = {
  /** transactions/history (company): its own movements. */
  own: { title: 'app.money.history_title', filters: transactionFilters, party: undefined },
  /** transactions/user-transactions (admin): the companies' movements. */
  companies: {
    title: 'app.money.user_transactions_title',
    filters: companyTransactionFilters,
    party: 'company',
  },
  /** Agent transactions (admin): fees and payouts, to agents and to partner companies. */
  agents: {
    title: 'app.money.agent_transactions_title',
    filters: payeeTransactionFilters,
    party: 'payee',
  },
} as const;

/**
 * A filterable list of transactions (`GET /transactions`, ra-data-simple-rest: date range, kind,
 * status, company or agent) with the server's CSV export of the filtered list.
 */
export const TransactionHistory = ({
  view = 'own',
  filterDefaultValues,
  bulkActionButtons,
}: {
  view?: keyof typeof views;
  filterDefaultValues?: Record<string, unknown>;
  bulkActionButtons?: React.ReactNode;
}) => {
  const { title, filters, party } = views[view];
  return (
    <List<Transaction>
      resource="transactions"
      title={title}
      filters={filters}
      filterDefaultValues={filterDefaultValues}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
    >
      <TransactionTable party={party} bulkActionButtons={bulkActionButtons ?? false} />
    </List>
  );
};

export const UserTransactionList = () => <TransactionHistory view="companies" />;

/** Agent transactions (admin): opens on the fees earned; selected rows' agents can be paid out. */
export const AgentTransactionList = () => (
  <TransactionHistory
    view="agents"
    filterDefaultValues={{ kind: 'fee' }}
    bulkActionButtons={<PayOutSelectedButton />}
  />
);
