import { findState } from '../../reference/locations';
import { jobKindLabels, type JobKind } from '../../reference/jobKinds';
import type { Queryable } from '../db';
import { badRequest, HttpError } from '../errors';
import type { LedgerRepository } from '../repositories/ledger';
import type { TatsRepository } from '../repositories/tats';
import { chargeMovement, uploadChargeMovement, wallet } from './ledger';
import { koboToNgn, naira } from './money';

interface Deps {
  tats: TatsRepository;
  ledger: LedgerRepository;
}

/**
 * The Company price (kobo) of each of these states for jobs of one kind, and the states that
 * have none: the one reading of the price rule, for charges and for quotes.
 */
export async function companyPricesOf(
  deps: Pick<Deps, 'tats'>,
  type: JobKind,
  states: readonly string[],
  tx?: Queryable,
) {
  const distinct = [...new Set(states)];
  const prices = await deps.tats.companyPrices(distinct, type, tx);
  return { prices, missing: distinct.filter((s) => !prices.has(s)) };
}

/**
 * What so many new jobs of one kind per state would cost their owner, as a quote answers it
 * (NGN): each state's price, the total, or `null` and the states without a price.
 */
export async function quoteNewJobs(
  deps: Pick<Deps, 'tats'>,
  type: JobKind,
  jobs: readonly { state: string; count: number }[],
) {
  const { prices, missing } = await companyPricesOf(
    deps,
    type,
    jobs.map((j) => j.state),
  );
  const kobo = jobs.reduce((sum, j) => sum + (prices.get(j.state) ?? 0) * j.count, 0);
  return {
    total: missing.length ? null : koboToNgn(kobo)!,
    missing,
    jobs: jobs.map(({ state, count }) => ({
      state,
      count,
      price: koboToNgn(prices.get(state) ?? null),
    })),
  };
}

/**
 * Prices new jobs of one kind for their owner and holds the owner's wallet locked until the
 * caller's transaction ends: a (state, kind) without a Company price is a 400 naming both, a
 * wallet short of the total a 402 naming both amounts. Answers each job's price, in order.
 */
export async function priceNewJobs(
  deps: Deps,
  companyId: string,
  type: JobKind,
  states: string[],
  tx: Queryable,
): Promise<number[]> {
  const { prices, missing } = await companyPricesOf(deps, type, states, tx);
  if (missing.length) {
    const names = missing.map((s) => findState(s)?.name ?? s).join(', ');
    throw badRequest(
      `No Company price is set for ${jobKindLabels[type]} jobs in ${names}: only the provider can set one (Settings → Set Amount)`,
      [{ field: 'state', msg: `No Company price for ${jobKindLabels[type]} in ${names}` }],
    );
  }
  const each = states.map((s) => prices.get(s)!);
  const total = each.reduce((a, b) => a + b, 0);
  const balance = await deps.ledger.lockBalance(wallet(companyId), tx);
  if (total > balance) {
    const what = states.length === 1 ? 'This job costs' : `These ${states.length} jobs cost`;
    throw new HttpError(
      402,
      `Insufficient wallet balance: ${what} ${naira(total)} and the wallet holds ${naira(balance)}. Fund the wallet and try again.`,
    );
  }
  return each;
}

/**
 * Charges the owner for jobs just created at their prices, in the same transaction: one job is
 * one movement naming it; a bulk upload's jobs are one movement for the whole file. `at` dates
 * the charge (now unless given: the demo's past).
 */
export async function chargeNewJobs(
  deps: Deps,
  companyId: string,
  jobs: { id: string; priceKobo: number }[],
  createdBy: string,
  tx: Queryable,
  details: Record<string, unknown> = {},
  at?: Date,
) {
  const movement =
    jobs.length === 1
      ? chargeMovement({ id: jobs[0]!.id, companyId, priceKobo: jobs[0]!.priceKobo }, createdBy)
      : uploadChargeMovement(companyId, jobs, details, createdBy);
  await deps.ledger.post([{ ...movement, at }], tx);
}
