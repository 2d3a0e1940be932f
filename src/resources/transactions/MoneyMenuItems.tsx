import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AddCardIcon from '@mui/icons-material/AddCard';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { CanAccess, Menu } from 'react-admin';
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
      <CanAccess resource="transactions" action="list">
        <Menu.Item
          to={paths.overview}
          primaryText="app.menu.transactions"
          leftIcon={<AccountBalanceWalletIcon />}
        />
        <Menu.Item
          to={paths.history}
          primaryText="app.menu.transaction_history"
          leftIcon={<HistoryIcon />}
        />
        <Menu.Item to={paths.invoice} primaryText="app.menu.invoice" leftIcon={<ReceiptIcon />} />
      </CanAccess>
    );
  }
  const TransactionIcon = adminTransactions.icon;
  return (
    <>
      <CanAccess resource="transactions" action="list">
        <Menu.Item
          to={paths.userTransactions}
          primaryText="app.menu.user_transactions"
          leftIcon={<TransactionIcon />}
        />
        <Menu.Item
          to={paths.agentTransactions}
          primaryText="app.menu.agent_transactions"
          leftIcon={<HistoryIcon />}
        />
      </CanAccess>
      <CanAccess resource="payouts" action="list">
        <Menu.Item
          to={payoutPaths.list}
          primaryText="app.menu.agent_payout"
          leftIcon={<payouts.icon />}
        />
      </CanAccess>
      <CanAccess resource="wallet" action="fund">
        <Menu.Item
          to={paths.fundWallet}
          primaryText="app.menu.fund_wallet"
          leftIcon={<AddCardIcon />}
        />
      </CanAccess>
    </>
  );
};
