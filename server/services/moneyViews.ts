import { findBank } from '../../reference/banks';
import type { PayoutRow } from '../repositories/payouts';
import type { TransactionRow } from '../repositories/transactions';
import { iso, isoOrNull } from './jobAccess';
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

/** A movement as the API shows it (Transaction in schemas/transactions.ts). */
export function transactionView(t: TransactionRow) {
  return {
    id: t.id,
    reference: t.reference,
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
    bank_reference: text(t.details.bank_reference) ?? t.payout_reference,
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
