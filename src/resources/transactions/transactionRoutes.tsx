import { guarded } from '../../layout/Guarded';
import { Navigate, Route } from 'react-router-dom';
import { FundWalletPage } from './FundWalletPage';
import { InvoicePage } from './InvoicePage';
import {
  AgentTransactionList,
  TransactionHistory,
  UserTransactionList,
} from './TransactionHistory';
import { TransactionShow } from './TransactionShow';
import { moneyRoutePaths as p, useMoneyPaths } from './paths';

/** The company's screens under `<Resource name="transactions">` (spec §2, company only). */
export const companyTransactionRoutes = (
  <>
    <Route path={p.history} element={guarded('transactions', 'list', <TransactionHistory />)} />
    <Route path={p.invoice} element={guarded('transactions', 'invoice', <InvoicePage />)} />
    <Route path=":id" element={guarded('transactions', 'show', <TransactionShow />)} />
  </>
);

/** The provider's screens under `<Resource name="transactions">` (admin path constants). */
export const adminTransactionRoutes = (
  <>
    <Route
      path={p.userTransactions}
      element={guarded('transactions', 'list', <UserTransactionList />)}
    />
    <Route
      path={`${p.userTransactions}/:id`}
      element={guarded('transactions', 'show', <TransactionShow />)}
    />
    <Route
      path={p.agentTransactions}
      element={guarded('transactions', 'list', <AgentTransactionList />)}
    />
    <Route path={p.fundWallet} element={guarded('wallet', 'fund', <FundWalletPage />)} />
  </>
);

/** The admin area's transactions root: its first screen is the user transactions. */
export const AdminTransactionsHome = () => (
  <Navigate to={useMoneyPaths().userTransactions} replace />
);
