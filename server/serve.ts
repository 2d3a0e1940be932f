import { buildApp } from './app';
import type { Config } from './config';
import type { Db } from './db';
import { startAutoAnalyze } from './db/autoAnalyze';
import { migrate } from './db/migrate';
import { demoAccounts, seedDemoData } from './seed/demoData';
import { serveDumps } from './services/backup';
import { queueNames } from './services/queue';
import { twoFactorSealer } from './services/twoFactor';
import { webhookSealer } from './services/webhooks';

/**
 * The API and the web app on the opened database (./server.ts opens it): migrate, seed a new
 * embedded database, listen on PORT.
 */
export async function serve(config: Config, db: Db) {
  const logger = { level: config.logLevel };
  const app = await buildApp({ config, db, logger });
  app.addHook('onClose', async () => db.close());
  // A store we cannot write to would only show when an agent submits photos: refuse to start.
  await app.storage.check().catch(async (err: unknown) => {
    await app.close();
    throw err;
  });

  const applied = await migrate(db);
  const isNew = applied.includes('0001_foundation');
  if (isNew && db.kind === 'pglite' && config.demoData) {
    await seedDemoData(db, {
      storage: app.storage,
      captureLinks: app.captureLinks,
      webhookSealer: webhookSealer(config.jwtSecret),
      twoFactorSealer: twoFactorSealer(config.jwtSecret),
    });
    app.log.info(
      { accounts: demoAccounts.map((a) => `${a.role}: ${a.email} / ${a.password}`) },
      'new database: demo accounts created',
    );
  }
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  // `npm run backup` cannot open the data folder this process holds: it asks here instead.
  if (db.kind === 'pglite') {
    await serveDumps(db, config.dataDir).then(
      (stop) => app.addHook('onClose', stop),
      (err: unknown) =>
        app.log.warn({ err }, 'backups of the running server are off: stop it to back up'),
    );
  }

  // PGlite has no autovacuum: statistics are kept current here, so plans follow the tables' growth.
  if (db.kind === 'pglite') {
    const stop = startAutoAnalyze(db, app.log);
    app.addHook('onClose', async () => stop());
  }

  // Graceful stop: finish in-flight requests, then close PGlite cleanly so the data folder reopens.
  let closing = false;
  // Answers sent while closing end their connection: a keep-alive connection busy when the stop
  // began would otherwise hold it for the keep-alive timeout, past the forced exit below.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000).unref();
      app.close().then(
        () => {
          clearTimeout(force);
          process.exit(0);
        },
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // What piled up while the server was down is cleaned now, not at the next scheduled run (the
  // retention also deletes the files of jobs erased since, the demo's among them).
  await app.queue.send(queueNames.cleanup, {}, { singletonKey: 'startup' });
  await app.queue.send(queueNames.retention, {}, { singletonKey: 'startup' });
  // The checks left pending (the demo's, a stopped process's) are done now.
  if (config.checks !== false) {
    await app.queue.send(queueNames.checks, { pending: true }, { singletonKey: 'startup' });
    // The OCR and face models load now, in the background (the server already answers), rather
    // than at the first submission, which waited seconds for them.
    void app.checks.warm();
  }
  app.log.info(`back-office on ${config.publicUrl} (database: ${db.kind})`);
  if (app.captureLinks.loopbackPublicUrl) {
    app.log.warn(
      `PUBLIC_URL is ${config.publicUrl}: phones cannot open capture links made from it. To try ` +
        `the wizard on a phone, start with PUBLIC_URL=http://<this machine's LAN address>:` +
        `${config.port} (see README)`,
    );
  }
  return app;
}
