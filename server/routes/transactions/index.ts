import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { idTypeLabel, jobKindLabels } from '../../../reference/jobKinds';
import { defaultMoneySettings } from '../../config';
import { fieldError, notFound } from '../../errors';
import type { MoneyScope } from '../../repositories/transactions';
import { BinaryFile, errorResponses } from '../../schemas/common';
import {
  Invoice,
  InvoiceMonth,
  InvoiceMonthsQuery,
  InvoiceQuery,
  Transaction,
  TransactionIdParams,
  TransactionListQuery,
} from '../../schemas/transactions';
import { csvPages, sendCsv } from '../../services/csv';
import { isAdminArea } from '../../services/jobAccess';
import { listPageOf, scoped } from '../../services/listFilter';
import { koboToNgn } from '../../services/money';
import { invoicePdf, receiptPdf } from '../../services/moneyPdf';
import { transactionKindLabels, transactionView } from '../../services/moneyViews';
import { isCalendarDay, lagosMidnight } from '../jobs/listQuery';
import { parseTransactionQuery, transactionList } from './listQuery';

const csvColumns = [
  'created_at',
  'reference',
  'kind',
  'description',
  'payee_type',
  'payee_name',
  'direction',
  'amount',
  'status',
  'company_name',
  'agent_name',
  'job_code',
  'job_type',
  'name',
  'guarantor',
  'job_status',
  'bank_reference',
] as const;

/** "September 2026": how an invoice names its month (YYYY-MM). */
const invoiceMonthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
  });

/** The invoices' history goes back three years at most. */
const invoiceMonthsMax = 36;

