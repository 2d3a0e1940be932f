import { Type, type Static } from 'typebox';
import { webhookEventTypes } from '../../reference/webhookEvents';
import { ListQuery } from './common';

const nullableString = Type.Union([Type.String(), Type.Null()]);
const nullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** At most this many endpoints per company. */
export const webhookEndpointsPerCompany = 10;

export const WebhookEventType = Type.Enum(webhookEventTypes);

const Events = Type.Array(WebhookEventType, {
  minItems: 1,
  maxItems: webhookEventTypes.length,
  uniqueItems: true,
  description: `Some of: ${webhookEventTypes.join(', ')}`,
});

export const NewWebhook = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'https:// only; its host must resolve to public addresses',
    }),
    events: Events,
  },
  { additionalProperties: false },
);
export type NewWebhook = Static<typeof NewWebhook>;

export const WebhookChange = Type.Object(
  {
    events: Type.Optional(Events),
    enabled: Type.Optional(
      Type.Boolean({ description: 'true enables again an endpoint disabled after failing' }),
    ),
  },
  { additionalProperties: false },
);
export type WebhookChange = Static<typeof WebhookChange>;

export const WebhookDeliveryStatus = Type.Enum(['pending', 'delivered', 'failed', 'given_up']);

export const Webhook = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  company_name: nullableString,
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  enabled: Type.Boolean(),
  created_at: Type.String(),
  disabled_at: nullableString,
  failing_since: nullableString,
  last_delivery_status: Type.Union([WebhookDeliveryStatus, Type.Null()]),
  last_delivery_at: nullableString,
});
export type Webhook = Static<typeof Webhook>;

/** The endpoint as created: the signing secret is shown this once. */
export const CreatedWebhook = Type.Intersect([
  Webhook,
  Type.Object({ secret: Type.String({ description: 'Shown once: keep it' }) }),
]);
export type CreatedWebhook = Static<typeof CreatedWebhook>;

export const WebhookSecret = Type.Object({ secret: Type.String() });
export type WebhookSecret = Static<typeof WebhookSecret>;

export const WebhookIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const WebhookDeliveryParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  deliveryId: Type.String({ format: 'uuid' }),
});

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  event_id: Type.String(),
  event_type: WebhookEventType,
  job_id: Type.String(),
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  last_status_code: nullableInteger,
  last_error: nullableString,
  last_duration_ms: nullableInteger,
  next_attempt_at: nullableString,
  delivered_at: nullableString,
  created_at: Type.String(),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryListQuery = ListQuery(['created_at'], 'none');

/** What the test event came to. */
export const WebhookTestResult = Type.Object({
  ok: Type.Boolean(),
  status_code: nullableInteger,
  error: nullableString,
  duration_ms: Type.Integer(),
});
export type WebhookTestResult = Static<typeof WebhookTestResult>;
