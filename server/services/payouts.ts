import type { Queryable } from '../db';
import { badRequest, conflict, notFound } from '../errors';
import type { LedgerRepository } from '../repositories/ledger';
import type { PayoutsRepository } from '../repositories/payouts';
import { agentEarnings, payoutMovement, payoutSettledMovement } from './ledger';

interface Deps {
  payouts: PayoutsRepository;
  ledger: LedgerRepository;
}

export type PayoutOutcome =
  { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

/**
 * Pays agents their whole available earnings in the caller's transaction: one pending payout
 * each, the amount moved to payouts in transit. An agent with nothing to pay is a 400 naming
 * them (the caller's transaction then creates nothing). Answers the payouts' ids.
 */
export async function payOutAgents(
  deps: Deps,
  agents: { id: string; name: string }[],
  actorId: string,
  tx: Queryable,
) {
  const ids: string[] = [];
  // In id order, so that two batches lock the same agents in the same order.
  for (const agent of [...agents].sort((a, b) => a.id.localeCompare(b.id))) {
    const balance = await deps.ledger.lockBalance(agentEarnings(agent.id), tx);
    if (balance <= 0) {
      throw badRequest(`${agent.name} has no available balance to pay out`, [
        { field: 'agent_id', msg: `${agent.name} has no available balance to pay out` },
      ]);
    }
    const id = await deps.payouts.insert(agent.id, balance, actorId, tx);
    await deps.ledger.post(
      [payoutMovement({ id, agent_id: agent.id, amount_kobo: balance }, actorId)],
      tx,
    );
    ids.push(id);
  }
  return ids;
}

/**
 * Settles a pending payout in the caller's transaction: paid leaves through the bank, failed
 * returns the amount to the agent. Unknown: 404; already settled: 409.
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
