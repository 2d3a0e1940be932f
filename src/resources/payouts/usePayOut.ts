import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { PayoutPayee } from '../transactions/types';
import { useIdempotencyKeys } from '../transactions/useIdempotencyKeys';

/**
 * Pays out agents' or partner companies' available balances (`POST /payouts`, one per payee),
 * each with its idempotency key: retrying after a failure re-sends the same key, so a payee whose
 * payout went through is not paid twice. Resolves to the number of payouts created.
 */
export function usePayOut({ onDone }: { onDone?: () => void } = {}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { keyFor, succeeded } = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (payees: PayoutPayee[]) => {
      const results = await Promise.allSettled(
        payees.map(async (payee) => {
          await dataProvider.createPayout({ payee, idempotencyKey: keyFor(payee) });
          succeeded(payee);
        }),
      );
      const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      return { paid: results.length - failures.length, failures };
    },
    onSuccess: ({ paid, failures }) => {
      if (paid > 0) {
        notify('app.money.payouts.created', {
          type: 'success',
          messageArgs: { smart_count: paid },
        });
      }
      for (const failure of failures) notifyError(failure.reason);
      refresh();
      if (failures.length === 0) onDone?.();
    },
    onError: notifyError,
  });
}
