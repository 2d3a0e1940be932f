import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createAccountsRepository } from '../../repositories/accounts';
import { createAgentApplicationsRepository } from '../../repositories/agentApplications';
import { createAgentsRepository } from '../../repositories/agents';
import { createApiKeysRepository } from '../../repositories/apiKeys';
import { createAuditRepository } from '../../repositories/audit';
import { createBreachesRepository } from '../../repositories/breaches';
import { createCaptureChecksRepository } from '../../repositories/captureChecks';
import { createCapturesRepository } from '../../repositories/captures';
import { createCompaniesRepository } from '../../repositories/companies';
import { createDataRequestsRepository } from '../../repositories/dataRequests';
import { createOneTimeTokensRepository } from '../../repositories/oneTimeTokens';
import { createRateLimitsRepository } from '../../repositories/rateLimits';
import { createJobsRepository } from '../../repositories/jobs';
import { createJobsAssigneesRepository } from '../../repositories/jobsAssignees';
import { createMessagesRepository } from '../../repositories/messages';
import { createLedgerRepository } from '../../repositories/ledger';
import { createPayoutsRepository } from '../../repositories/payouts';
import { createIdempotencyRepository } from '../../repositories/idempotency';
import { createTransactionsRepository } from '../../repositories/transactions';
import { createSessionsRepository } from '../../repositories/sessions';
import { createTatsRepository } from '../../repositories/tats';
import { createUsersRepository } from '../../repositories/users';
import { createTwoFactorRepository } from '../../repositories/twoFactor';
import { createWebhooksRepository } from '../../repositories/webhooks';
import { createAccessTokens } from '../../services/accessTokens';
import { createCaptureLinks, type CaptureLinks } from '../../services/captureLinks';
import {
  createChecksRunner,
  realCheckers,
  type Checkers,
  type ChecksRunner,
} from '../../services/checks/runner';
import { createImportParser, type ImportParser } from '../../services/importParser';
import { createMailer } from '../../services/mailer';
import { createQueue, type Queue } from '../../services/queue';
import { createSmsSender, smsDriverOf, type SmsSender } from '../../services/sms';
import { createTwoFactor, type TwoFactor } from '../../services/twoFactor';
import { createStorage, type FileStorage } from '../../services/storage';

function createRepos(db: Db) {
  return {
    accounts: createAccountsRepository(db),
    sessions: createSessionsRepository(db),
    oneTimeTokens: createOneTimeTokensRepository(db),
    tats: createTatsRepository(db),
    jobs: createJobsRepository(db),
    jobsAssignees: createJobsAssigneesRepository(db),
    captures: createCapturesRepository(db),
    captureChecks: createCaptureChecksRepository(db),
    rateLimits: createRateLimitsRepository(db),
    messages: createMessagesRepository(db),
    companies: createCompaniesRepository(db),
    agentApplications: createAgentApplicationsRepository(db),
    agents: createAgentsRepository(db),
    users: createUsersRepository(db),
    ledger: createLedgerRepository(db),
    payouts: createPayoutsRepository(db),
    idempotency: createIdempotencyRepository(db),
    transactions: createTransactionsRepository(db),
    apiKeys: createApiKeysRepository(db),
    webhooks: createWebhooksRepository(db),
    audit: createAuditRepository(db),
    breaches: createBreachesRepository(db),
    twoFactor: createTwoFactorRepository(db),
    dataRequests: createDataRequestsRepository(db),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    repos: ReturnType<typeof createRepos>;
    mailer: ReturnType<typeof createMailer>;
    /** Text messages (capture links), sent through the queue by `SMS_DRIVER`. */
    sms: SmsSender;
    /** Background work (plugins/app/queue.ts declares the handlers). */
    queue: Queue;
    accessTokens: ReturnType<typeof createAccessTokens>;
    storage: FileStorage;
    captureLinks: CaptureLinks;
    importParser: ImportParser;
    twoFactor: TwoFactor;
    /** The machine checks of capture submissions, run by the `checks` queue's worker. */
    checks: ChecksRunner;
  }
}

/** The app's services, one instance each, shared by every route. The database is the caller's. */
export default fp(
  async (app, opts: { config: Config; db: Db; checkers?: Checkers }) => {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
    const repos = createRepos(opts.db);
    app.decorate('repos', repos);
    app.decorate('twoFactor', createTwoFactor(opts.config.jwtSecret, repos.twoFactor));
    app.decorate('accessTokens', createAccessTokens(opts.config.jwtSecret));
    const storage = createStorage(opts.config);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
    app.decorate(
      'captureLinks',
      createCaptureLinks({ secret: opts.config.jwtSecret, publicUrl: opts.config.publicUrl }),
    );
    const queue = createQueue({ db: opts.db, log: app.log });
    app.decorate('queue', queue);
    const mailer = createMailer({
      db: opts.db,
      queue,
      smtpUrl: opts.config.smtpUrl,
      from: opts.config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
    const smsDriver = smsDriverOf(opts.config.sms, app.log);
    app.decorate('sms', createSmsSender({ db: opts.db, queue, driver: smsDriver, log: app.log }));
    const importParser = createImportParser(opts.config.importLimits);
    app.decorate('importParser', importParser);
    app.addHook('onClose', async () => importParser.close());
    const checks = createChecksRunner({
      db: opts.db,
      captureChecks: repos.captureChecks,
      storage,
      queue,
      checkers: opts.checkers ?? realCheckers,
      placeMaxKm: opts.config.placeMaxKm,
      log: app.log,
    });
    app.decorate('checks', checks);
    // After the queue's workers stopped (preClose): no check is running any more.
    app.addHook('onClose', async () => checks.close());
  },
  { name: 'services' },
);
