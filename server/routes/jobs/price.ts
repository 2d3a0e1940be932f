import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError } from '../../errors';
import { errorResponses } from '../../schemas/common';
import { PriceFileBody, PriceQuery, PriceQuote, UploadErrors } from '../../schemas/jobs';
import { quoteNewJobs } from '../../services/charges';
import { bulkFileLimits, bulkFileOf, readBulkFile } from './bulkFile';
import { registerMultipart } from './multipart';
import { ownerCompanyOf } from './owner';

/**
 * What new jobs would cost their owner, before they are created: the Company price that
 * creating them charges, for anyone who may create jobs, without the wallet's balance (that
 * needs the money label).
 */
const priceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerMultipart(app, bulkFileLimits);
  const { tats } = app.repos;

  app.get(
    '/job/price',
    {
      config: { access: 'jobs.create' },
      schema: {
        tags: ['jobs'],
        summary: 'The price of new jobs of one kind, so many per state (no balance)',
        description:
          'The Company price of (state, type) that creating the jobs charges the owner. ' +
          '`missing` names the states without a price (creating such a job is a 400).',
        querystring: PriceQuery,
        response: { 200: PriceQuote },
      },
    },
    async (request) => {
      const { type, state } = request.query;
      const count = request.query.count ?? state.map(() => 1);
      if (count.length !== state.length) {
        throw fieldError('count', 'count must name as many numbers as state names states');
      }
      return quoteNewJobs(
        { tats },
        type,
        state.map((s, i) => ({ state: s, count: count[i]! })),
      );
    },
  );

  app.post(
    '/job/price/file',
    {
      config: { access: 'jobs.create', audit: 'job.price_file' },
      schema: {
        tags: ['jobs'],
        summary: 'The price of the jobs of a bulk file, before it is uploaded (no balance)',
        description:
          'The form of `POST /job/upload`, read and checked as the upload reads it, without ' +
          "creating or charging anything: the file's rows counted per state and priced as " +
          '`GET /job/price` prices them. A file the upload would refuse is refused the same way ' +
          '(400 `{message, errors:[{row, field, msg}]}`, 413 for a file over 20 MB).',
        consumes: ['multipart/form-data'],
        body: PriceFileBody,
        response: {
          200: PriceQuote,
          400: UploadErrors,
          ...errorResponses(422, 503),
        },
      },
    },
    async (request, reply) => {
      const { type, company_id } = request.body;
      const file = bulkFileOf(request.body.file);
      // Prices are the same for every owner: staff may ask before naming one.
      if (company_id || !app.allows(request, 'jobs.choose_owner')) {
        await ownerCompanyOf(app, request, company_id);
      }
      const counts = new Map<string, number>();
      for (const row of await readBulkFile(app, reply, type, file)) {
        counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
      }
      const jobs = [...counts].map(([state, count]) => ({ state, count }));
      return quoteNewJobs({ tats }, type, jobs);
    },
  );
};

export default priceRoutes;
