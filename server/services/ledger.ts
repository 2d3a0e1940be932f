import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import type { JobMoney } from '../repositories/jobs';
import {
  createLedgerRepository,
  platformOwner,
  type Account,
  type NewMovement,
} from '../repositories/ledger';

/**
 * The movements of money, each as balanced postings with the reference that makes it happen
 * once: a job is charged, refunded and its fee credited at most once, whatever is retried.
 */

export const wallet = (companyId: string): Account => ({
  kind: 'company_wallet',
  owner: companyId,
});
export const agentEarnings = (agentId: string): Account => ({
  kind: 'agent_earnings',
  owner: agentId,
});
export const companyEarnings = (companyId: string): Account => ({
  kind: 'company_earnings',
  owner: companyId,
});
const revenue: Account = { kind: 'platform_revenue', owner: platformOwner };
const inTransit: Account = { kind: 'payouts_in_transit', owner: platformOwner };
const bank: Account = { kind: 'bank', owner: platformOwner };

/** `amount` kobo from one account to another. */
const transfer = (from: Account, to: Account, amount: number) => [
  { ...from, amount: -amount },
  { ...to, amount },
];

/**
 * A bank reference's normal form, the key that makes a payment count once however it is typed:
 * upper case, without spaces or separators (`third-idem 1` is `THIRDIDEM1`). Empty when the
 * reference holds anything but ASCII letters, digits and separators, which banks do not issue.
 * Migration 0016 refuses any other form of a funding reference.
 */
export function bankReferenceKey(reference: string): string {
  const key = reference.replace(/[\s\p{P}\p{S}]/gu, '').toUpperCase();
  return /^[A-Z0-9]+$/.test(key) ? key : '';
}

/** A company's payment received into the provider's bank account, credited to its wallet. */
export const fundingMovement = (
  companyId: string,
  amountKobo: number,
  bankReference: string,
  details: Record<string, unknown>,
  createdBy: string | null,
): NewMovement => ({
  reference: `funding:${bankReferenceKey(bankReference)}`,
  kind: 'funding',
  amountKobo,
  companyId,
  details,
  createdBy,
  postings: transfer(bank, wallet(companyId), amountKobo),
});

export const chargeMovement = (
  job: { id: string; companyId: string; priceKobo: number },
  createdBy: string | null,
): NewMovement => ({
  reference: `charge:${job.id}`,
  kind: 'charge',
  amountKobo: job.priceKobo,
  companyId: job.companyId,
  jobId: job.id,
  createdBy,
  postings: transfer(wallet(job.companyId), revenue, job.priceKobo),
});

/**
 * A bulk upload's jobs charged as one movement: one posting pair instead of thousands keeps the
 * import's fast path fast. Each job keeps its own price (jobs.price_kobo) for its refund.
 */
export const uploadChargeMovement = (
  companyId: string,
  jobs: { priceKobo: number }[],
  details: Record<string, unknown>,
  createdBy: string,
): NewMovement => {
  const total = jobs.reduce((s, j) => s + j.priceKobo, 0);
  return {
    reference: `charge:upload:${randomUUID()}`,
    kind: 'charge',
    amountKobo: total,
    companyId,
    details: { ...details, jobs: jobs.length },
    createdBy,
    postings: transfer(wallet(companyId), revenue, total),
  };
};

/** A cancelled job's price back to its owner; a job never charged (no price) gets nothing. */
export const refundMovement = (
  job: Pick<JobMoney, 'id' | 'company_id' | 'price_kobo'>,
  createdBy: string | null,
): NewMovement => ({
  reference: `refund:${job.id}`,
  kind: 'refund',
  amountKobo: job.price_kobo!,
  companyId: job.company_id,
  jobId: job.id,
  createdBy,
  postings: transfer(revenue, wallet(job.company_id), job.price_kobo!),
});

export const feeMovement = (job: JobMoney, createdBy: string | null): NewMovement => {
  const toAgent = job.assignee_type === 'agent';
  return {
    reference: `fee:${job.id}`,
    kind: 'fee',
    amountKobo: job.fee_kobo!,
    companyId: toAgent ? null : job.assignee_company_id,
    agentId: toAgent ? job.assignee_agent_id : null,
    jobId: job.id,
    createdBy,
    postings: transfer(
      revenue,
      toAgent ? agentEarnings(job.assignee_agent_id!) : companyEarnings(job.assignee_company_id!),
      job.fee_kobo!,
    ),
  };
};

interface PayoutRef {
  id: string;
  /** The payee: an agent or a partner company, never both. */
  agent_id: string | null;
  company_id: string | null;
  amount_kobo: number;
}

/** Where a payee's earnings wait for payout. */
export const payeeEarnings = (p: Pick<PayoutRef, 'agent_id' | 'company_id'>): Account =>
  p.agent_id ? agentEarnings(p.agent_id) : companyEarnings(p.company_id!);

const payoutParties = (p: PayoutRef) => ({
  amountKobo: p.amount_kobo,
  agentId: p.agent_id,
  companyId: p.company_id,
  payoutId: p.id,
});

export const payoutMovement = (p: PayoutRef, createdBy: string): NewMovement => ({
  reference: `payout:${p.id}`,
  kind: 'payout',
  ...payoutParties(p),
  createdBy,
  postings: transfer(payeeEarnings(p), inTransit, p.amount_kobo),
});

/** A payout settled: paid leaves through the bank; failed returns to the payee's earnings. */
export const payoutSettledMovement = (
  p: PayoutRef,
  outcome: { status: 'paid'; reference: string } | { status: 'failed'; reason: string },
  createdBy: string,
): NewMovement => ({
  reference: `payout-${outcome.status}:${p.id}`,
  kind: outcome.status === 'paid' ? 'payout_paid' : 'payout_failed',
  ...payoutParties(p),
  details: outcome,
  createdBy,
  postings: transfer(inTransit, outcome.status === 'paid' ? bank : payeeEarnings(p), p.amount_kobo),
});

/**
 * The money side of job moves, in the mover's transaction: an approved job credits its
 * assignee's fee, a cancelled job refunds what its owner was charged. Rejection moves nothing.
 */
export async function settleJobMoves(
  moved: { jobId: string; to: string; at?: Date }[],
  jobMoney: (ids: string[]) => Promise<JobMoney[]>,
  actorId: string | null,
  tx: Queryable,
) {
  const settled = moved.filter((m) => m.to === 'approved' || m.to === 'cancelled');
  if (!settled.length) return;
  const byId = new Map((await jobMoney(settled.map((m) => m.jobId))).map((j) => [j.id, j]));
  const movements: NewMovement[] = [];
  for (const m of settled) {
    const job = byId.get(m.jobId);
    if (m.to === 'approved' && job?.fee_kobo && job.assignee_type) {
      movements.push({ ...feeMovement(job, actorId), at: m.at });
    }
    if (m.to === 'cancelled' && job?.price_kobo) {
      movements.push({ ...refundMovement(job, actorId), at: m.at });
    }
  }
  await createLedgerRepository(tx).post(movements, tx);
}
