import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Button, List, Loading, Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatNaira } from '../../formatting/money';
import { HowToPayDetails } from './HowToPayDetails';
import { PartnerEarnings } from './PartnerEarnings';
import { TransactionTable } from './TransactionTable';
import { useMoneyPaths } from './paths';
import { useWallet } from './useWallet';

/** The wallet's balance and where to pay into it (the operator's bank account). */
const WalletCard = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.money.${key}`);
  const { data: wallet, isPending, error } = useWallet();
  return (
    <Card component="section" aria-labelledby="wallet-title" sx={{ flex: 1 }}>
      <CardContent>
        <Typography id="wallet-title" variant="h6" component="h2">
          {t('wallet_balance')}
        </Typography>
        {isPending ? (
          <Loading />
        ) : error || !wallet ? (
          <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
        ) : (
          <>
            <Typography variant="h4" component="p" sx={{ my: 1 }} aria-label={t('wallet_balance')}>
              {formatNaira(wallet.balance)}
            </Typography>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {t('how_to_pay')}
            </Typography>
            <HowToPayDetails howToPay={wallet.how_to_pay} />
          </>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * transactions (company): the wallet's balance, how to pay, and the latest movements with links
 * to the full history and the monthly invoice; for a partner also its earnings and payouts.
 */
export const TransactionsOverview = () => {
  const translate = useTranslate();
  const paths = useMoneyPaths();
  const { data: wallet } = useWallet();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title="app.money.title" />
      <Typography variant="h5" component="h2">
        {translate('app.money.title')}
      </Typography>
      <WalletCard />
      {wallet ? <PartnerEarnings wallet={wallet} /> : null}
      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {translate('app.money.recent')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button component={Link} to={paths.history} label="app.money.history_title" />
            <Button component={Link} to={paths.invoice} label="app.money.invoice_title" />
          </Stack>
        </Stack>
        <List
          resource="transactions"
          title={false}
          actions={false}
          pagination={false}
          perPage={5}
          sort={{ field: 'created_at', order: 'DESC' }}
          disableSyncWithLocation
          empty={
            <Typography color="text.secondary">{translate('app.money.no_movements')}</Typography>
          }
        >
          <TransactionTable aria-label={translate('app.money.recent')} />
        </List>
      </Box>
    </Stack>
  );
};
