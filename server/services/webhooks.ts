import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSettings } from '../config';
import type { Queryable } from '../db';
import type { WebhookEventType } from '../../reference/webhookEvents';
import type { JobRow } from '../repositories/jobs';
import { createWebhooksRepository, type WebhooksRepository } from '../repositories/webhooks';
import { jobView } from './jobAccess';
import type { Mail } from './mailer';
import { queueNames, type Queue } from './queue';
import { createSealer, randomToken } from './secrets';
import { checkWebhookUrl, postWebhook, WebhookUrlError } from './webhookRequest';
import { signatureHeader, signWebhook } from './webhookSignature';

/**
 * Webhooks: publishing job events (in the transaction that wrote them) and delivering them, at
 * least once and in order per (endpoint, job), with retries for a day.
 */

export const defaultWebhookSettings: WebhookSettings = {
  allowPrivate: false,
  retryBaseMs: 30_000,
  giveUpAfterMs: 24 * 3600_000,
  timeoutMs: 10_000,
};

export const webhookSettingsOf = (over: Partial<WebhookSettings> | undefined): WebhookSettings => ({
  ...defaultWebhookSettings,
  ...over,
});

/** What publishing needs besides the transaction: the queue that delivers. */
export type WebhookQueue = Pick<Queue, 'send' | 'sendMany'>;

/**
 * Publishes `type` for these jobs, in the caller's transaction: an event per job whose owner
 * company has an enabled endpoint subscribed to it (only the owner: an assignee company is never
 * told about another's job), a delivery per such endpoint, each queued. One statement when no
 * endpoint is subscribed; set-based otherwise, whatever the number of jobs. `companyIds` (the
 * jobs' owners, when the caller knows them) spares looking them up. `extra`: more of the event
 * beside its `job` (the same for every job), e.g. the checks' outcome of `job.checked`.
 */
export async function publishJobEvents(
  queue: WebhookQueue,
  tx: Queryable,
  type: WebhookEventType,
  jobIds: readonly string[],
  companyIds?: readonly string[],
  extra?: Record<string, unknown>,
) {
  if (!jobIds.length) return;
  const repo = createWebhooksRepository(tx);
  const owners = companyIds ? [...new Set(companyIds)] : null;
  // A bulk import's 100,000 ids are not even sent when its company subscribed to nothing (a
  // few ids cost less than the extra statement).
  if (owners && jobIds.length > 100 && !(await repo.anySubscriber(owners, type))) return;
  const deliveries = await repo.publish(type, jobIds, owners, tx, null, extra);
  // One delivery (a job created or moved by hand) takes pg-boss's lighter single insert.
  if (deliveries.length === 1) {
    await queue.send(queueNames.webhook, { id: deliveries[0]! }, { tx });
  } else if (deliveries.length) {
    await queue.sendMany(
      queueNames.webhook,
      deliveries.map((id) => ({ id })),
      { tx },
    );
  }
}

/** A new signing secret: shown once, kept sealed. */
export function newWebhookSecret() {
  return `whsec_${randomToken()}`;
}

export const webhookSealer = (jwtSecret: string) => createSealer(jwtSecret, 'webhook-secrets');

/** The body as sent: the event's id, type and time, and its job. */
export function webhookBody(e: { id: string; type: string; created_at: Date; data: unknown }) {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    created_at: e.created_at.toISOString(),
    data: e.data,
  });
}

export const webhookUserAgent = 'VerificationBackoffice-Webhooks/1';

/** Signs and sends one body to `url` (checked again now); the try's outcome. */
export async function sendSigned(
  settings: WebhookSettings,
  url: string,
  secret: string,
  eventId: string,
  body: string,
) {
  let target;
  try {
    target = await checkWebhookUrl(url, settings.allowPrivate);
  } catch (err) {
    if (!(err instanceof WebhookUrlError)) throw err;
    return { ok: false, statusCode: null, error: err.message, durationMs: 0 };
  }
  const headers = {
    [signatureHeader]: signWebhook(secret, body),
    'X-Webhook-Id': eventId,
    'User-Agent': webhookUserAgent,
  };
  return postWebhook(target, body, headers, settings.timeoutMs);
}

