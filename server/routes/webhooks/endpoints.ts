import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fieldError, HttpError, notFound } from '../../errors';
import { errorResponses } from '../../schemas/common';
import {
  CreatedWebhook,
  NewWebhook,
  Webhook,
  WebhookChange,
  webhookEndpointsPerCompany,
  WebhookIdParams,
  WebhookSecret,
} from '../../schemas/webhooks';
import { isAdminArea } from '../../services/jobAccess';
import { listPage } from '../../services/listFilter';
import { queueNames } from '../../services/queue';
import { checkWebhookUrl, WebhookUrlError } from '../../services/webhookRequest';
import { newWebhookSecret, webhookSealer, webhookSettingsOf } from '../../services/webhooks';
import { companyOf, webhookView } from './view';

/** A company's webhook endpoints: register, list, change, rotate the secret, delete. */
const endpointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { webhooks } = app.repos;
  const settings = webhookSettingsOf(app.config.webhooks);
  const sealer = webhookSealer(app.config.jwtSecret);
  const tags = ['webhooks'];

  /** The URL checked as deliveries will be: a refusal is a 400 naming `url`. */
  async function checkedUrl(url: string) {
    try {
      await checkWebhookUrl(url, settings.allowPrivate);
    } catch (err) {
      if (err instanceof WebhookUrlError) throw fieldError('url', err.message);
      throw err;
    }
    return url;
  }

  app.get(
    '/webhooks',
    {
      config: { access: 'webhooks.list' },
      schema: {
        tags,
        summary: "The company's webhook endpoints (the provider's admins: every company's)",
        response: { 200: Type.Array(Webhook) },
      },
    },
    async (request, reply) => {
      const a = request.account;
      // At most ten per company: one page, whole.
      const all = webhooks
        .list(isAdminArea(a) ? null : companyOf(a))
        .then((rows) => ({ rows, total: rows.length }));
      return listPage(reply, { resource: 'webhooks' }, 0, all, webhookView);
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config: { access: 'webhooks.manage' },
      schema: {
        tags,
        summary: "One of the company's endpoints; another company's is 404",
        params: WebhookIdParams,
        response: { 200: Webhook },
      },
    },
    async (request) => {
      const row = await webhooks.find(companyOf(request.account), request.params.id);
      if (!row) throw notFound('Webhook not found');
      return webhookView(row);
    },
  );

  app.post(
    '/webhooks',
    {
      config: { access: 'webhooks.manage', audit: 'webhook.create' },
      schema: {
        tags,
        summary: 'Register an endpoint for some job events; answers its signing secret once',
        description:
          `https:// URLs whose host resolves to public addresses only (checked again at each ` +
          `delivery), at most ${webhookEndpointsPerCompany} endpoints per company.`,
        body: NewWebhook,
        response: { 201: CreatedWebhook, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request.account);
      const url = await checkedUrl(request.body.url.trim());
      const secret = newWebhookSecret();
      const id = await app.db.transaction(async (tx) => {
        if ((await webhooks.countLocked(companyId, tx)) >= webhookEndpointsPerCompany) {
          throw new HttpError(
            409,
            `A company may have at most ${webhookEndpointsPerCompany} webhook endpoints`,
          );
        }
        return webhooks.insert(
          {
            companyId,
            url,
            events: request.body.events,
            secretSealed: sealer.seal(secret),
            createdBy: request.account.id,
          },
          tx,
        );
      });
      const row = (await webhooks.find(companyId, id))!;
      return reply.code(201).send({ ...webhookView(row), secret });
    },
  );

  app.put(
    '/webhooks/:id',
    {
      config: { access: 'webhooks.manage', audit: 'webhook.update' },
      schema: {
        tags,
        summary: "Change an endpoint's events, or enable it again",
        description:
          'Enabling an endpoint disabled after a day of failures sends what it missed, in order.',
        params: WebhookIdParams,
        body: WebhookChange,
        response: { 200: Webhook },
      },
    },
    async (request) => {
      const companyId = companyOf(request.account);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        if (!(await webhooks.update(companyId, id, request.body, tx))) {
          throw notFound('Webhook not found');
        }
        if (request.body.enabled) {
          const open = await webhooks.firstOpenPerJob(id, tx);
          if (open.length) {
            await app.queue.sendMany(
              queueNames.webhook,
              open.map((d) => ({ id: d })),
              { tx },
            );
          }
        }
      });
      return webhookView((await webhooks.find(companyId, id))!);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: { access: 'webhooks.manage', audit: 'webhook.rotate_secret' },
      schema: {
        tags,
        summary: 'A new signing secret, answered once; the old one stops signing at once',
        params: WebhookIdParams,
        response: { 200: WebhookSecret },
      },
    },
    async (request) => {
      const secret = newWebhookSecret();
      const changed = await webhooks.setSecret(
        companyOf(request.account),
        request.params.id,
        sealer.seal(secret),
      );
      if (!changed) throw notFound('Webhook not found');
      return { secret };
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { access: 'webhooks.manage', audit: 'webhook.delete' },
      schema: {
        tags,
        summary: 'Delete an endpoint with its delivery log; nothing more is sent to it',
        params: WebhookIdParams,
        response: { 200: Webhook },
      },
    },
    async (request) => {
      const companyId = companyOf(request.account);
      const row = await webhooks.find(companyId, request.params.id);
      if (!row || !(await webhooks.remove(companyId, row.id))) throw notFound('Webhook not found');
      return webhookView(row);
    },
  );
};

export default endpointRoutes;
