import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { guardedViews } from '../../layout/Guarded';
import { TransactionsOverview } from './TransactionsOverview';
import { AdminTransactionsHome } from './transactionRoutes';
import type { Transaction } from './types';

const common = {
  icon: ReceiptLongIcon,
  recordRepresentation: (t: Transaction) => t.reference,
};

/**
 * The `transactions` resource's props per area:
 * `<Resource name="transactions" {...companyTransactions}>{companyTransactionRoutes}</Resource>`.
 * The company's root is its wallet and recent movements; the admin's goes to user transactions.
 */
export const companyTransactions = {
  ...common,
  ...guardedViews('transactions', { list: TransactionsOverview }),
};
export const adminTransactions = {
  ...common,
  ...guardedViews('transactions', { list: AdminTransactionsHome }),
};

export { adminTransactionRoutes, companyTransactionRoutes } from './transactionRoutes';
