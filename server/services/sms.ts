import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';
import { queueNames, type Queue } from './queue';

/** A text message to one Nigerian phone (`+234…`). */
export interface Sms {
  to: string;
  text: string;
}

/** What a provider answered for a message it took. */
export interface SmsReceipt {
  providerMessageId: string | null;
}

/** A way to send text messages (`SMS_DRIVER`): the server log, or a provider's HTTP API. */
export interface SmsDriver {
  name: SmsDriverName;
  send(sms: Sms): Promise<SmsReceipt>;
}

export const smsDriverNames = ['log', 'termii'] as const;
export type SmsDriverName = (typeof smsDriverNames)[number];

/** How texts are sent (README, Configuration). */
export type SmsSettings =
  | { driver: 'log'; retryDelaySeconds: number }
  | {
      driver: 'termii';
      retryDelaySeconds: number;
      termii: TermiiSettings;
    };

export interface TermiiSettings {
  apiKey: string;
  /** The registered sender ID (up to 11 characters) the phone shows as the sender. */
  senderId: string;
  baseUrl: string;
  /** The provider's answer must come within this. */
  timeoutMs: number;
}

export const defaultTermiiBaseUrl = 'https://api.ng.termii.com';
export const defaultSmsTimeoutMs = 10_000;

/** Tries of one text before it is given up (its body cleared). */
export const smsAttempts = 5;

/** Texts printed to the log, kept in memory as well for tests to read (this process's last 100). */
export function createLogSmsDriver(log: FastifyBaseLogger) {
  const outbox: Sms[] = [];
  return {
    name: 'log' as const,
    outbox,
    async send(sms: Sms): Promise<SmsReceipt> {
      outbox.push(sms);
      if (outbox.length > 100) outbox.shift();
      // The text carries a live capture link: printed only where no provider exists to carry it.
      log.info({ smsTo: sms.to }, `SMS printed here as SMS_DRIVER is log:\n${sms.text}`);
      return { providerMessageId: null };
    },
  };
}

class SmsProviderError extends Error {}

/**
 * Termii's SMS API (a Nigerian provider): `POST {base}/api/sms/send` with a JSON body carrying the
 * key; numbers in international form without the plus (`2348031234567`). Anything but a 2xx with
 * a JSON body is a failure, as is no answer within `timeoutMs`.
 */
