import { useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  DateInput,
  Form,
  minValue,
  NumberInput,
  required,
  SaveButton,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatNaira } from '../../formatting/money';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Page, PageHeading } from '../../layout/Page';
import { HowToPayDetails } from './HowToPayDetails';
import { PartyInput } from './TransactionFilters';
import type { FundWalletBody } from './types';
import { useIdempotencyKeys } from './useIdempotencyKeys';
import { useWallet } from './useWallet';

const CompanyBalance = () => {
  const translate = useTranslate();
  const companyId = useWatch({ name: 'company_id' }) as string | undefined;
  const wallet = useWallet({ company_id: companyId }, { enabled: !!companyId });
  if (!companyId || !wallet.data) return null;
  return (
    <Typography sx={{ mb: 2 }}>
      {translate('app.money.fund.current_balance', { amount: formatNaira(wallet.data.balance) })}
    </Typography>
  );
};

/** The account companies pay into, below the form: the admin sees a demo or missing account. */
const PayToCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const howToPay = useQuery({
    queryKey: ['wallet', 'how-to-pay'],
    queryFn: () => dataProvider.getHowToPay(),
  });
  if (!howToPay.data) return null;
  return (
    <Card component="section" aria-labelledby="pay-to-title" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="pay-to-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.money.pay_to.title')}
        </Typography>
        <HowToPayDetails howToPay={howToPay.data} />
      </CardContent>
    </Card>
  );
};

const bodyOf = (values: Record<string, unknown>): FundWalletBody => ({
  company_id: String(values.company_id),
  amount: Number(values.amount),
  reference: String(values.reference ?? '').trim(),
  paid_at: String(values.paid_at),
});

/**
 * transactions/fund-wallet (admin): records a company's bank payment into its wallet
 * (`POST /wallet/fund`). A retry of a failed submit sends the same idempotency key.
 */
export const FundWalletPage = () => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { keyFor, succeeded } = useIdempotencyKeys();
  const [round, setRound] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    const body = bodyOf(values);
    try {
      await dataProvider.fundWallet({ body, idempotencyKey: keyFor(body) });
    } catch (error) {
      notifyError(error);
      return;
    }
    succeeded(body);
    notify('app.money.fund.done', {
      type: 'success',
      messageArgs: { amount: formatNaira(body.amount) },
    });
    setRound((r) => r + 1);
    refresh();
  };

  return (
    <Page title="app.money.fund.title" maxWidth={560}>
      <Card>
        <Form key={round} onSubmit={submit} noValidate>
          <CardContent>
            <PageHeading title="app.money.fund.title" />
            <PartyInput
              type="company"
              source="company_id"
              label="app.money.fund.company"
              validate={required()}
              fullWidth
            />
            <CompanyBalance />
            <NumberInput
              source="amount"
              label="app.money.fund.amount"
              validate={[required(), minValue(0.01)]}
              min={0.01}
              step={0.01}
              fullWidth
            />
            <TextInput
              source="reference"
              label="app.money.fund.reference"
              validate={required()}
              fullWidth
            />
            <DateInput
              source="paid_at"
              label="app.money.fund.paid_at"
              validate={required()}
              fullWidth
            />
          </CardContent>
          <Toolbar>
            <SaveButton label="app.money.fund.submit" alwaysEnable />
          </Toolbar>
        </Form>
      </Card>
      <PayToCard />
    </Page>
  );
};
