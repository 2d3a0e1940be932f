import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createAccountsRepository } from '../../repositories/accounts';
import { createLoginFailuresRepository } from '../../repositories/loginFailures';
import { createOneTimeTokensRepository } from '../../repositories/oneTimeTokens';
import { createSessionsRepository } from '../../repositories/sessions';
import { createAccessTokens } from '../../services/accessTokens';
import { createMailer } from '../../services/mailer';

function createRepos(db: Db) {
  return {
    accounts: createAccountsRepository(db),
    sessions: createSessionsRepository(db),
    oneTimeTokens: createOneTimeTokensRepository(db),
    loginFailures: createLoginFailuresRepository(db),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    repos: ReturnType<typeof createRepos>;
    mailer: ReturnType<typeof createMailer>;
    accessTokens: ReturnType<typeof createAccessTokens>;
  }
}

/** The app's services, one instance each, shared by every route. The database is the caller's. */
export default fp(
  async (app, opts: { config: Config; db: Db }) => {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
    app.decorate('repos', createRepos(opts.db));
    app.decorate('accessTokens', createAccessTokens(opts.config.jwtSecret));
    const mailer = createMailer({
      db: opts.db,
      smtpUrl: opts.config.smtpUrl,
      from: opts.config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'services' },
);
