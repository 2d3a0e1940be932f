import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PayeeType } from '../../../reference/money';
import { fieldError, notFound } from '../../errors';
import type { PayoutFilter } from '../../repositories/payouts';
import { errorResponses } from '../../schemas/common';
import {
  CreatePayoutBody,
  CreatePayoutsBody,
  Payout,
  PayoutIdParams,
  PayoutListQuery,
  payeeTypes,
  payoutSortFields,
  payoutStatuses,
  SettlePayoutBody,
} from '../../schemas/payouts';
import { csvPages, sendCsv } from '../../services/csv';
import { payoutView } from '../../services/moneyViews';
import { isAdminArea } from '../../services/jobAccess';
import { payOut, settlePayout } from '../../services/payouts';
import {
  FilterId,
  FilterOneOf,
  ListFilter,
  listPageOf,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';

/**
 * Pays agents or companies their available earnings, all of each one's balance at once, in one
 * transaction for the whole batch: a payee with nothing to pay is a 400 and nothing is created.
 */
async function payOutPayees(app: FastifyInstance, type: PayeeType, ids: string[], actorId: string) {
  const payees = await app.repos.payouts.payees(type, ids);
  const unknown = ids.filter((id) => !payees.some((a) => a.id === id));
  if (unknown.length) {
    throw notFound(`${type === 'agent' ? 'Agent' : 'Company'} not found: ${unknown.join(', ')}`);
  }
  return app.db.transaction((tx) => payOut(app.repos, payees, actorId, tx));
}

/** A company user sees its own company's payouts only; the provider's staff see all. */
const scopeOf = (request: FastifyRequest): PayoutFilter =>
  isAdminArea(request.account) ? {} : { companyId: request.account.company_id! };

const csvColumns = [
  'created_at',
  'payee_type',
  'payee_name',
  'agent_email',
  'amount',
  'status',
  'reference',
  'reason',
  'settled_at',
  'bank_name',
  'account_number',
  'account_name',
] as const;

/** `GET /payouts`: its sorts and `filter`; a bad key is a 400 naming it. */
const payoutList = listSpec({
  resource: 'payouts',
  noun: 'Payouts',
  sortFields: payoutSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    payee_type: FilterOneOf(payeeTypes),
    status: FilterOneOf(payoutStatuses),
    agent_id: FilterId(),
    company_id: FilterId(),
  }),
});

const payoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { payouts } = app.repos;
  const tags = ['money'];

  const viewOf = async (id: string) => payoutView((await payouts.find(id))!);

  app.post(
    '/payouts',
    {
      config: { access: 'money.manage', idempotent: true, audit: 'payout.create' },
      schema: {
        tags,
        summary: "Pay out an agent's or a partner company's whole available balance (admins)",
        description:
          "Name `agent_id` or `company_id`. The amount moves from the payee's earnings to payouts " +
          'in transit until marked paid or failed. No available balance, or a company without ' +
          'bank details: 400. Accepts an `Idempotency-Key` header.',
        body: CreatePayoutBody,
        response: { 201: Payout, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { agent_id, company_id } = request.body;
      if (agent_id && company_id) {
        throw fieldError('company_id', 'Name either agent_id or company_id, not both');
      }
      if (!agent_id && !company_id) {
        throw fieldError('agent_id', 'agent_id or company_id is required: who to pay out');
      }
      const [id] = agent_id
        ? await payOutPayees(app, 'agent', [agent_id], request.account.id)
        : await payOutPayees(app, 'company', [company_id!], request.account.id);
      return reply.code(201).send(await viewOf(id!));
    },
  );

  app.post(
    '/payouts/batch',
    {
      config: { access: 'money.manage', idempotent: true, audit: 'payout.batch' },
      schema: {
        tags,
        summary: 'Pay out several agents at once, each their whole available balance (admins)',
        description:
          'All or none: any agent without an available balance is a 400 naming them, and no ' +
          'payout is created. Accepts an `Idempotency-Key` header.',
        body: CreatePayoutsBody,
        response: { 201: Type.Array(Payout), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const ids = await payOutPayees(app, 'agent', request.body.agent_ids, request.account.id);
      return reply.code(201).send(await Promise.all(ids.map(viewOf)));
    },
  );

  app.patch(
    '/payouts/:id',
    {
      config: { access: 'money.manage', audit: 'payout.mark_paid' },
      schema: {
        tags,
        summary: 'Mark a pending payout paid (with the bank reference) or failed (with a reason)',
        description:
          "Failed: the amount returns to the payee's available balance. A payout already settled is a 409.",
        params: PayoutIdParams,
        body: SettlePayoutBody,
        response: { 200: Payout, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { status, reference, reason } = request.body;
      const outcome =
        status === 'paid'
          ? { status, reference: reference?.trim() ?? '' }
          : { status, reason: reason?.trim() ?? '' };
      if (outcome.status === 'paid' && !outcome.reference) {
        throw fieldError('reference', "reference is required: the bank's reference of the payment");
      }
      if (outcome.status === 'failed' && !outcome.reason) {
        throw fieldError('reason', 'reason is required: why the payment failed');
      }
      await app.db.transaction((tx) =>
        settlePayout(app.repos, request.params.id, outcome, request.account.id, tx),
      );
      return viewOf(request.params.id);
    },
  );

  app.get(
    '/payouts',
    {
      config: { access: 'money.view', audit: 'export.payouts' },
      schema: {
        tags,
        summary:
          'Payouts (ra-data-simple-rest; filter: status, payee_type, agent_id, company_id, id); ' +
          'a company sees its own; Accept: text/csv exports',
        description:
          'An array with `Content-Range: payouts first-last/total`. With `Accept: text/csv` ' +
          "('View, Print & Download Report'): every matching payout (range ignored) as `payouts.csv`.",
        querystring: PayoutListQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: Type.Array(Payout) },
      },
    },
    async (request, reply) => {
      const { offset, limit, sort, filter: f } = parseListQuery(payoutList, request.query);
      const filter: PayoutFilter = {
        status: f.status,
        payeeType: f.payee_type,
        agentId: f.agent_id,
        companyId: f.company_id,
        ids: f.id,
        ...scopeOf(request),
      };
      if (await app.csvExportAsked(request)) {
        const lines = csvPages(
          csvColumns,
          (offset, limit) => payouts.list(filter, sort, offset, limit),
          (r) => {
            // The instants themselves: exports write times in Lagos time (services/csv.ts).
            const p = { ...payoutView(r), created_at: r.created_at, settled_at: r.settled_at };
            return csvColumns.map((c) => p[c]);
          },
        );
        return sendCsv(reply, 'payouts.csv', lines);
      }
      return listPageOf(reply, payoutList, { offset, limit, sort, filter }, payouts, payoutView);
    },
  );

  app.get(
    '/payouts/:id',
    {
      config: { access: 'money.view' },
      schema: {
        tags,
        summary: "One payout; another company's is 404",
        params: PayoutIdParams,
        response: { 200: Payout },
      },
    },
    async (request) => {
      const p = await payouts.find(request.params.id, scopeOf(request));
      if (!p) throw notFound('Payout not found');
      return payoutView(p);
    },
  );
};

export default payoutRoutes;
