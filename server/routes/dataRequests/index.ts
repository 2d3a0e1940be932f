import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../../schemas/common';
import {
  DataSubjectEraseBody,
  DataSubjectErasure,
  DataSubjectExport,
  DataSubjectFindings,
  DataSubjectQuery,
} from '../../schemas/dataRequests';
import {
  eraseSubject,
  exportSubject,
  findSubject,
  subjectKeysOf,
} from '../../services/dataSubject';
import { dataSubjectPdf } from '../../services/dataSubjectPdf';
import { noteAudit } from '../../services/audit';
import { spendAttempt, throttles } from '../../services/throttles';

/**
 * Data-subject requests: the provider's heads find, export and erase what is held about one
 * person (`GET /data-requests/search`, `GET /data-requests/export`, `POST /data-requests/erase`).
 */
const dataRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { dataRequests, audit, rateLimits } = app.repos;
  const tags = ['data-requests'];

  /** The keys of a request, checked, after its attempt is counted. */
  async function keysOf(request: FastifyRequest, reply: FastifyReply, q: DataSubjectQuery) {
    const checked = subjectKeysOf(q);
    await spendAttempt(rateLimits, reply, throttles.dataRequestsPerStaff, request.account.id);
    return checked;
  }

  app.get(
    '/data-requests/search',
    {
      config: { access: 'data_requests.manage', audit: 'data_request.search' },
      schema: {
        tags,
        summary:
          'What is held about one person, found by a full phone number, email address or NIN: counts and ids',
        querystring: DataSubjectQuery,
        response: { 200: DataSubjectFindings, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const { keys, searched } = await keysOf(request, reply, request.query);
      noteAudit(request, { detail: { keys: searched } });
      return findSubject(dataRequests, keys, searched);
    },
  );

  app.get(
    '/data-requests/export',
    {
      config: { access: 'data_requests.manage', audit: 'data_request.export' },
      schema: {
        tags,
        summary:
          'Every field held about one person, as JSON (Accept: application/json) or PDF (Accept: application/pdf)',
        description: 'Photos and attachments are listed by file name and download link.',
        querystring: DataSubjectQuery,
        produces: ['application/json', 'application/pdf'],
        response: { 200: DataSubjectExport, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const { keys, searched } = await keysOf(request, reply, request.query);
      const data = await exportSubject(dataRequests, keys, searched);
      const pdf = request.headers.accept?.includes('application/pdf');
      // Which keys were used, never their values.
      noteAudit(request, { detail: { keys: searched, format: pdf ? 'pdf' : 'json' } });
      if (!pdf) return data;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'attachment; filename="personal-data.pdf"')
        .send((await dataSubjectPdf(data)) as never);
    },
  );

  app.post(
    '/data-requests/erase',
    {
      config: { access: 'data_requests.manage', audit: 'data_request.erase' },
      schema: {
        tags,
        summary:
          "Erases one person's personal data: closed jobs, applications, accounts (anonymized), messages",
        description:
          'Jobs still in progress are not erased and are listed. Ledger amounts, payouts and the audit log stay.',
        body: DataSubjectEraseBody,
        response: { 200: DataSubjectErasure, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const { keys, searched } = await keysOf(request, reply, request.body);
      return eraseSubject(
        { db: app.db, storage: app.storage, dataRequests, audit },
        keys,
        searched,
        request.account,
      );
    },
  );
};

export default dataRequestRoutes;
