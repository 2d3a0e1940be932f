import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { koboPerNaira, roundedKobo } from '../../../reference/money';
import { Details } from '../../layout/Details';
import { formatNaira } from '../../formatting/money';
import type { AppDataProvider } from '../../dataProvider';
import { statusOf } from '../../httpClient/httpClient';
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
 * A quote that failed for a while only: no answer (the connection dropped), or the server busy
 * or away (5xx, 503 with Retry-After). A 4xx is the file refused, and refused again if re-sent.
 */
const isPassing = (error: unknown) => {
  const status = statusOf(error);
  return status === undefined || status >= 500;
};

/**
 * The price of a bulk file's jobs, as the server quotes the file (`POST /job/price/file`: it
 * reads the rows as the upload will, CSV or XLSX), with the number of jobs. Nothing while the
 * server reads it, nor for a file it refuses: the upload then lists the file's problems. A
 * failure that may pass is tried twice more, then said, so that the page never just stays blank.
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
    // A refused file is refused again: no second upload of it.
    retry: (failures, error) => failures < 2 && isPassing(error),
    staleTime: Infinity,
  });
  if (quote.error && isPassing(quote.error)) {
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
