import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { koboPerNaira, roundedKobo } from '../../../reference/money';
import { Details } from '../../layout/Details';
import { formatNaira } from '../../formatting/money';
import type { AppDataProvider } from '../../dataProvider';
import { isRefused } from '../../queryClient';
import type { PriceQuote } from '../jobs/types';
import { useWallet } from './useWallet';

/** So many jobs of a kind in a state. */
export interface PricedJobs {
  kind: JobKind;
  state: string;
  count: number;
}

/**
 * Before jobs are created: their price as the server quotes it (for anyone who may create jobs),
 * and for those who may see the wallet the owner's balance and the balance after; or why the
 * server will refuse them (no price set, balance too low). `companyId`: the owner named by the
 * provider's staff; a company's own wallet otherwise.
 */
const QuoteSummary = ({
  kind,
  quote,
  companyId,
  needsOwner,
}: {
  kind: JobKind;
  quote: PriceQuote;
  companyId: string | undefined;
  needsOwner: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.price.${key}`, options);
  const { canAccess: seesWallet } = useCanAccess({ resource: 'wallet', action: 'show' });
  const ownerKnown = !needsOwner || !!companyId;
  const wallet = useWallet(companyId ? { company_id: companyId } : {}, {
    enabled: ownerKnown && !!seesWallet,
  });
  const { total, missing } = quote;
  if (total === null) {
    return (
      <Alert severity="warning" sx={{ my: 1 }}>
        {t('no_price', { kind: jobKindLabels[kind], state: stateName(missing[0]!) })}
      </Alert>
    );
  }
  const balance = seesWallet ? wallet.data?.balance : undefined;
  const after =
    balance === undefined ? undefined : (roundedKobo(balance) - roundedKobo(total)) / koboPerNaira;
  return (
    <Box component="section" aria-label={t('price')} sx={{ my: 1 }}>
      <Details
        items={[
          [t('price'), formatNaira(total)],
          ...(balance === undefined
            ? []
            : ([
                [t('balance'), formatNaira(balance)],
                [
                  t('balance_after'),
                  <Typography key="after" component="span" color={after! < 0 ? 'error' : undefined}>
                    {formatNaira(after!)}
                  </Typography>,
                ],
              ] as Array<[string, React.ReactNode]>)),
        ]}
      />
      {seesWallet && !ownerKnown ? (
        <Typography color="text.secondary">{t('choose_owner')}</Typography>
      ) : null}
      {after !== undefined && after < 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('too_low')}
        </Alert>
      ) : null}
    </Box>
  );
};

/** The price of jobs typed in a form, so many per state (`GET /job/price`). */
export const PriceSummary = ({
  jobs,
  companyId,
  needsOwner = false,
}: {
  jobs: readonly PricedJobs[];
  companyId?: string;
  needsOwner?: boolean;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const kind = jobs[0]?.kind;
  const quote = useQuery({
    queryKey: ['job-price', kind, jobs.map((j) => [j.state, j.count])],
    queryFn: () => dataProvider.quoteJobs({ type: kind!, jobs }),
    enabled: !!kind,
  });
  if (!kind || !quote.data) return null;
  return (
    <QuoteSummary kind={kind} quote={quote.data} companyId={companyId} needsOwner={needsOwner} />
  );
};

/**
 * The price of a bulk file's jobs, as the server quotes the file (`POST /job/price/file`: it
 * reads the rows as the upload will, CSV or XLSX), with the number of jobs. Nothing while the
 * server reads it, nor for a file it refuses (4xx): the upload then lists the file's problems,
 * and the query client never asks again (`retryRead`). Any other failure (no answer, the server
 * busy or away) is retried as every read is, then said, so that the page never stays blank.
 */
export const FilePriceSummary = ({
  file,
  kind,
  companyId,
  needsOwner = false,
}: {
  file: File;
  kind: JobKind;
  companyId?: string;
  needsOwner?: boolean;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const quote = useQuery({
    queryKey: ['job-file-price', kind, file.name, file.size, file.lastModified],
    queryFn: () => dataProvider.quoteJobFile({ type: kind, file }),
    staleTime: Infinity,
  });
  if (quote.error && !isRefused(quote.error)) {
    return (
      <Alert severity="warning">
        {translate('app.money.price.file_unpriced', { message: quote.error.message })}
      </Alert>
    );
  }
  if (!quote.data?.jobs.length) return null;
  return (
    <>
      <Typography>
        {translate('app.money.price.rows', {
          smart_count: quote.data.jobs.reduce((sum, jobs) => sum + jobs.count, 0),
        })}
      </Typography>
      <QuoteSummary kind={kind} quote={quote.data} companyId={companyId} needsOwner={needsOwner} />
    </>
  );
};
