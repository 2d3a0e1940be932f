import type { ResourcePart } from '../../dataProvider/resourcePart';
import { apiJson } from '../../httpClient/httpClient';
import type { WebhookDelivery, WebhookTestResult } from './types';

const enc = (id: unknown) => encodeURIComponent(String(id));

/** The webhook calls that are not CRUD, spread on the dataProvider. */
export const webhooksApi = {
  /** `POST /webhooks/{id}/test`: a signed test event now, and what the endpoint answered. */
  testWebhook: (id: string) =>
    apiJson<WebhookTestResult>(`/webhooks/${enc(id)}/test`, { method: 'POST' }),
  /** `POST /webhooks/{id}/rotate-secret`: the new secret, shown once. */
  rotateWebhookSecret: (id: string) =>
    apiJson<{ secret: string }>(`/webhooks/${enc(id)}/rotate-secret`, { method: 'POST' }),
  /** `POST /webhooks/{id}/deliveries/{deliveryId}/resend`. */
  resendWebhookDelivery: (id: string, deliveryId: string) =>
    apiJson<{ id: string }>(`/webhooks/${enc(id)}/deliveries/${enc(deliveryId)}/resend`, {
      method: 'POST',
    }),
};

/** `webhook-deliveries`: one endpoint's log, `GET /webhooks/{filter.webhook_id}/deliveries`. */
export const webhookDeliveriesPart: ResourcePart = {
  async getList(params) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const first = (page - 1) * perPage;
    const range = encodeURIComponent(JSON.stringify([first, first + perPage - 1]));
    const id = enc((params.filter as { webhook_id?: string }).webhook_id);
    const data = await apiJson<WebhookDelivery[]>(`/webhooks/${id}/deliveries?range=${range}`);
    // The server's total is in Content-Range; a page shorter than asked is the last one.
    return {
      data,
      pageInfo: { hasPreviousPage: page > 1, hasNextPage: data.length === perPage },
    };
  },
};
