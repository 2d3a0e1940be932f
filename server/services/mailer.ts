import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const maxAttempts = 5;
const batchSize = 50;
/** Mail not delivered by then is given up, and its body (live links) cleared. */
const undeliveredBodyHours = 24;

/**
 * Mail goes to the outbox table first (in the caller's transaction, so a rolled-back sign-up
 * sends nothing); `flush` then delivers it over SMTP when SMTP_URL is set. Without SMTP the
 * server log is the delivery: the mail is printed there, so the embedded default needs no mail
 * server. Either way a delivered mail's body is cleared: its links carry live one-time tokens
 * that the outbox must not keep.
 */
export function createMailer(opts: {
  db: Queryable;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}) {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;

  const delivered = (ids: string[]) =>
    opts.db.query(
      `UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, text_body = NULL
        WHERE id = ANY($1::uuid[])`,
      [ids],
    );

  /** Delivers up to `batchSize` unsent mails: how many it tried and whether any failed. */
  async function deliverBatch() {
    let failed = false;
    const pending = await opts.db.query<{
      id: string;
      to_address: string;
      subject: string;
      text_body: string;
    }>(
      `SELECT id, to_address, subject, text_body FROM mail_outbox
        WHERE sent_at IS NULL AND text_body IS NOT NULL AND attempts < $1
        ORDER BY created_at LIMIT $2`,
      [maxAttempts, batchSize],
    );
    if (!transport) {
      // Mail links carry one-time tokens: printed only where no mail server exists to carry them.
      for (const m of pending.rows) {
        opts.log.info(
          { mailTo: m.to_address, subject: m.subject },
          `mail printed here as SMTP_URL is unset:\n${m.text_body}`,
        );
      }
      // Printing cannot fail half-way: the batch is marked in one statement.
      if (pending.rows.length) await delivered(pending.rows.map((m) => m.id));
      return { tried: pending.rows.length, failed };
    }
    for (const m of pending.rows) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
        });
        await delivered([m.id]);
      } catch (err) {
        failed = true;
        opts.log.warn({ err, mailTo: m.to_address }, 'mail delivery failed');
        await opts.db.query(
          `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
                  text_body = CASE WHEN attempts + 1 >= $3 THEN NULL ELSE text_body END
            WHERE id = $1`,
          [m.id, String((err as Error).message).slice(0, 500), maxAttempts],
        );
      }
    }
    return { tried: pending.rows.length, failed };
  }

  // Deliveries queued by `deliverSoon`, one after another; `close` waits for them.
  let delivering: Promise<void> = Promise.resolve();

  const mailer = {
    async enqueue(mail: Mail, q: Queryable = opts.db) {
      const r = await q.query<{ id: string }>(
        'INSERT INTO mail_outbox (to_address, subject, text_body) VALUES ($1, $2, $3) RETURNING id',
        [mail.to, mail.subject, mail.text],
      );
      return r.rows[0]!.id;
    },

    /** Delivers the unsent mail; a failure is recorded on the row and retried on the next flush. */
    async flush() {
      await opts.db.query(
        `UPDATE mail_outbox SET text_body = NULL
          WHERE sent_at IS NULL AND text_body IS NOT NULL
            AND created_at < now() - make_interval(hours => $1)`,
        [undeliveredBodyHours],
      );
      // Batch after batch until the outbox is empty (a broadcast queues thousands at once); a
      // failed batch ends the round, so a mail server that is down is retried on the next flush.
      for (;;) {
        const sent = await deliverBatch();
        if (sent.failed || sent.tried < batchSize) return;
      }
    },

    /**
     * Delivers after the caller has answered: how long a mail server takes must not tell a
     * client whether an account exists. Failures are logged (the outbox keeps the mail).
     */
    deliverSoon() {
      mailer.writeSoon(async () => {});
    },

    /**
     * Runs `write` (which looks up who to mail and queues the mail) after the caller has
     * answered, then delivers: the answer is the same bytes at the same time whether or not
     * there was anyone to mail. Failures are logged.
     */
    writeSoon(write: () => Promise<void>) {
      delivering = delivering
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(write)
        .then(() => mailer.flush())
        .catch((err: unknown) => opts.log.error({ err }, 'mail delivery after the answer failed'));
    },

    /** Settles once the mail written and delivered after answering so far is done. */
    idle: () => delivering,

    async close() {
      await delivering;
      transport?.close();
    },
  };
  return mailer;
}

export type Mailer = ReturnType<typeof createMailer>;
