import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError } from '../../errors';
import { errorResponses } from '../../schemas/common';
import { PriceQuery, PriceQuote } from '../../schemas/jobs';
import { companyPricesOf } from '../../services/charges';
import { koboToNgn } from '../../services/money';

/**
 * What new jobs would cost their owner, before they are created: the Company price that
 * creating them charges, for anyone who may create jobs, without the wallet's balance (that
 * needs the money label).
 */
const priceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { tats } = app.repos;

  app.get(
    '/job/price',
    {
      config: { access: 'jobs.create' },
      schema: {
        tags: ['jobs'],
        security: [{ bearerAuth: [] }],
        summary: 'The price of new jobs of one kind, so many per state (no balance)',
        description:
          'The Company price of (state, type) that creating the jobs charges the owner. ' +
          '`missing` names the states without a price (creating such a job is a 400).',
        querystring: PriceQuery,
        response: { 200: PriceQuote, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { type, state } = request.query;
      const count = request.query.count ?? state.map(() => 1);
      if (count.length !== state.length) {
        throw fieldError('count', 'count must name as many numbers as state names states');
      }
      const { prices, missing } = await companyPricesOf({ tats }, type, state);
      const jobs = state.map((s, i) => ({
        state: s,
        count: count[i]!,
        price: koboToNgn(prices.get(s) ?? null),
      }));
      const kobo = state.reduce((sum, s, i) => sum + (prices.get(s) ?? 0) * count[i]!, 0);
      return { total: missing.length ? null : koboToNgn(kobo)!, missing, jobs };
    },
  );
};

export default priceRoutes;
