import { useTranslate } from 'react-admin';
import { formatNaira } from '../../formatting/money';
import { Details } from '../../layout/Details';
import { useWallet } from './useWallet';

/**
 * A company's wallet balance or an agent's earnings available for payout, and every fee it
 * earned, for the information pages (`GET /wallet?company_id=` / `?agent_id=`); a company's also
 * its earnings available for payout and the bank account they are paid into. The pages show it
 * only to users allowed resource `wallet`, action `show`.
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
  const company = 'company_id' in owner;
  const bank = data?.bank_account;
  return (
    <Details
      items={[
        [t(company ? 'wallet_balance' : 'available'), amount(data?.balance)],
        ...(company ? [[t('available'), amount(data?.available)] as [string, string]] : []),
        [t('earnings'), amount(data?.earnings)],
        ...(company && data
          ? [
              [
                t('bank_account'),
                bank
                  ? `${bank.bank_name} · ${bank.account_number} · ${bank.account_name}`
                  : t('no_bank_account'),
              ] as [string, string],
            ]
          : []),
      ]}
    />
  );
};
