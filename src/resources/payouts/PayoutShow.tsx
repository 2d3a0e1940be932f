import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack } from '@mui/material';
import {
  Form,
  Loading,
  required,
  SaveButton,
  ShowBase,
  TextInput,
  useNotify,
  useShowContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { formatDisplayDate } from '../../formatting/dates';
import { formatNaira } from '../../formatting/money';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Details } from '../../layout/Details';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { Page, PageHeading } from '../../layout/Page';
import { useGoBack } from '../jobs/useGoBack';
import { MoneyStatusChip } from '../transactions/TransactionFields';
import { usePayoutPaths } from './paths';
import type { Payout, PayoutOutcome } from '../transactions/types';

type Outcome = PayoutOutcome['status'];

/** Marks a pending payout paid (with the bank's reference) or failed (with the reason). */
const OutcomeForm = ({ payout, outcome }: { payout: Payout; outcome: Outcome }) => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [update] = useUpdate<Payout>();
  const field = outcome === 'paid' ? 'reference' : 'reason';
  const submit = async (values: Record<string, unknown>) => {
    const text = String(values[field] ?? '').trim();
    const data: PayoutOutcome =
      outcome === 'paid' ? { status: 'paid', reference: text } : { status: 'failed', reason: text };
    try {
      await update(
        'payouts',
        { id: payout.id, data, previousData: payout },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(`app.money.payouts.marked_${outcome}`, { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Form onSubmit={submit} noValidate>
      <TextInput
        source={field}
        label={`app.money.payouts.${field}`}
        validate={required()}
        fullWidth
      />
      <SaveButton label={`app.money.payouts.confirm_${outcome}`} icon={<></>} alwaysEnable />
    </Form>
  );
};

/** The payout's page, from the record `<ShowBase>` read. */
const PayoutDetails = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.money.payouts.${key}`);
  const paths = usePayoutPaths();
  const goBack = useGoBack(paths.list);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { record: payout, isPending, error } = useShowContext<Payout>();
  if (isPending) return <Loading />;
  if (error || !payout) {
    return <Alert severity="error">{translate('ra.notification.item_doesnt_exist')}</Alert>;
  }
  return (
    <Page title="app.money.payouts.show_title" maxWidth={720}>
      <Card>
        <CardContent>
          <PageHeading title="app.money.payouts.show_title" />
          <Details
            items={[
              [t('payee_type'), translate(`app.money.payee_type.${payout.payee_type}`)],
              [t('payee'), payout.payee_name],
              [t('amount'), formatNaira(payout.amount)],
              [t('status'), <MoneyStatusChip key="status" status={payout.status} />],
              [t('bank_name'), payout.bank_name ?? '—'],
              [t('account_name'), payout.account_name ?? '—'],
              [t('account_number'), payout.account_number ?? '—'],
              [t('created_at'), formatDisplayDate(payout.created_at)],
              ...(payout.reference ? [[t('reference'), payout.reference] as [string, string]] : []),
              ...(payout.reason ? [[t('reason'), payout.reason] as [string, string]] : []),
            ]}
          />
          {payout.status === 'pending' ? (
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={() => setOutcome('paid')}>
                  {t('mark_paid')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setOutcome('failed')}>
                  {t('mark_failed')}
                </Button>
              </Stack>
              {outcome ? <OutcomeForm key={outcome} payout={payout} outcome={outcome} /> : null}
            </Stack>
          ) : null}
        </CardContent>
        <Stack direction="row" sx={{ p: 1 }}>
          <Button onClick={goBack}>{translate('app.money.details.back')}</Button>
        </Stack>
      </Card>
    </Page>
  );
};

/** transactions/agent-payout/{id} (admin): a payout, its payee's bank details, its outcome. */
export const PayoutShow = () => (
  <ShowBase<Payout> {...checkedByRoute} resource="payouts" queryOptions={ownErrorDisplay}>
    <PayoutDetails />
  </ShowBase>
);
