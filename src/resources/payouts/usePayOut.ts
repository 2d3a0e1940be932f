import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { useIdempotencyKeys } from '../transactions/useIdempotencyKeys';

/**
 * Pays out agents' available balances (`POST /payouts` `{agent_id}`, one per agent), each with
 * its idempotency key: retrying after a failure re-sends the same key, so an agent whose payout
 * went through is not paid twice. Resolves to the number of payouts created.
 */
export function usePayOut({ onDone }: { onDone?: () => void } = {}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { keyFor, succeeded } = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (agentIds: string[]) => {
      const results = await Promise.allSettled(
        agentIds.map(async (agent_id) => {
          const body = { agent_id };
          await dataProvider.createPayout({ agent_id, idempotencyKey: keyFor(body) });
          succeeded(body);
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
