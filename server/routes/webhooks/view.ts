import type { AccountRow } from '../../repositories/accounts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../repositories/webhooks';
import type { Webhook, WebhookDelivery } from '../../schemas/webhooks';
import { iso, isoOrNull } from '../../services/jobAccess';

/** The company whose endpoints this account manages (the access rule admits company owners). */
export function companyOf(a: Pick<AccountRow, 'company_id'>) {
  if (!a.company_id) throw new Error('webhooks.manage admitted an account without a company');
  return a.company_id;
}

/** An endpoint as the API shows it: never its secret. */
export function webhookView(e: WebhookEndpointRow): Webhook {
  return {
    id: e.id,
    company_id: e.company_id,
    company_name: e.company_name,
    url: e.url,
    events: e.events,
    enabled: e.disabled_at === null,
    created_at: iso(e.created_at),
    disabled_at: isoOrNull(e.disabled_at),
    failing_since: isoOrNull(e.failing_since),
    last_delivery_status: e.last_delivery_status,
    last_delivery_at: isoOrNull(e.last_delivery_at),
  };
}

export function deliveryView(d: WebhookDeliveryRow): WebhookDelivery {
  return {
    ...d,
    next_attempt_at: isoOrNull(d.next_attempt_at),
    delivered_at: isoOrNull(d.delivered_at),
    created_at: iso(d.created_at),
  };
}
