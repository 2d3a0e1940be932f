import type { Queryable } from '../db';
import type { WebhookEventType } from '../../reference/webhookEvents';
import { selectJob } from './jobsView';
import { Where } from './sqlWhere';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'given_up';

export interface WebhookEndpointRow {
  id: string;
  company_id: string;
  company_name: string | null;
  url: string;
  events: WebhookEventType[];
  secret_sealed: string;
  created_at: Date;
  disabled_at: Date | null;
  failing_since: Date | null;
  last_delivery_status: WebhookDeliveryStatus | null;
  last_delivery_at: Date | null;
}

export interface WebhookDeliveryRow {
  id: string;
  event_id: string;
  event_type: WebhookEventType;
  job_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

/** One delivery with what sending it needs: its endpoint and its event. */
export interface WebhookSendRow {
  id: string;
  seq: string;
  endpoint_id: string;
  company_id: string;
  job_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  first_failed_at: Date | null;
  url: string;
  secret_sealed: string;
  disabled_at: Date | null;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  payload: unknown;
  /** An earlier delivery of the same (endpoint, job) still to send: this one waits for it. */
  waits: boolean;
}

/** What one try of a delivery came to. */
export interface WebhookAttempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const endpointColumns = `e.id, e.company_id, c.name AS company_name, e.url, e.events,
  e.secret_sealed, e.created_at, e.disabled_at, e.failing_since,
  last.status AS last_delivery_status, last.created_at AS last_delivery_at`;

const endpointFrom = `webhook_endpoints e JOIN companies c ON c.id = e.company_id
  LEFT JOIN LATERAL (SELECT d.status, d.created_at FROM webhook_deliveries d
                      WHERE d.endpoint_id = e.id ORDER BY d.created_at DESC, d.seq DESC LIMIT 1) last
         ON true`;

/**
 * Webhook endpoints, the job events published to them and their deliveries. `companyId` scopes
 * every read and write of an endpoint: another company's endpoint is not found.
 */
export function createWebhooksRepository(db: Queryable) {
  return {
    /** A company's endpoints (or every company's, for the provider's admins), oldest first. */
    async list(companyId: string | null, q: Queryable = db) {
      const r = await q.query<WebhookEndpointRow>(
        `SELECT ${endpointColumns} FROM ${endpointFrom}
          WHERE $1::uuid IS NULL OR e.company_id = $1 ORDER BY e.created_at, e.id`,
        [companyId],
      );
      return r.rows;
    },

    async find(companyId: string, id: string, q: Queryable = db) {
      const r = await q.query<WebhookEndpointRow>(
        `SELECT ${endpointColumns} FROM ${endpointFrom} WHERE e.company_id = $1 AND e.id = $2`,
        [companyId, id],
      );
      return r.rows[0];
    },

    /** The company's endpoints, counted with its row locked: the limit holds under races. */
    async countLocked(companyId: string, q: Queryable) {
      await q.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
      const r = await q.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_endpoints WHERE company_id = $1',
        [companyId],
      );
      return r.rows[0]!.n;
    },

    async insert(
      e: {
        companyId: string;
        url: string;
        events: readonly string[];
        secretSealed: string;
        createdBy: string | null;
        createdAt?: Date;
      },
      q: Queryable = db,
    ) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO webhook_endpoints (company_id, url, events, secret_sealed, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, coalesce($6, now())) RETURNING id`,
        [e.companyId, e.url, e.events, e.secretSealed, e.createdBy, e.createdAt ?? null],
      );
      return r.rows[0]!.id;
    },

    /** Events and enabling; answers whether the endpoint was the company's. */
    async update(
      companyId: string,
      id: string,
      change: { events?: readonly string[]; enabled?: boolean },
      q: Queryable = db,
    ) {
      const r = await q.query(
        `UPDATE webhook_endpoints SET events = coalesce($3, events),
                disabled_at = CASE WHEN $4::boolean IS NULL THEN disabled_at
                                   WHEN $4 THEN NULL ELSE coalesce(disabled_at, now()) END,
                failing_since = CASE WHEN $4 THEN NULL ELSE failing_since END
          WHERE company_id = $1 AND id = $2`,
        [companyId, id, change.events ?? null, change.enabled ?? null],
      );
      return r.rowCount > 0;
    },

    async setSecret(companyId: string, id: string, secretSealed: string, q: Queryable = db) {
      const r = await q.query(
        'UPDATE webhook_endpoints SET secret_sealed = $3 WHERE company_id = $1 AND id = $2',
        [companyId, id, secretSealed],
      );
      return r.rowCount > 0;
    },

    async remove(companyId: string, id: string, q: Queryable = db) {
      const r = await q.query('DELETE FROM webhook_endpoints WHERE company_id = $1 AND id = $2', [
        companyId,
        id,
      ]);
      return r.rowCount > 0;
    },

    /** An endpoint's deliveries, newest first, with the total. */
    async deliveries(endpointId: string, offset: number, limit: number, q: Queryable = db) {
      const [rows, total] = await Promise.all([
        q.query<WebhookDeliveryRow>(
          `SELECT d.id, d.event_id, ev.type AS event_type, d.job_id, d.status, d.attempts,
                  d.last_status_code, d.last_error, d.last_duration_ms, d.next_attempt_at,
                  d.delivered_at, d.created_at
             FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
            WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.seq DESC
            OFFSET $2 LIMIT $3`,
          [endpointId, offset, limit],
        ),
        q.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
          [endpointId],
        ),
      ]);
      return { rows: rows.rows, total: total.rows[0]!.n };
    },

    /** Whether any of these companies has an enabled endpoint subscribed to `type`. */
    async anySubscriber(companyIds: readonly string[], type: string, q: Queryable = db) {
      const r = await q.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM webhook_endpoints
                         WHERE company_id = ANY($1::uuid[]) AND disabled_at IS NULL
                           AND $2 = ANY(events)) AS any`,
        [companyIds, type],
      );
      return r.rows[0]!.any;
    },

    /**
     * Publishes `type` for these jobs in one statement: an event per job whose owner company has
     * an enabled endpoint subscribed to it (the job as its owner reads it: the owner never lost
     * a personal field, so the columns are those of `jobColumns`' unrestricted view) and a
     * pending delivery per such endpoint. Answers the deliveries' ids; with no subscriber the
     * statement stops at the endpoints' index. `companyIds` (the jobs' owners, when known) spares
     * reading them from the jobs.
     */
    async publish(
      type: string,
      jobIds: readonly string[],
      companyIds: readonly string[] | null,
      q: Queryable = db,
      createdAt: Date | null = null,
      extra: Record<string, unknown> = {},
    ) {
      const w = new Where([type, jobIds, companyIds, createdAt, JSON.stringify(extra)]);
      w.add('j.id = ANY($2::uuid[])');
      // Uncorrelated: a one-time filter, so with no subscriber the jobs are not even read.
      w.add('EXISTS (SELECT 1 FROM subs)');
      w.add('j.company_id IN (SELECT company_id FROM subs)');
      const r = await q.query<{ id: string }>(
        `WITH subs AS (
           SELECT id, company_id FROM webhook_endpoints
            WHERE company_id = ANY(coalesce($3::uuid[],
                    ARRAY(SELECT DISTINCT company_id FROM jobs WHERE id = ANY($2::uuid[]))))
              AND disabled_at IS NULL AND $1 = ANY(events)),
         ev AS (
           INSERT INTO webhook_events (company_id, job_id, type, payload, created_at)
           SELECT x.company_id, x.id, $1, $5::text::jsonb || jsonb_build_object('job', to_jsonb(x)),
                  coalesce($4, now())
             FROM (${selectJob(w, { kind: 'all' })} ${w.sql}) x
           RETURNING id, company_id, job_id, created_at)
         INSERT INTO webhook_deliveries (endpoint_id, event_id, job_id, created_at)
         SELECT s.id, ev.id, ev.job_id, ev.created_at FROM ev JOIN subs s USING (company_id)
         RETURNING id`,
        w.params,
      );
      return r.rows.map((row) => row.id);
    },

    /** One delivery with its endpoint and event, to send. */
    async toSend(id: string, q: Queryable = db) {
      const r = await q.query<WebhookSendRow>(
        `SELECT d.id, d.seq, d.endpoint_id, e.company_id, d.job_id, d.status, d.attempts,
                d.first_failed_at, e.url, e.secret_sealed, e.disabled_at,
                ev.id AS event_id, ev.type AS event_type, ev.created_at AS event_created_at,
                ev.payload,
                EXISTS (SELECT 1 FROM webhook_deliveries o
                         WHERE o.endpoint_id = d.endpoint_id AND o.job_id = d.job_id
                           AND o.seq < d.seq AND o.status IN ('pending', 'failed')) AS waits
           FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.id = d.endpoint_id
           JOIN webhook_events ev ON ev.id = d.event_id
          WHERE d.id = $1`,
        [id],
      );
      return r.rows[0];
    },

    /**
     * Takes the delivery for one try, for `ms`: false when it is settled or another process is
     * sending it (the queue delivers at least once, so a job may run twice).
     */
    async claim(id: string, ms: number, q: Queryable = db) {
      const r = await q.query(
        `UPDATE webhook_deliveries SET claimed_until = now() + $2 * interval '1 millisecond'
          WHERE id = $1 AND status IN ('pending', 'failed')
            AND (claimed_until IS NULL OR claimed_until < now())`,
        [id, ms],
      );
      return r.rowCount > 0;
    },

    /**
     * Records a try. A success delivers the row and clears the endpoint's failing streak; a
     * failure marks the row failed (given up when `giveUp`) and starts the endpoint's streak.
     * Answers the row's attempts and when its failures began, or undefined when the row was no
     * longer open (another process finished it first).
     */
    async recordAttempt(id: string, a: WebhookAttempt, giveUp: boolean, q: Queryable) {
      const status: WebhookDeliveryStatus = a.ok ? 'delivered' : giveUp ? 'given_up' : 'failed';
      const r = await q.query<{
        attempts: number;
        first_failed_at: Date | null;
        endpoint_id: string;
      }>(
        `UPDATE webhook_deliveries
            SET status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4,
                last_duration_ms = $5, next_attempt_at = NULL, claimed_until = NULL,
                delivered_at = CASE WHEN $2 = 'delivered' THEN now() END,
                first_failed_at = CASE WHEN $2 = 'delivered' THEN first_failed_at
                                       ELSE coalesce(first_failed_at, now()) END
          WHERE id = $1 AND status IN ('pending', 'failed')
          RETURNING attempts, first_failed_at, endpoint_id`,
        [id, status, a.statusCode, a.error?.slice(0, 500) ?? null, Math.round(a.durationMs)],
      );
      const row = r.rows[0];
      if (!row) return undefined;
      await q.query(
        a.ok
          ? 'UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1'
          : 'UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = $1',
        [row.endpoint_id],
      );
      return row;
    },

    async setNextAttempt(id: string, at: Date, q: Queryable) {
      await q.query('UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE id = $1', [id, at]);
    },

    /** The next delivery still to send of this (endpoint, job), after `seq`. */
    async nextOfPair(endpointId: string, jobId: string, seq: string, q: Queryable) {
      const r = await q.query<{ id: string }>(
        `SELECT id FROM webhook_deliveries
          WHERE endpoint_id = $1 AND job_id = $2 AND seq > $3 AND status = 'pending'
          ORDER BY seq LIMIT 1`,
        [endpointId, jobId, seq],
      );
      return r.rows[0]?.id;
    },

    /**
     * Disables the endpoint if it has been failing since before `before`; answers its company's
     * owner (to mail) when this call disabled it.
     */
    async disableIfFailingSince(endpointId: string, before: Date, q: Queryable) {
      const r = await q.query<{ url: string; email: string | null; first_name: string | null }>(
        `UPDATE webhook_endpoints e SET disabled_at = now()
          WHERE e.id = $1 AND e.disabled_at IS NULL AND e.failing_since <= $2
          RETURNING e.url,
            (SELECT a.email FROM accounts a WHERE a.company_id = e.company_id AND a.role = 'company'
              ORDER BY a.created_at LIMIT 1) AS email,
            (SELECT a.first_name FROM accounts a WHERE a.company_id = e.company_id AND a.role = 'company'
              ORDER BY a.created_at LIMIT 1) AS first_name`,
        [endpointId, before],
      );
      return r.rows[0];
    },

    /** Opens a delivery of the company's endpoint to send again; answers whether it was found. */
    async reopen(companyId: string, endpointId: string, deliveryId: string, q: Queryable = db) {
      const r = await q.query(
        `UPDATE webhook_deliveries d SET status = 'pending', first_failed_at = NULL,
                next_attempt_at = now(), claimed_until = NULL
           FROM webhook_endpoints e
          WHERE d.id = $3 AND d.endpoint_id = $2 AND e.id = d.endpoint_id AND e.company_id = $1`,
        [companyId, endpointId, deliveryId],
      );
      return r.rowCount > 0;
    },

    /** The oldest delivery still to send of each job of the endpoint (to queue on re-enabling). */
    async firstOpenPerJob(endpointId: string, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `SELECT DISTINCT ON (job_id) id FROM webhook_deliveries
          WHERE endpoint_id = $1 AND status IN ('pending', 'failed')
          ORDER BY job_id, seq`,
        [endpointId],
      );
      return r.rows.map((row) => row.id);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
