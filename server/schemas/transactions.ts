import { Type, type Static } from 'typebox';
import { jobKinds } from '../../reference/jobKinds';
import { payeeTypes, transactionKinds, transactionStatuses } from '../../reference/money';
import { jobStatuses } from '../../reference/jobStatuses';

const dateTime = Type.String({ format: 'date-time' });
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);
export const Uuid = Type.String({ format: 'uuid' });
export const Money = Type.Number({ description: 'NGN, at most 2 decimals' });

export { payeeTypes, transactionKinds, transactionStatuses };

/** What a movement's reference stands for, as a person reads it. */
export const referenceKinds = ['job', 'funding', 'payout', 'upload', 'other'] as const;
export const TransactionRefersTo = Type.Object(
  {
    kind: Type.Enum([...referenceKinds], {
      description:
        'job: its job (id: the job); funding: the bank reference; payout: its payout (id: the ' +
        'payout); upload: a bulk upload charged as one; other: nothing the viewer may see',
    }),
    label: Type.String({ description: 'JOB-000072, the bank reference, the payout…' }),
    id: orNull(Type.String({ description: 'The job or the payout it links to' })),
  },
  { description: "What `reference` stands for; another company's job is never named" },
);
export const transactionSortFields = ['id', 'created_at', 'amount', 'kind'] as const;

/** One movement of money as a company or an agent sees it, with its job when it has one. */
export const Transaction = Type.Object({
  id: Type.String({ format: 'uuid' }),
  reference: Type.String({
    description:
      'Unique per movement: funding:<bank ref>, charge:<job id>, refund:…, fee:…, payout:…',
  }),
  refers_to: TransactionRefersTo,
  description: Type.String({
    description: 'The movement in a sentence: "Address verification JOB-000072 charged"',
  }),
  payee_type: orNull(
    Type.Enum([...payeeTypes], { description: 'Fees and payouts: an agent or a partner company' }),
  ),
  payee_id: orNull(Type.String()),
  payee_name: orNull(Type.String()),
  kind: Type.Enum([...transactionKinds]),
  direction: Type.Enum(['credit', 'debit'], {
    description: 'For the company or agent concerned: credit adds to its balance',
  }),
  amount: Money,
  status: Type.Enum([...transactionStatuses], {
    description:
      'Payment status: charges are refunded once the job is cancelled; payouts pending until paid or failed',
  }),
  payment_status: Type.Enum([...transactionStatuses]),
  created_at: dateTime,
  company_id: orNull(Type.String()),
  company_name: orNull(Type.String()),
  agent_id: orNull(Type.String()),
  agent_name: orNull(Type.String()),
  job_id: orNull(Type.String()),
  job_code: orNull(Type.String()),
  job_type: orNull(Type.Enum([...jobKinds])),
  identity_type: orNull(Type.String({ description: 'id_type of an Address job (nin, bvn, …)' })),
  name: orNull(Type.String({ description: "The job's subject" })),
  guarantor: orNull(Type.String()),
  job_assigned_at: orNull(dateTime),
  amount_paid: orNull(Type.Number({ description: "NGN: the job's price" })),
  verification_status: orNull(
    Type.Enum(['pending', 'verified', 'not_verified', 'cancelled'], {
      description: 'approved → verified, rejected → not_verified',
    }),
  ),
  job_status: orNull(Type.Enum([...jobStatuses])),
  payout_id: orNull(Type.String()),
  bank_reference: orNull(
    Type.String({ description: "Funding: the payer's bank reference; payout: the payment's" }),
  ),
  paid_at: orNull(Type.String({ description: 'Funding: the day the payment was made' })),
});
export type Transaction = Static<typeof Transaction>;

export const TransactionListQuery = Type.Object({
  sort: Type.Optional(
    Type.String({
      description: `JSON ["field","ASC"|"DESC"]; fields: ${transactionSortFields.join(', ')}`,
    }),
  ),
  range: Type.Optional(
    Type.String({ description: 'JSON [first, last], inclusive; at most 1000 rows' }),
  ),
  filter: Type.Optional(
    Type.String({
      description:
        'JSON object: created_from, created_to (yyyy-MM-dd, Lagos days), kind, status, ' +
        'company_id, agent_id, job_id, payee_type (agent or company: fees and payouts), ' +
        'payee_id (an agent or a company paid), payee (part of its name), id (a list: getMany)',
    }),
  ),
});
export type TransactionListQuery = Static<typeof TransactionListQuery>;

export const TransactionIdParams = Type.Object({ id: Uuid });

export const InvoiceQuery = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' }),
  company_id: Type.Optional(Type.String({ format: 'uuid', description: 'Admins: whose invoice' })),
});

export const InvoiceMonthsQuery = Type.Object({
  company_id: Type.Optional(Type.String({ format: 'uuid', description: 'Admins: whose invoices' })),
});

/** A month with charges, for the invoices' history. */
export const InvoiceMonth = Type.Object({
  month: Type.String({ description: 'YYYY-MM (Lagos time)' }),
  label: Type.String({ description: 'The month as the invoice names it: "September 2026"' }),
  jobs: Type.Integer({ description: 'Jobs charged that month' }),
  total: Money,
});
export type InvoiceMonth = Static<typeof InvoiceMonth>;

export const InvoiceLine = Type.Object({
  date: dateTime,
  reference: Type.String(),
  kind: Type.Enum(['charge', 'refund']),
  job_code: orNull(Type.String()),
  description: Type.String(),
  amount: Type.Number({ description: 'NGN; a refund is negative' }),
});

/** The month's invoice as data (Accept: application/json); the PDF shows the same. */
export const Invoice = Type.Object({
  number: Type.String({ description: 'INV-YYYYMM-<company>' }),
  month: Type.String(),
  company: Type.Object({
    id: Type.String(),
    name: orNull(Type.String()),
    contact_name: orNull(Type.String()),
    address: orNull(Type.String({ description: 'Street address and state' })),
    email: orNull(Type.String()),
    phone: orNull(Type.String()),
  }),
  lines: Type.Array(InvoiceLine),
  vat_rate: Type.Number({ description: 'Percent; prices include VAT' }),
  subtotal: Money,
  vat: Money,
  total: Money,
});
export type Invoice = Static<typeof Invoice>;
