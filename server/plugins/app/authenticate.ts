import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import { unchangedSessionSql, type AccountRow } from '../../repositories/accounts';
import type { SqlCheck } from '../../repositories/sqlWhere';
import type { AccessClaims } from '../../services/accessTokens';
import { companySuspended } from '../../services/accountView';
import { apiKeyHash, isApiKeyToken, keyHolderAccount } from '../../services/apiKeys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set by `authenticate`. */
    account: AccountRow;
    sessionId: string;
    /**
     * `account` is this process's last confirmed view of the session, not yet checked for this
     * request: the route's own statement checks it (`sessionCheck`, then `settleSession`).
     */
    sessionUnconfirmed: boolean;
    /** The API key the request is signed with (`Bearer vb_live_…`); null for a session's token. */
    apiKeyId: string | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * Signs the request in from its token and the account its session last had in this process,
     * without a query; false when this process has not seen the session yet.
     */
    authenticateFromMemory: (request: FastifyRequest) => boolean;
    /** The condition, for the route's statement, that the session and account are as assumed. */
    sessionCheck: (request: FastifyRequest) => SqlCheck;
  }
}

/** Sessions remembered per process (the newest); a forgotten one is simply checked in full. */
const rememberedSessions = 10_000;

/** Past this, a key's `last_used_at` is written again: at most one write a minute per key. */
const lastUsedEveryMs = 60_000;

/**
 * `authenticate` checks the bearer token, its session, the account and its company (active) on every
 * protected call; the pre-handlers below check what the account may do. A token that begins
 * like an API key is looked up as one, on the routes that declare `config.apiKey` only.
 */
export default fp(
  async (app) => {
    app.decorateRequest('account', null as unknown as AccountRow);
    app.decorateRequest('sessionId', '');
    app.decorateRequest('sessionUnconfirmed', false);
    app.decorateRequest('apiKeyId', null);
    // The account each session had when last checked: never trusted alone, only as the
    // assumption a route's statement confirms (or refutes) in the same call as its data.
    const lastSeen = new Map<string, AccountRow>();

    function bearerOf(request: FastifyRequest): string {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized('Authentication required');
      return token;
    }

    function claimsOf(token: string): AccessClaims {
      const claims = app.accessTokens.verify(token);
      if (!claims) throw unauthorized('Your session has expired. Please log in again.');
      return claims;
    }

    /**
     * One indexed read per request and no cache, so a revoke (in any process) refuses the very
     * next request; which route it is is checked first, so a key's validity leaks nowhere else.
     */
    async function authenticateKey(request: FastifyRequest, key: string) {
      if (!request.routeOptions.config.apiKey) {
        throw unauthorized('API keys are accepted on the job endpoints only');
      }
      const found = await app.repos.apiKeys.findHolder(apiKeyHash(key));
      if (!found) throw unauthorized('Invalid API key');
      const account = keyHolderAccount(found);
      if (typeof account === 'string') throw unauthorized(account);
      request.account = account;
      request.apiKeyId = found.id;
      request.sessionId = '';
      request.sessionUnconfirmed = false;
      const lastUsed = found.last_used_at?.getTime() ?? 0;
      if (Date.now() - lastUsed >= lastUsedEveryMs) await app.repos.apiKeys.touch(found.id);
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerOf(request);
      if (isApiKeyToken(token)) return authenticateKey(request, token);
      const claims = claimsOf(token);
      request.sessionUnconfirmed = false;
      lastSeen.delete(claims.sid);
      const account = await app.repos.accounts.findBySession(
        claims.sub,
        claims.sid,
        app.config.sessionMaxHours,
      );
      if (!account) throw unauthorized('Your session has ended. Please log in again.');
      // A disabled account's live tokens stop working on their next call.
      if (account.status !== 1) throw unauthorized('This account is disabled');
      if (account.company_suspended_at) throw unauthorized(companySuspended);
      request.account = account;
      request.sessionId = claims.sid;
      lastSeen.set(claims.sid, account);
      if (lastSeen.size > rememberedSessions) lastSeen.delete(lastSeen.keys().next().value!);
    });

    app.decorate('authenticateFromMemory', (request: FastifyRequest) => {
      const token = bearerOf(request);
      if (isApiKeyToken(token)) return false;
      const claims = claimsOf(token);
      const account = lastSeen.get(claims.sid);
      if (account?.id !== claims.sub) return false;
      request.account = account;
      request.sessionId = claims.sid;
      request.sessionUnconfirmed = true;
      return true;
    });

    app.decorate(
      'sessionCheck',
      (request: FastifyRequest): SqlCheck =>
        (params) =>
          unchangedSessionSql(
            params,
            request.account,
            request.sessionId,
            app.config.sessionMaxHours,
          ),
    );
  },
  { name: 'authenticate', dependencies: ['services'] },
);