export function createTermiiDriver(settings: TermiiSettings): SmsDriver {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/api/sms/send`;
  return {
    name: 'termii',
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: settings.apiKey,
            to: sms.to.replace(/^\+/, ''),
            from: settings.senderId,
            sms: sms.text,
            type: 'plain',
            channel: 'generic',
          }),
          redirect: 'manual',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError';
        throw new SmsProviderError(
          timedOut
            ? `Termii did not answer within ${settings.timeoutMs} ms`
            : `Termii could not be reached: ${(err as Error).message}`,
        );
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        throw new SmsProviderError(`Termii answered ${response.status}: ${text.slice(0, 200)}`);
      }
      let answer: { message_id?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        throw new SmsProviderError(`Termii answered ${response.status} without JSON`);
      }
      const id = answer.message_id;
      return {
        providerMessageId: typeof id === 'string' || typeof id === 'number' ? `${id}` : null,
      };
    },
  };
}

export function smsDriverOf(settings: SmsSettings, log: FastifyBaseLogger) {
  return settings.driver === 'termii'
    ? createTermiiDriver(settings.termii)
    : createLogSmsDriver(log);
}

/** A text's state as the job page shows it: waiting for (another) try, sent, or given up. */
export type SmsStatus = 'sending' | 'sent' | 'failed';

export interface SmsOutboxRow {
  id: string;
  job_id: string | null;
  to_phone: string;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: number;
  last_error: string | null;
}

const outboxColumns = 'id, job_id, to_phone, created_at, sent_at, failed_at, attempts, last_error';

export const smsStatusOf = (row: Pick<SmsOutboxRow, 'sent_at' | 'failed_at'>): SmsStatus =>
  row.sent_at ? 'sent' : row.failed_at ? 'failed' : 'sending';

/** A text as the job page shows it (`CaptureLinkSms`). */
export const smsView = (row: SmsOutboxRow) => ({
  status: smsStatusOf(row),
  to: maskPhone(row.to_phone),
  created_at: row.created_at.toISOString(),
  sent_at: row.sent_at?.toISOString() ?? null,
  attempts: row.attempts,
  error: row.sent_at ? null : row.last_error,
});

/** `+2348031234567` → `•••••••••4567`: enough to tell numbers apart, not to dial one. */
export const maskPhone = (phone: string) =>
  `${'•'.repeat(Math.max(phone.length - 4, 0))}${phone.slice(-4)}`;

/**
 * Texts go to the `sms_outbox` table with a queued job to send them, both in the caller's
 * transaction (a request never waits for the provider); the queue's worker hands each to the
 * driver and retries a failure with backoff, up to `smsAttempts` tries. Each try's error is kept
 * on the row, so the job page can say a text failed; its body (a live link) is cleared once sent
 * or given up.
 */
export function createSmsSender(opts: {
  db: Queryable;
  queue: Queue;
  driver: SmsDriver;
  log: FastifyBaseLogger;
}) {
  return {
    driver: opts.driver,

    /** Queues `sms` about a job in the caller's transaction; the row as the job page shows it. */
    async enqueue(sms: Sms & { jobId: string | null; sentBy: string | null }, q: Queryable) {
      const r = await q.query<SmsOutboxRow>(
        `INSERT INTO sms_outbox (job_id, to_phone, body, sent_by) VALUES ($1, $2, $3, $4)
         RETURNING ${outboxColumns}`,
        [sms.jobId, sms.to, sms.text, sms.sentBy],
      );
      const row = r.rows[0]!;
      await opts.queue.send(queueNames.sms, { id: row.id }, { tx: q });
      return row;
    },

    /**
     * The queue's handler: one try of the text `id` if it is still to send. A failure is recorded
     * and thrown so that the queue tries again; the last try's failure marks it given up instead.
     */
    async deliver(id: string) {
      const { rows } = await opts.db.query<{ to_phone: string; body: string }>(
        `SELECT to_phone, body FROM sms_outbox
          WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL AND body IS NOT NULL`,
        [id],
      );
      const row = rows[0];
      if (!row) return;
      try {
        const receipt = await opts.driver.send({ to: row.to_phone, text: row.body });
        await opts.db.query(
          `UPDATE sms_outbox SET sent_at = now(), attempts = attempts + 1, body = NULL,
                  provider_message_id = $2
            WHERE id = $1`,
          [id, receipt.providerMessageId],
        );
      } catch (err) {
        const message = String((err as Error).message).slice(0, 500);
        const r = await opts.db.query<{ attempts: number }>(
          `UPDATE sms_outbox SET attempts = attempts + 1, last_error = $2,
                  failed_at = CASE WHEN attempts + 1 >= $3 THEN now() END,
                  body = CASE WHEN attempts + 1 >= $3 THEN NULL ELSE body END
            WHERE id = $1 RETURNING attempts`,
          [id, message, smsAttempts],
        );
        const attempts = r.rows[0]!.attempts;
        opts.log.warn(
          { smsId: id, attempts, driver: opts.driver.name, error: message },
          attempts < smsAttempts ? 'SMS not sent: tried again later' : 'SMS given up',
        );
        if (attempts < smsAttempts) throw err;
      }
    },

    /** The last text sent about each job (the job page's "SMS sent" / "SMS failed"). */
    async lastForJob(jobId: string, q: Queryable = opts.db) {
      const r = await q.query<SmsOutboxRow>(
        `SELECT ${outboxColumns} FROM sms_outbox
          WHERE job_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [jobId],
      );
      return r.rows[0] ?? null;
    },

    /** Settles once the texts queued so far are sent or given up (tests). */
    idle: () => opts.queue.settled([queueNames.sms]),
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;
