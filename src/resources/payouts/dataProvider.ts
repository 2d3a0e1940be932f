import type { ResourcePart } from '../../dataProvider/resourcePart';
import { apiJson } from '../../httpClient/httpClient';
import { postMoney } from '../transactions/dataProvider';
import type { Payout, PayoutOutcome, PayoutPayee } from '../transactions/types';

/** Paying out, spread on the dataProvider. */
export const payoutsApi = {
  /** Pays out an agent's or a partner's available balance: `POST /payouts` → 201. */
  createPayout: ({ payee, idempotencyKey }: { payee: PayoutPayee; idempotencyKey: string }) =>
    postMoney<Payout>('/payouts', payee, idempotencyKey),
};

/** The `payouts` resource: update is `PATCH /payouts/{id}` (simple-rest would PUT), paid or failed. */
export const payoutsPart: ResourcePart = {
  async update(params) {
    const payout = await apiJson<Payout>(`/payouts/${encodeURIComponent(String(params.id))}`, {
      method: 'PATCH',
      body: params.data as PayoutOutcome,
    });
    return { data: payout };
  },
};
