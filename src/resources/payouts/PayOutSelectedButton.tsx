import PaymentsIcon from '@mui/icons-material/Payments';
import { Button, useListContext, useUnselectAll } from 'react-admin';
import type { PayoutPayee, Transaction } from '../transactions/types';
import { usePayOut } from './usePayOut';

/**
 * Bulk action of the agent transactions: pays out the available balance of every payee (agent or
 * partner company) among the selected rows, one payout per payee however many rows are selected.
 */
export const PayOutSelectedButton = () => {
  const { data = [], selectedIds } = useListContext<Transaction>();
  const unselectAll = useUnselectAll('transactions');
  const payOut = usePayOut({ onDone: unselectAll });
  const payees = new Map<string, PayoutPayee>();
  for (const t of data) {
    if (!selectedIds.includes(t.id) || !t.payee_type || !t.payee_id) continue;
    payees.set(
      t.payee_id,
      t.payee_type === 'agent' ? { agent_id: t.payee_id } : { company_id: t.payee_id },
    );
  }
  return (
    <Button
      label="app.money.payouts.pay_selected"
      onClick={() => payOut.mutate([...payees.values()])}
      disabled={payees.size === 0 || payOut.isPending}
    >
      <PaymentsIcon />
    </Button>
  );
};
