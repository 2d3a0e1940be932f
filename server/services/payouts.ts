import type { Queryable } from '../db';
import { badRequest, conflict, notFound } from '../errors';
import type { LedgerRepository } from '../repositories/ledger';
import type { Payee, PayoutsRepository } from '../repositories/payouts';
import { payeeEarnings, payoutMovement, payoutSettledMovement } from './ledger';

interface Deps {
  payouts: PayoutsRepository;
  ledger: LedgerRepository;
}

export type PayoutOutcome =
  { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

/**
 * Pays payees (agents or partner companies) their whole available earnings in the caller's
 * transaction: one pending payout each, the amount moved to payouts in transit. A payee with
 * nothing to pay, or a company without a bank account, is a 400 naming it (the caller's
 * transaction then creates nothing). Answers the payouts' ids.
 */
export async function payOut(deps: Deps, payees: Payee[], actorId: string, tx: Queryable) {
  const ids: string[] = [];
  // In id order, so that two batches lock the same payees in the same order.
  for (const payee of [...payees].sort((a, b) => a.id.localeCompare(b.id))) {
    const field = `${payee.type}_id`;
    if (payee.type === 'company' && !payee.has_bank_account) {
      const msg = `${payee.name} has no bank details to pay into: its owner adds them in Settings`;
      throw badRequest(msg, [{ field, msg }]);
    }
    const owner =
      payee.type === 'agent'
        ? { agent_id: payee.id, company_id: null }
        : { agent_id: null, company_id: payee.id };
    const balance = await deps.ledger.lockBalance(payeeEarnings(owner), tx);
    if (balance <= 0) {
      const msg = `${payee.name} has no available balance to pay out`;
      throw badRequest(msg, [{ field, msg }]);
    }
    const id = await deps.payouts.insert(payee, balance, actorId, tx);
    await deps.ledger.post([payoutMovement({ id, ...owner, amount_kobo: balance }, actorId)], tx);
    ids.push(id);
  }
  return ids;
}

/**
 * Settles a pending payout in the caller's transaction: paid leaves through the bank, failed
 * returns the amount to the payee. Unknown: 404; already settled: 409.
 */
export async function settlePayout(
  deps: Deps,
  id: string,
  outcome: PayoutOutcome,
  actorId: string,
  tx: Queryable,
) {
  const payout = await deps.payouts.lock(id, tx);
  if (!payout) throw notFound('Payout not found');
  if (payout.status !== 'pending') throw conflict(`This payout is already ${payout.status}`);
  await deps.payouts.settle(payout.id, outcome, tx);
  await deps.ledger.post([payoutSettledMovement(payout, outcome, actorId)], tx);
}
