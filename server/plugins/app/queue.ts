import fp from 'fastify-plugin';
import { sweepUnfinishedUploads } from '../../services/captureSubmission';
import { queueNames, type QueuePolicy } from '../../services/queue';
import { runRetention } from '../../services/retention';
import { smsAttempts } from '../../services/sms';
import { sweepOrphanFiles } from '../../services/storage/orphans';
import { checkTatBreaches } from '../../services/tatBreach';
import { deliverWebhook, webhookSettingsOf } from '../../services/webhooks';

/** A job that has been running this long lost its process: it is taken up again. */
const lostAfterSeconds = 5 * 60;

/**
 * All background work, in one place: each queue's handler and retry policy. The workers start
 * when the app is ready and stop, finishing what they hold, when it closes.
 */
export default fp(
  async (app) => {
    const mailPolicy: QueuePolicy = {
      retryLimit: 4,
      retryDelaySeconds: app.config.mailRetryDelaySeconds,
      expireInSeconds: lostAfterSeconds,
      pollingIntervalSeconds: 2,
    };
    app.queue.handle(queueNames.mail, mailPolicy, ([job]) =>
      app.mailer.deliver(job!.data.ids as string[]),
    );

    // A text the provider refused (or did not answer) is tried again, SMS_RETRY_DELAY_SECONDS
    // doubling, `smsAttempts` tries in all (services/sms.ts gives it up after the last).
    const smsPolicy: QueuePolicy = {
      retryLimit: smsAttempts - 1,
      retryDelaySeconds: app.config.sms.retryDelaySeconds,
      expireInSeconds: lostAfterSeconds,
      pollingIntervalSeconds: 2,
    };
    app.queue.handle(queueNames.sms, smsPolicy, ([job]) => app.sms.deliver(job!.data.id as string));

    const cleanupPolicy: QueuePolicy = {
      retryLimit: 2,
      retryDelaySeconds: 60,
      expireInSeconds: lostAfterSeconds,
      pollingIntervalSeconds: 30,
      cron: '23 * * * *',
    };
    app.queue.handle(queueNames.cleanup, cleanupPolicy, async () => {
      const mails = await app.mailer.clearStale();
      const photos = await sweepUnfinishedUploads(app);
      // Files a crashed request stored without the row that names them.
      const orphans = await sweepOrphanFiles(app);
      if (mails || photos || orphans)
        app.log.info({ mails, photos, orphans }, 'clean-up: stale mail, photos and files removed');
    });

    const tatPolicy: QueuePolicy = {
      policy: 'short',
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireInSeconds: lostAfterSeconds,
      pollingIntervalSeconds: 5,
      cron: '* * * * *',
    };
    app.queue.handle(queueNames.tatBreach, tatPolicy, async () => {
      const late = await checkTatBreaches(app);
      if (late) app.log.info({ late }, 'TAT breaches found and told');
    });

    // The handler queues its own retries (WEBHOOK_RETRY_BASE_MS, for a day): the queue's own
    // retry is only for an error of ours (the database away), and a lost worker's job.
    const webhookPolicy: QueuePolicy = {
      retryLimit: 10,
      retryDelaySeconds: 5,
      expireInSeconds: 60,
      pollingIntervalSeconds: 1,
      // A worker fetches once per poll: a bulk import's deliveries go 25 at a time.
      batchSize: 25,
    };
    const webhookDeps = {
      db: app.db,
      webhooks: app.repos.webhooks,
      queue: app.queue,
      mailer: app.mailer,
      settings: webhookSettingsOf(app.config.webhooks),
      jwtSecret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
      log: app.log,
    };
    app.queue.handle(queueNames.webhook, webhookPolicy, async (jobs) => {
      // Side by side (each its own receiver's wait); a failure of ours retries the batch, which
      // the handler's idempotence allows.
      const done = await Promise.allSettled(
        jobs.map((job) => deliverWebhook(webhookDeps, job.data.id as string)),
      );
      const failed = done.find((d) => d.status === 'rejected');
      if (failed) throw failed.reason;
    });

    // Batches of its own transactions: a retry after a lost worker starts where it stopped.
    const retentionPolicy: QueuePolicy = {
      retryLimit: 3,
      retryDelaySeconds: 600,
      expireInSeconds: 30 * 60,
      pollingIntervalSeconds: 60,
      cron: '17 2 * * *',
    };
    app.queue.handle(queueNames.retention, retentionPolicy, async () => {
      const erased = await runRetention(app, app.config.retentionDays);
      if (erased.jobs || erased.files) app.log.info(erased, 'retention: personal data erased');
    });

    // One submission at a time per process (the runner's checkers work in their own threads),
    // so that the API's own calls keep the other core; a backlog (the demo's at start) is
    // fetched a few at a time rather than one per poll. A run is idempotent: a finished one, or
    // one a newer run replaced, is skipped, so a batch retried after an error of ours is safe.
    // `{ pending: true }` (queued at start-up) queues every check still pending: the demo's, and
    // any a stopped process left.
    const checksPolicy: QueuePolicy = {
      retryLimit: 2,
      retryDelaySeconds: 30,
      // Four submissions' OCR and face searches, with room for a slow one.
      expireInSeconds: 15 * 60,
      pollingIntervalSeconds: 2,
      batchSize: 4,
    };
    app.queue.handle(queueNames.checks, checksPolicy, async (jobs) => {
      let failure: unknown;
      for (const job of jobs) {
        const { submissionId, run, pending } = job.data as {
          submissionId?: string;
          run?: number;
          pending?: boolean;
        };
        try {
          if (pending) {
            const queued = await app.checks.queuePending();
            if (queued) app.log.info({ queued }, 'pending machine checks queued');
          } else await app.checks.run(submissionId!, run!);
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure) throw failure;
    });

    app.addHook('onReady', async () => app.queue.start());
    // Before anything closes (the database among them): workers finish what they hold first.
    app.addHook('preClose', async () => app.queue.stop());
  },
  { name: 'queue', dependencies: ['services'] },
);
