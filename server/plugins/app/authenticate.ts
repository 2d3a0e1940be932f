import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { AccountRow } from '../../repositories/accounts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set by `authenticate`. */
    account: AccountRow;
    sessionId: string;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * `authenticate` checks the bearer token, its session and the account (active) on every
 * protected call; the pre-handlers below check what the account may do.
 */
export default fp(
  async (app) => {
    app.decorateRequest('account', null as unknown as AccountRow);
    app.decorateRequest('sessionId', '');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized('Authentication required');
      const claims = app.accessTokens.verify(token);
      if (!claims) throw unauthorized('Your session has expired. Please log in again.');
      const account = await app.repos.accounts.findBySession(
        claims.sub,
        claims.sid,
        app.config.sessionMaxHours,
      );
      if (!account) throw unauthorized('Your session has ended. Please log in again.');
      // A disabled account's live tokens stop working on their next call.
      if (account.status !== 1) throw unauthorized('This account is disabled');
      request.account = account;
      request.sessionId = claims.sid;
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
