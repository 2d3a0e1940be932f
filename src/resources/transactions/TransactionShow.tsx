import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Loading, ShowBase, useDataProvider, useShowContext, useTranslate } from 'react-admin';
import { idTypeLabel, jobKindLabels } from '../../../reference/jobKinds';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDate } from '../../formatting/dates';
import { downloadFile } from '../../httpClient/downloadFile';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Details } from '../../layout/Details';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { Page, PageHeading } from '../../layout/Page';
import { useGoBack } from '../jobs/useGoBack';
import { Amount, MoneyStatusChip, TransactionReference } from './TransactionFields';
import { useMoneyPaths } from './paths';
import type { Transaction } from './types';

/** The transaction's page, from the record `<ShowBase>` read. */
const TransactionDetails = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.money.details.${key}`);
  const paths = useMoneyPaths();
  const goBack = useGoBack(paths.area === 'admin' ? paths.userTransactions : paths.history);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { record: tx, isPending, error } = useShowContext<Transaction>();
  const id = String(tx?.id ?? '');
  const receipt = useMutation({
    mutationFn: () => dataProvider.getReceiptPdf(id),
    onSuccess: (blob) => downloadFile(blob, `receipt-${tx?.refers_to.label ?? id}.pdf`),
    onError: notifyError,
  });

  if (isPending) return <Loading />;
  if (error || !tx) {
    return <Alert severity="error">{translate('ra.notification.item_doesnt_exist')}</Alert>;
  }
  const notSet = translate('app.jobs.not_set');
  const orNotSet = (value: string | null) => value ?? notSet;
  return (
    <Page title="app.money.details.title" maxWidth={720}>
      <Card>
        <CardContent>
          <PageHeading title="app.money.details.title" />
          <Typography sx={{ mb: 0.5 }}>{tx.description}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            <TransactionReference transaction={tx} />
          </Typography>
          <Details
            items={[
              [t('date_created'), formatDisplayDate(tx.created_at)],
              [t('job_type'), tx.job_type ? jobKindLabels[tx.job_type] : notSet],
              [t('identity_type'), tx.identity_type ? idTypeLabel(tx.identity_type) : notSet],
              [t('name'), orNotSet(tx.name)],
              [t('guarantor'), orNotSet(tx.guarantor)],
              [
                t('job_assignment_date'),
                tx.job_assigned_at ? formatDisplayDate(tx.job_assigned_at) : notSet,
              ],
              [t('amount_paid'), <Amount key="amount" value={tx.amount_paid ?? tx.amount} />],
              [t('payment_status'), <MoneyStatusChip key="payment" status={tx.payment_status} />],
              [
                t('verification_status'),
                tx.verification_status
                  ? translate(`app.money.verification.${tx.verification_status}`)
                  : notSet,
              ],
              [
                t('job_status'),
                tx.job_status ? translate(`app.jobs.status.${tx.job_status}`) : notSet,
              ],
            ]}
          />
        </CardContent>
        <CardActions>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            onClick={() => receipt.mutate()}
            disabled={receipt.isPending}
          >
            {t('download')}
          </Button>
          <Button onClick={goBack}>{t('back')}</Button>
        </CardActions>
      </Card>
    </Page>
  );
};

/**
 * transactions/{id} (company) and transactions/user-transactions/{id} (admin): the spec's
 * Transaction details fields from the real job and payment; Download gives the PDF receipt,
 * Back returns to the previous page.
 */
export const TransactionShow = () => (
  <ShowBase<Transaction>
    {...checkedByRoute}
    resource="transactions"
    // Its own cache entry: the list's rows (cached by id) lack the details' fields.
    queryOptions={{ meta: { view: 'details' }, ...ownErrorDisplay }}
  >
    <TransactionDetails />
  </ShowBase>
);
