import { Alert, AlertTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Details } from '../../layout/Details';
import type { HowToPay } from './types';

/**
 * Where companies pay in, as the server says it: the operator's account; the demo's made-up
 * account, marked as such; or, before the operator sets `PAYMENT_*`, no number at all but the
 * variables still to set.
 */
export const HowToPayDetails = ({ howToPay }: { howToPay: HowToPay }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.money.${key}`);
  if (howToPay.status === 'not_configured') {
    return (
      <Alert severity="info">
        <AlertTitle>{t('pay_to.not_configured')}</AlertTitle>
        {howToPay.instructions}
      </Alert>
    );
  }
  const account = (
    <Details
      items={[
        [t('bank_name'), howToPay.bank_name],
        [t('account_name'), howToPay.account_name],
        [t('account_number'), howToPay.account_number],
      ]}
    />
  );
  if (howToPay.status === 'demo') {
    return (
      <>
        <Alert severity="warning" sx={{ mb: 1 }}>
          <AlertTitle>{t('pay_to.demo')}</AlertTitle>
          {howToPay.instructions}
        </Alert>
        {account}
      </>
    );
  }
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {howToPay.instructions || t('how_to_pay_body')}
      </Typography>
      {account}
    </>
  );
};
