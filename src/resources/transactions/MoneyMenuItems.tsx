import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddCardIcon from '@mui/icons-material/AddCard';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { MenuEntries } from '../../layout/MenuEntries';
import payouts from '../payouts';
import { usePayoutPaths } from '../payouts/paths';
import { adminTransactions } from '.';
import { useMoneyPaths } from './paths';

/** The money entries of the area's menu, each behind its right. */
export const MoneyMenuItems = () => {
  const paths = useMoneyPaths();
  const payoutPaths = usePayoutPaths();
  if (paths.area === 'company') {
    return (
      <MenuEntries
        entries={[
          ['transactions.list', paths.overview, 'transactions', AccountBalanceWalletIcon],
          ['transactions.list', paths.history, 'transaction_history', HistoryIcon],
          ['transactions.list', paths.invoice, 'invoice', ReceiptIcon],
        ]}
      />
    );
  }
  return (
    <MenuEntries
      entries={[
        ['transactions.list', paths.userTransactions, 'user_transactions', adminTransactions.icon],
        ['transactions.list', paths.agentTransactions, 'agent_transactions', HistoryIcon],
        ['payouts.list', payoutPaths.list, 'agent_payout', payouts.icon],
        ['wallet.fund', paths.fundWallet, 'fund_wallet', AddCardIcon],
      ]}
    />
  );
};