/** Every movement of money as transactions, a receipt per transaction, a monthly invoice. */
const transactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { transactions } = app.repos;
  const tags = ['money'];
  const settings = app.config.money ?? defaultMoneySettings;

  const scopeOf = (request: FastifyRequest): MoneyScope =>
    isAdminArea(request.account)
      ? { kind: 'all' }
      : { kind: 'company', companyId: request.account.company_id! };

  app.get(
    '/transactions',
    {
      config: { access: 'money.view', audit: 'export.transactions' },
      schema: {
        tags,
        summary:
          'Transactions (ra-data-simple-rest); a company sees its own; Accept: text/csv exports',
        description:
          'JSON: an array with `Content-Range: transactions first-last/total`. With `Accept: text/csv`: ' +
          'every matching transaction (range ignored) as `transactions.csv`.',
        querystring: TransactionListQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: Type.Array(Transaction) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const q = parseTransactionQuery(request.query);
      if (await app.csvExportAsked(request)) {
        const lines = csvPages(
          csvColumns,
          (offset, limit) => transactions.list(scope, q.filter, q.sort, offset, limit),
          (r) => {
            // The instant itself: exports write times in Lagos time (services/csv.ts).
            const t = { ...transactionView(r, scope), created_at: r.created_at };
            return csvColumns.map((c) => t[c]);
          },
        );
        return sendCsv(reply, 'transactions.csv', lines);
      }
      return listPageOf(reply, transactionList, q, scoped(transactions, scope), (r) =>
        transactionView(r, scope),
      );
    },
  );

  /** Whose invoices: a company user's own (another is 404), or the one an admin names. */
  async function invoicedCompany(request: FastifyRequest, named: string | undefined) {
    let companyId = named;
    if (!isAdminArea(request.account)) {
      if (companyId && companyId !== request.account.company_id) {
        throw notFound('Company not found');
      }
      companyId = request.account.company_id!;
    } else if (!companyId) {
      throw fieldError('company_id', 'company_id is required: name the company to invoice');
    }
    const company = await transactions.company(companyId);
    if (!company) throw notFound('Company not found');
    return company;
  }

  app.get(
    '/transactions/invoices',
    {
      config: { access: 'money.view' },
      schema: {
        tags,
        summary: "The months a company was charged, newest first: each invoice's total and jobs",
        description: `At most ${invoiceMonthsMax} months. Company users get their own; admins name \`company_id\`.`,
        querystring: InvoiceMonthsQuery,
        response: { 200: Type.Array(InvoiceMonth), ...errorResponses(404) },
      },
    },
    async (request) => {
      const company = await invoicedCompany(request, request.query.company_id);
      const months = await transactions.invoiceMonths(company.id, invoiceMonthsMax);
      return months.map((m) => ({
        month: m.month,
        label: invoiceMonthLabel(m.month),
        jobs: m.jobs,
        total: koboToNgn(m.total_kobo)!,
      }));
    },
  );

  app.get(
    '/transactions/invoice',
    {
      config: { access: 'money.view', audit: 'download.invoice' },
      schema: {
        tags,
        summary: "A company's invoice for a month (PDF; Accept: application/json for its data)",
        description:
          'Lines: the charges and refunds of the month (Lagos time). Prices include VAT at ' +
          '`VAT_RATE_PERCENT` (default 7.5). Company users get their own; admins name `company_id`.',
        querystring: InvoiceQuery,
        produces: ['application/pdf', 'application/json'],
        response: { 200: Invoice, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const company = await invoicedCompany(request, request.query.company_id);
      const companyId = company.id;
      const [year, m] = month.split('-').map(Number) as [number, number];
      const next =
        m === 12
          ? `${String(year + 1).padStart(4, '0')}-01`
          : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
      // The pattern lets year 0000 or 9999 through: their bounds are outside the calendar we keep.
      if (!isCalendarDay(`${month}-01`) || !isCalendarDay(`${next}-01`)) {
        throw fieldError('month', 'month must be a month from 1900-01 to 9999-11 (YYYY-MM)');
      }
      const rows = await transactions.invoiceLines(
        companyId,
        lagosMidnight(`${month}-01`),
        lagosMidnight(`${next}-01`),
      );
      const lines = rows.map((r) => {
        const kobo = r.kind === 'refund' ? -r.amount_kobo : r.amount_kobo;
        const what = `${r.job_code ?? ''} ${r.job_type ? jobKindLabels[r.job_type] : ''} verification: ${r.name ?? ''}`;
        return {
          date: r.created_at,
          reference: r.reference,
          kind: r.kind as 'charge' | 'refund',
          job_code: r.job_code,
          description: r.kind === 'refund' ? `Refund of ${what.trim()}` : what.trim(),
          kobo,
        };
      });
      const totalKobo = lines.reduce((s, l) => s + l.kobo, 0);
      const rate = settings.vatRatePercent;
      const vatKobo = Math.round((totalKobo * rate) / (100 + rate));
      const number = `INV-${month.replace('-', '')}-${companyId.slice(0, 8).toUpperCase()}`;
      const monthLabel = invoiceMonthLabel(month);
      if (request.headers.accept?.includes('application/json')) {
        return {
          number,
          month,
          company,
          lines: lines.map(({ kobo, date, ...l }) => ({
            ...l,
            date: new Date(date).toISOString(),
            amount: koboToNgn(kobo)!,
          })),
          vat_rate: rate,
          subtotal: koboToNgn(totalKobo - vatKobo)!,
          vat: koboToNgn(vatKobo)!,
          total: koboToNgn(totalKobo)!,
        };
      }
      const pdf = await invoicePdf({
        number,
        monthLabel,
        issuer: settings.accountName,
        company,
        lines: lines.map((l) => ({
          date: new Date(l.date).toISOString(),
          description: l.description,
          amountKobo: l.kobo,
        })),
        vatRate: rate,
        subtotalKobo: totalKobo - vatKobo,
        vatKobo,
        totalKobo,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${month}.pdf"`)
        .send(pdf as never);
    },
  );

  app.get(
    '/transactions/:id',
    {
      config: { access: 'money.view' },
      schema: {
        tags,
        summary: "One transaction (react-admin getOne); another company's is 404",
        params: TransactionIdParams,
        response: { 200: Transaction },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const t = await transactions.find(request.params.id, scope);
      if (!t) throw notFound('Transaction not found');
      return transactionView(t, scope);
    },
  );

  app.get(
    '/transactions/:id/receipt',
    {
      config: { access: 'money.view', audit: 'download.receipt' },
      schema: {
        tags,
        summary: 'A PDF receipt of one transaction',
        params: TransactionIdParams,
        produces: ['application/pdf'],
        response: {
          200: BinaryFile('The receipt as a PDF'),
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const t = await transactions.find(request.params.id, scope);
      if (!t) throw notFound('Transaction not found');
      const v = transactionView(t, scope);
      const pdf = await receiptPdf({
        issuer: settings.accountName,
        reference: t.reference,
        kindLabel: transactionKindLabels[t.kind],
        date: t.created_at,
        party: t.company_name ?? t.agent_name,
        amountKobo: t.amount_kobo,
        status: t.status,
        ...(v.job_id
          ? {
              job: {
                code: v.job_code,
                type: v.job_type,
                name: v.name,
                identityType: v.identity_type && idTypeLabel(v.identity_type),
                guarantor: v.guarantor,
                assignedAt: v.job_assigned_at === null ? null : new Date(v.job_assigned_at),
                status: v.job_status,
                verification: v.verification_status,
              },
            }
          : {}),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt-${t.id}.pdf"`)
        .send(pdf as never);
    },
  );
};

export default transactionRoutes;
