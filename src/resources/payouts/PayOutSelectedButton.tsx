import PaymentsIcon from '@mui/icons-material/Payments';
import { Button, useListContext, useUnselectAll } from 'react-admin';
import type { Transaction } from '../transactions/types';
import { usePayOut } from './usePayOut';

/**
 * Bulk action of the agent transactions: pays out the available balance of every agent among
 * the selected rows, one payout per agent however many of their rows are selected.
 */
export const PayOutSelectedButton = () => {
  const { data = [], selectedIds } = useListContext<Transaction>();
  const unselectAll = useUnselectAll('transactions');
  const payOut = usePayOut({ onDone: unselectAll });
  const agentIds = [
    ...new Set(
      data.filter((t) => selectedIds.includes(t.id) && t.agent_id).map((t) => t.agent_id as string),
    ),
  ];
  return (
    <Button
      label="app.money.payouts.pay_selected"
      onClick={() => payOut.mutate(agentIds.map((agent_id) => ({ agent_id })))}
      disabled={agentIds.length === 0 || payOut.isPending}
    >
      <PaymentsIcon />
    </Button>
  );
};
