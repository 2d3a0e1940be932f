import { findBank } from '../../reference/banks';
import { jobKindLabels } from '../../reference/jobKinds';
import type { PayoutRow } from '../repositories/payouts';
import type { MoneyScope, TransactionRow } from '../repositories/transactions';
import { iso, isoOrNull, seesJob } from './jobAccess';
import { koboToNgn } from './money';

const credits = new Set(['funding', 'refund', 'fee']);

type Verification = 'pending' | 'verified' | 'not_verified' | 'cancelled';

const verification = (status: string | null): Verification | null =>
  status === null
    ? null
    : status === 'approved'
      ? 'verified'
      : status === 'rejected'
        ? 'not_verified'
        : status === 'cancelled'
          ? 'cancelled'
          : 'pending';

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** A job's fields on a movement, blanked for a viewer who may not see that job. */
const jobFieldsFor = (t: TransactionRow, scope: MoneyScope) =>
  t.job_id !== null &&
  seesJob(scope, {
    company_id: t.job_company_id ?? '',
    assignee_company_id: t.job_assignee_company_id,
    assignee_agent_id: null,
  })
    ? t
    : {
        ...t,
        job_id: null,
        job_code: null,
        job_type: null,
        identity_type: null,
        name: null,
        guarantor: null,
        job_assigned_at: null,
        price_kobo: null,
        job_status: null,
      };

type Shown = ReturnType<typeof jobFieldsFor>;

/** What a movement's reference stands for: its job, the bank's reference, its payout. */
function refersTo(t: Shown, bankReference: string | null) {
  if (t.job_id !== null && t.job_code !== null) {
    return { kind: 'job' as const, label: t.job_code, id: t.job_id };
  }
  if (t.kind === 'funding') {
    return { kind: 'funding' as const, label: bankReference ?? t.reference, id: null };
  }
  if (t.kind === 'payout' && t.payout_id) {
    const label = t.payout_reference ?? `Payout ${t.payout_id.slice(0, 8).toUpperCase()}`;
    return { kind: 'payout' as const, label, id: t.payout_id };
  }
  const jobs = typeof t.details.jobs === 'number' ? t.details.jobs : null;
  if (t.kind === 'charge' && jobs !== null) {
    return { kind: 'upload' as const, label: `Bulk upload (${jobs} jobs)`, id: null };
  }
  // A job the viewer may not see: named by nothing.
  return { kind: 'other' as const, label: transactionKindLabels[t.kind], id: null };
}

/** Names a movement by its kind (receipts, and the reference of what has nothing else). */
export const transactionKindLabels: Record<TransactionRow['kind'], string> = {
  funding: 'Wallet funding',
  charge: 'Job charge',
  refund: 'Refund',
  fee: 'Assignee fee',
  payout: 'Payout',
};

/** The movement in a sentence, for lists and exports. */
function describe(t: Shown, payee: string | null, bankReference: string | null) {
  const job = t.job_code
    ? `${t.job_type ? `${jobKindLabels[t.job_type]} verification ` : ''}${t.job_code}`
    : null;
  switch (t.kind) {
    case 'funding':
      return bankReference
        ? `Wallet funded by bank transfer (ref ${bankReference})`
        : 'Wallet funded by bank transfer';
    case 'charge': {
      if (job) return `${job} charged`;
      const jobs = typeof t.details.jobs === 'number' ? t.details.jobs : null;
      const file = text(t.details.file);
      return jobs === null
        ? 'Job charged'
        : `Bulk upload of ${jobs} job${jobs === 1 ? '' : 's'} charged${file ? ` (${file})` : ''}`;
    }
    case 'refund':
      return job ? `${job} cancelled: refunded` : 'Cancelled job refunded';
    case 'fee':
      return job ? `Fee for ${job}` : 'Fee for a job done';
    case 'payout':
      return payee ? `Payout to ${payee}` : 'Payout';
  }
}

/**
 * A movement as the API shows it to `scope` (Transaction in schemas/transactions.ts): a job
 * the viewer may not see is neither named nor linked.
 */
export function transactionView(row: TransactionRow, scope: MoneyScope) {
  const t = jobFieldsFor(row, scope);
  const bankReference = text(t.details.bank_reference) ?? t.payout_reference;
  const paysOut = t.kind === 'fee' || t.kind === 'payout';
  const payeeType = !paysOut ? null : t.agent_id ? ('agent' as const) : ('company' as const);
  const payeeName = payeeType === 'agent' ? t.agent_name : payeeType ? t.company_name : null;
  return {
    id: t.id,
    reference: t.reference,
    refers_to: refersTo(t, bankReference),
    description: describe(t, payeeName, bankReference),
    payee_type: payeeType,
    payee_id: payeeType === 'agent' ? t.agent_id : payeeType ? t.company_id : null,
    payee_name: payeeName,
    kind: t.kind,
    direction: credits.has(t.kind) ? ('credit' as const) : ('debit' as const),
    amount: koboToNgn(t.amount_kobo)!,
    status: t.status,
    payment_status: t.status,
    created_at: iso(t.created_at),
    company_id: t.company_id,
    company_name: t.company_name,
    agent_id: t.agent_id,
    agent_name: t.agent_name,
    job_id: t.job_id,
    job_code: t.job_code,
    job_type: t.job_type,
    identity_type: t.identity_type,
    name: t.name,
    guarantor: t.guarantor,
    job_assigned_at: isoOrNull(t.job_assigned_at),
    amount_paid: koboToNgn(t.price_kobo),
    verification_status: verification(t.job_status),
    job_status: t.job_status,
    payout_id: t.payout_id,
    bank_reference: bankReference,
    paid_at: text(t.details.paid_at),
  };
}

export function payoutView(p: PayoutRow) {
  return {
    id: p.id,
    payee_type: p.payee_type,
    payee_id: p.payee_id,
    payee_name: p.payee_name,
    agent_id: p.agent_id,
    agent_name: p.agent_name,
    agent_email: p.agent_email,
    company_id: p.company_id,
    amount: koboToNgn(p.amount_kobo)!,
    status: p.status,
    reference: p.reference,
    reason: p.reason,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
    settled_at: isoOrNull(p.settled_at),
    bank_name: p.bank_code ? (findBank(p.bank_code)?.name ?? p.bank_code) : null,
    account_number: p.account_number,
    account_name: p.account_name,
  };
}
