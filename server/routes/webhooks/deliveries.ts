import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../errors';
import { errorResponses } from '../../schemas/common';
import {
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookIdParams,
  WebhookTestResult,
} from '../../schemas/webhooks';
import { ListFilter, listPage, listSpec, parseListQuery } from '../../services/listFilter';
import { queueNames } from '../../services/queue';
import { spendAttempt, throttles } from '../../services/throttles';
import { sendTestEvent, webhookSealer, webhookSettingsOf } from '../../services/webhooks';
import { companyOf, deliveryView } from './view';

const deliveryList = listSpec({
  resource: 'deliveries',
  noun: 'Deliveries',
  sortFields: ['created_at'] as const,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({}),
});

/** An endpoint's delivery log, resending one delivery, and the test event. */
const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { webhooks, rateLimits } = app.repos;
  const settings = webhookSettingsOf(app.config.webhooks);
  const sealer = webhookSealer(app.config.jwtSecret);
  const tags = ['webhooks'];
  const sends = throttles.webhookSendsPerEndpoint;

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { access: 'webhooks.manage' },
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first; another company's endpoint is 404",
        description: 'An array with `Content-Range: deliveries first-last/total`.',
        params: WebhookIdParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: Type.Array(WebhookDelivery) },
      },
    },
    async (request, reply) => {
      const endpoint = await webhooks.find(companyOf(request.account), request.params.id);
      if (!endpoint) throw notFound('Webhook not found');
      const { offset, limit } = parseListQuery(deliveryList, request.query);
      const page = webhooks.deliveries(endpoint.id, offset, limit);
      return listPage(reply, deliveryList, offset, page, deliveryView);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { access: 'webhooks.manage', audit: 'webhook.resend' },
      schema: {
        tags,
        summary:
          'Send a delivery again (after the earlier ones of its job), with a fresh day of retries',
        description: `At most ${sends.limit} resends and test events an hour per endpoint (then 429).`,
        params: WebhookDeliveryParams,
        response: {
          202: Type.Object({ id: Type.String() }),
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const companyId = companyOf(request.account);
      if (!(await webhooks.find(companyId, id))) throw notFound('Webhook not found');
      await spendAttempt(rateLimits, reply, sends, id);
      await app.db.transaction(async (tx) => {
        if (!(await webhooks.reopen(companyId, id, deliveryId, tx))) {
          throw notFound('Delivery not found');
        }
        await app.queue.send(queueNames.webhook, { id: deliveryId }, { tx });
      });
      return reply.code(202).send({ id: deliveryId });
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: { access: 'webhooks.manage', audit: 'webhook.test' },
      schema: {
        tags,
        summary: 'Send a signed `webhook.test` event now and answer what the endpoint said',
        description:
          `Not retried nor logged. At most ${sends.limit} test events and resends an hour ` +
          'per endpoint (then 429).',
        params: WebhookIdParams,
        response: { 200: WebhookTestResult, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const endpoint = await webhooks.find(companyOf(request.account), request.params.id);
      if (!endpoint) throw notFound('Webhook not found');
      await spendAttempt(rateLimits, reply, sends, endpoint.id);
      const secret = sealer.open(endpoint.secret_sealed) ?? '';
      const r = await sendTestEvent(settings, endpoint.url, secret);
      return {
        ok: r.ok,
        status_code: r.statusCode,
        error: r.error,
        duration_ms: Math.round(r.durationMs),
      };
    },
  );
};

export default deliveryRoutes;
