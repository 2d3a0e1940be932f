import { useTranslate } from 'react-admin';
import { formatNaira } from '../../formatting/money';
import { Details } from '../../layout/Details';
import { useWallet } from './useWallet';

/**
 * A company's wallet balance or an agent's earnings available for payout, and every fee it
 * earned, for the information pages (`GET /wallet?company_id=` / `?agent_id=`). The pages show
 * it only to users allowed resource `wallet`, action `show`.
 */
export const WalletFigures = ({
  owner,
}: {
  owner: { company_id: string } | { agent_id: string };
}) => {
  const translate = useTranslate();
  const { data, error } = useWallet(owner);
  const t = (key: string) => translate(`app.money.figures.${key}`);
  const amount = (n: number | undefined) =>
    n === undefined ? (error ? t('unavailable') : '…') : formatNaira(n);
  return (
    <Details
      items={[
        [t('company_id' in owner ? 'wallet_balance' : 'available'), amount(data?.balance)],
        [t('earnings'), amount(data?.earnings)],
      ]}
    />
  );
};
