import fp from 'fastify-plugin';
import { sweepUnfinishedUploads } from '../../services/captureSubmission';
import { queueNames, type QueuePolicy } from '../../services/queue';
import { checkTatBreaches } from '../../services/tatBreach';

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

    const cleanupPolicy: QueuePolicy = {
      retryLimit: 2,
      retryDelaySeconds: 60,
      expireInSeconds: lostAfterSeconds,
      pollingIntervalSeconds: 30,
    };
    app.queue.handle(queueNames.cleanup, cleanupPolicy, async () => {
      const mails = await app.mailer.clearStale();
      const photos = await sweepUnfinishedUploads(app);
      if (mails || photos)
        app.log.info({ mails, photos }, 'clean-up: stale mail and photos removed');
    });

    const tatPolicy: QueuePolicy = {
      policy: 'short',
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireInSeconds: lostAfterSeconds,
      pollingIntervalSeconds: 5,
    };
    app.queue.handle(queueNames.tatBreach, tatPolicy, async () => {
      const late = await checkTatBreaches(app);
      if (late) app.log.info({ late }, 'TAT breaches found and told');
    });

    app.addHook('onReady', async () => {
      await app.queue.start();
      await app.queue.schedule(queueNames.cleanup, '23 * * * *');
      await app.queue.schedule(queueNames.tatBreach, '* * * * *');
    });
    app.addHook('onClose', async () => app.queue.stop());
  },
  { name: 'queue', dependencies: ['services'] },
);
