import { useBasename } from 'react-admin';
import { areaOfBasename } from '../jobs/paths';

/** Where the money screens live (spec §2), relative to the `transactions` resource. */
export const moneyRoutePaths = {
  history: 'history',
  invoice: 'invoice',
  userTransactions: 'user-transactions',
  agentTransactions: 'agent-transactions',
  fundWallet: 'fund-wallet',
} as const;

/** The money screens' addresses in the current area, basename included. */
export function useMoneyPaths() {
  const basename = useBasename();
  const area = areaOfBasename(basename);
  const root = `${basename}/transactions`;
  const p = moneyRoutePaths;
  return {
    area,
    overview: root,
    history: `${root}/${p.history}`,
    invoice: `${root}/${p.invoice}`,
    userTransactions: `${root}/${p.userTransactions}`,
    agentTransactions: `${root}/${p.agentTransactions}`,
    fundWallet: `${root}/${p.fundWallet}`,
    /** A transaction's details: transactions/{id} for companies, under user-transactions for admins. */
    transaction: (id: string) =>
      area === 'admin'
        ? `${root}/${p.userTransactions}/${encodeURIComponent(id)}`
        : `${root}/${encodeURIComponent(id)}`,
  };
}
