/** The wire types of webhooks, straight from the server's schemas (no bundle cost). */
export type {
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookTestResult,
} from '../../../server/schemas/webhooks';
