import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { CanAccess, DataTable, List, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DateText } from '../../layout/DateText';
import { formatNaira } from '../../formatting/money';
import { Details } from '../../layout/Details';
import { MoneyStatusChip } from './TransactionFields';
import { TransactionTable } from './TransactionTable';
import type { Payout, Wallet } from './types';

const Column = DataTable.Col<Payout>;

/** A short list of its own, beside the page's other lists (its params kept out of the store). */
const ownList = { storeKey: false, disableSyncWithLocation: true, pagination: false } as const;

/**
 * A partner company's side of the money: what it earned for approved work (each fee with its
 * job), what is available for payout, the bank account it is paid into, and its payouts.
 * Shown once it has earned something or set its bank details.
 */
export const PartnerEarnings = ({ wallet }: { wallet: Wallet }) => {
  const translate = useTranslate();
  const basename = useBasename();
  const t = (key: string) => translate(`app.money.earnings.${key}`);
  if (!(wallet.earnings > 0 || wallet.bank_account)) return null;
  const bank = wallet.bank_account;
  return (
    <>
      <Card component="section" aria-labelledby="earnings-title">
        <CardContent>
          <Typography id="earnings-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Typography variant="h4" component="p" sx={{ my: 1 }} aria-label={t('available')}>
            {formatNaira(wallet.available)}
          </Typography>
          <Details
            items={[
              [t('available'), formatNaira(wallet.available)],
              [t('total'), formatNaira(wallet.earnings)],
              ...(bank
                ? [
                    [
                      t('paid_into'),
                      `${bank.bank_name} · ${bank.account_number} · ${bank.account_name}`,
                    ] as [string, string],
                  ]
                : []),
            ]}
          />
          {bank ? null : (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('no_bank_details')}{' '}
              <CanAccess resource="settings" action="bank_details">
                <Link to={`${basename}/settings/profile`}>{t('add_bank_details')}</Link>
              </CanAccess>
            </Alert>
          )}
        </CardContent>
      </Card>
      <Box>
        <Typography variant="h6" component="h2">
          {t('recent')}
        </Typography>
        <List
          resource="transactions"
          title={false}
          actions={false}
          perPage={5}
          filter={{ kind: 'fee' }}
          sort={{ field: 'created_at', order: 'DESC' }}
          empty={<Typography color="text.secondary">{t('none')}</Typography>}
          {...ownList}
        >
          <TransactionTable aria-label={t('recent')} />
        </List>
      </Box>
      <Box>
        <Typography variant="h6" component="h2">
          {t('payouts')}
        </Typography>
        <List<Payout>
          resource="payouts"
          title={false}
          actions={false}
          perPage={10}
          sort={{ field: 'created_at', order: 'DESC' }}
          empty={<Typography color="text.secondary">{t('no_payouts')}</Typography>}
          {...ownList}
        >
          <DataTable<Payout> rowClick={false} bulkActionButtons={false} aria-label={t('payouts')}>
            <Column source="created_at" render={(p) => <DateText value={p.created_at} />} />
            <Column source="amount" align="right" render={(p) => formatNaira(p.amount)} />
            <Column source="bank_name" disableSort />
            <Column source="account_number" disableSort />
            <Column source="status" render={(p) => <MoneyStatusChip status={p.status} />} />
            <Column source="reference" disableSort />
          </DataTable>
        </List>
      </Box>
    </>
  );
};
