import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';
import { queueNames, type Queue } from './queue';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Tries of one mail before it is given up (its body cleared). */
const mailAttempts = 5;
/** A broadcast's mails go to the queue in jobs of this many. */
const mailsPerJob = 100;
/** Mail not delivered by then is given up, and its body (live links) cleared. */
const undeliveredBodyHours = 24;

/**
 * Mail goes to the outbox table first, with a queued job to deliver it (both in the caller's
 * transaction, so a rolled-back sign-up sends nothing); the queue's worker then delivers it over
 * SMTP when SMTP_URL is set, and retries a refusal with backoff. Without SMTP the server log is
 * the delivery: the mail is printed there, so the embedded default needs no mail server. Either
 * way a delivered mail's body is cleared: its links carry live one-time tokens that the outbox
 * must not keep.
 */
export function createMailer(opts: {
  db: Queryable;
  queue: Queue;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}) {
  const { smtpUrl } = opts;
  // nodemailer is loaded at the first mail over SMTP, not at the server's start.
  let smtp: Promise<Transporter> | undefined;
  const transport = () =>
    smtpUrl
      ? (smtp ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)))
      : undefined;

  const delivered = async (ids: string[]) => {
    if (!ids.length) return;
    await opts.db.query(
      `UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, text_body = NULL
        WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  };

  // Writes queued by `writeSoon`, one after another; `close` waits for them.
  let writing: Promise<void> = Promise.resolve();

  const mailer = {
    async enqueue(mail: Mail, q: Queryable = opts.db) {
      const r = await q.query<{ id: string }>(
        'INSERT INTO mail_outbox (to_address, subject, text_body) VALUES ($1, $2, $3) RETURNING id',
        [mail.to, mail.subject, mail.text],
      );
      const id = r.rows[0]!.id;
      await opts.queue.send(queueNames.mail, { ids: [id] }, { tx: q });
      return id;
    },

    /**
     * Queues the mails `select` yields (columns `to`, `subject`, `text`: a broadcast's), in two
     * statements whatever their number.
     */
    async enqueueSelected(select: { sql: string; params: unknown[] }, q: Queryable = opts.db) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO mail_outbox (to_address, subject, text_body)
         SELECT m.to, m.subject, m.text FROM (${select.sql}) m RETURNING id`,
        select.params,
      );
      const ids = r.rows.map((row) => row.id);
      const chunks = Array.from({ length: Math.ceil(ids.length / mailsPerJob) }, (_, i) => ({
        ids: ids.slice(i * mailsPerJob, (i + 1) * mailsPerJob),
      }));
      if (chunks.length) await opts.queue.sendMany(queueNames.mail, chunks, { tx: q });
    },

    /**
     * The queue's handler: delivers the outbox rows `ids` not delivered yet. A refusal is
     * recorded on its row, and thrown once the rest are sent, so the queue tries again later;
     * after a row's last try its body is cleared and it is not tried again.
     */
    async deliver(ids: string[]) {
      const { rows } = await opts.db.query<{
        id: string;
        to_address: string;
        subject: string;
        text_body: string;
      }>(
        `SELECT id, to_address, subject, text_body FROM mail_outbox
          WHERE id = ANY($1::uuid[]) AND sent_at IS NULL AND text_body IS NOT NULL
          ORDER BY created_at`,
        [ids],
      );
      const sender = await transport();
      if (!sender) {
        // Mail links carry one-time tokens: printed only where no mail server exists to carry them.
        for (const m of rows) {
          opts.log.info(
            { mailTo: m.to_address, subject: m.subject },
            `mail printed here as SMTP_URL is unset:\n${m.text_body}`,
          );
        }
        await delivered(rows.map((m) => m.id));
        return;
      }
      const sent: string[] = [];
      let refusal: unknown;
      for (const m of rows) {
        try {
          await sender.sendMail({
            from: opts.from,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
          });
          sent.push(m.id);
        } catch (err) {
          opts.log.warn({ err, mailTo: m.to_address }, 'mail delivery failed');
          const r = await opts.db.query<{ attempts: number }>(
            `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
                    text_body = CASE WHEN attempts + 1 >= $3 THEN NULL ELSE text_body END
              WHERE id = $1 RETURNING attempts`,
            [m.id, String((err as Error).message).slice(0, 500), mailAttempts],
          );
          if (r.rows[0]!.attempts < mailAttempts) refusal = err;
        }
      }
      await delivered(sent);
      if (refusal) throw refusal;
    },

    /** A clean-up: mail not delivered within a day is given up, and its body (live links) cleared. */
    async clearStale() {
      const r = await opts.db.query(
        `UPDATE mail_outbox SET text_body = NULL
          WHERE sent_at IS NULL AND text_body IS NOT NULL
            AND created_at < now() - make_interval(hours => $1)`,
        [undeliveredBodyHours],
      );
      return r.rowCount;
    },

    /**
     * Runs `write` (which looks up who to mail and queues the mail) after the caller has
     * answered: the answer is the same bytes at the same time whether or not there was anyone to
     * mail. Failures are logged.
     */
    writeSoon(write: () => Promise<void>) {
      writing = writing
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(write)
        .catch((err: unknown) => opts.log.error({ err }, 'mail written after the answer failed'));
    },

    /** Settles once the mail written after answering and queued so far is delivered (tests). */
    async idle() {
      await writing;
      await opts.queue.settled([queueNames.mail]);
    },

    async close() {
      await writing;
      (await smtp?.catch(() => undefined))?.close();
    },
  };
  return mailer;
}

export type Mailer = ReturnType<typeof createMailer>;