/** The test event: a body of type `webhook.test` with no job, signed as any other. */
export function sendTestEvent(settings: WebhookSettings, url: string, secret: string) {
  const id = randomUUID();
  const body = webhookBody({
    id,
    type: 'webhook.test',
    created_at: new Date(),
    data: { job: null },
  });
  return sendSigned(settings, url, secret, id, body);
}

/** The next try's delay: the base doubled per failed attempt, give or take a tenth. */
export function retryDelayMs(baseMs: number, attempts: number) {
  const jitter = 0.9 + Math.random() * 0.2;
  return Math.round(baseMs * 2 ** Math.min(attempts - 1, 20) * jitter);
}

export interface WebhookDeliveryDeps {
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };
  webhooks: WebhooksRepository;
  queue: Pick<Queue, 'send'>;
  mailer: { enqueue(mail: Mail, q: Queryable): Promise<string> };
  settings: WebhookSettings;
  jwtSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The queue's handler: sends one delivery. Idempotent, as the queue delivers at least once: a
 * delivered or given-up row is never sent again, and one waiting for an earlier delivery of its
 * (endpoint, job) is left for that one to queue once it is settled.
 */
export async function deliverWebhook(deps: WebhookDeliveryDeps, deliveryId: string) {
  const { webhooks, settings } = deps;
  const d = await webhooks.toSend(deliveryId);
  if (!d || d.disabled_at || d.waits) return;
  if (d.status === 'delivered' || d.status === 'given_up') return;
  // Held past the request's own timeout, so that a slow answer never lets a copy in.
  if (!(await webhooks.claim(d.id, settings.timeoutMs + 20_000))) return;
  const secret = webhookSealer(deps.jwtSecret).open(d.secret_sealed);
  if (secret === undefined) {
    deps.log.error({ endpoint: d.endpoint_id }, 'webhook secret sealed under another JWT_SECRET');
  }
  const body = webhookBody({
    id: d.event_id,
    type: d.event_type,
    created_at: new Date(d.event_created_at),
    // The job as stored at the event, shown as the API shows it, and what the event adds.
    data: (({ job, ...more }) => ({ ...more, job: jobView(job) }))(d.payload as { job: JobRow }),
  });
  const attempt =
    secret === undefined
      ? { ok: false, statusCode: null, error: 'signing secret unreadable', durationMs: 0 }
      : await sendSigned(settings, d.url, secret, d.event_id, body);

  await deps.db.transaction(async (tx) => {
    const failingFor = d.first_failed_at ? Date.now() - new Date(d.first_failed_at).getTime() : 0;
    const giveUp = !attempt.ok && failingFor >= settings.giveUpAfterMs;
    const row = await webhooks.recordAttempt(d.id, attempt, giveUp, tx);
    if (!row) return;
    if (attempt.ok || giveUp) {
      const next = await webhooks.nextOfPair(d.endpoint_id, d.job_id, d.seq, tx);
      if (next) await deps.queue.send(queueNames.webhook, { id: next }, { tx });
    } else {
      const at = new Date(Date.now() + retryDelayMs(settings.retryBaseMs, row.attempts));
      await webhooks.setNextAttempt(d.id, at, tx);
      await deps.queue.send(queueNames.webhook, { id: d.id }, { tx, startAfter: at });
    }
    if (!attempt.ok) {
      const before = new Date(Date.now() - settings.giveUpAfterMs);
      const owner = await webhooks.disableIfFailingSince(d.endpoint_id, before, tx);
      if (owner?.email) {
        await deps.mailer.enqueue(
          {
            to: owner.email,
            subject: 'A webhook endpoint was disabled',
            text:
              `Hello ${owner.first_name ?? ''},\n\n` +
              `Deliveries to your webhook endpoint ${owner.url} have failed for a day, so it ` +
              `has been disabled and no more events are sent to it.\n\n` +
              `Its delivery log shows the answers it gave. Once it works again, enable it in ` +
              `Settings → Webhooks: ${deps.publicUrl}/company/webhooks\n`,
          },
          tx,
        );
      }
    }
  });
}
