import { Alert, Box, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { Details } from '../../layout/Details';
import { formatNaira } from '../../formatting/money';
import type { TatSettingRecord } from '../tatSettings/types';
import { useWallet } from './useWallet';

/** So many jobs of a kind in a state (one for a single job, a file's rows per state). */
export interface PricedJobs {
  kind: JobKind;
  state: string;
  count: number;
}

/**
 * What the jobs will cost: the Company price of each (state, kind) from the TAT settings, in
 * kobo to add up exactly. `missing` names the first pair without a price (the server refuses it).
 */
export function priceOf(jobs: readonly PricedJobs[], tats: readonly TatSettingRecord[]) {
  let kobo = 0;
  for (const { kind, state, count } of jobs) {
    const tat = tats.find(
      (t) => t.audience === 'company' && t.jobType === kind && t.state === state,
    );
    if (!tat) return { total: null, missing: { kind, state } };
    kobo += Math.round(tat.amount * 100) * count;
  }
  return { total: kobo / 100, missing: null };
}

/**
 * Before a job is created (one, or a file of them): its price, the owner's wallet balance and
 * the balance after, or why the server will refuse it (no price set, balance too low).
 * `companyId`: the owner named by the provider's staff; a company's own wallet otherwise.
 */
export const PriceSummary = ({
  jobs,
  companyId,
  needsOwner = false,
}: {
  jobs: readonly PricedJobs[];
  companyId?: string;
  needsOwner?: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.price.${key}`, options);
  const { data: tats = [] } = useGetList<TatSettingRecord>('tat-settings', {
    pagination: { page: 1, perPage: 1000 },
  });
  const ownerKnown = !needsOwner || !!companyId;
  const wallet = useWallet(companyId ? { company_id: companyId } : {}, { enabled: ownerKnown });
  if (jobs.length === 0) return null;
  const { total, missing } = priceOf(jobs, tats);
  if (missing) {
    return (
      <Alert severity="warning" sx={{ my: 1 }}>
        {t('no_price', { kind: jobKindLabels[missing.kind], state: stateName(missing.state) })}
      </Alert>
    );
  }
  const balance = wallet.data?.balance;
  const after =
    balance === undefined ? undefined : (Math.round(balance * 100) - Math.round(total * 100)) / 100;
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
      {!ownerKnown ? <Typography color="text.secondary">{t('choose_owner')}</Typography> : null}
      {after !== undefined && after < 0 ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('too_low')}
        </Alert>
      ) : null}
    </Box>
  );
};
