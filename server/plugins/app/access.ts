import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { allows, type Access, type Holder } from '../../../reference/permissions';
import { twoFactorSetupRequiredCode } from '../../../reference/twoFactor';
import { forbidden } from '../../errors';
import { HttpError } from '../../errors';
import { areaOf, isSuperAdmin, twoFactorSetupRequired } from '../../services/accountView';
import { keyThrottleOf } from '../../services/apiKeys';
import { spendAttempt } from '../../services/throttles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (reference/permissions.ts); every API route declares one. */
    access?: Access;
    /**
     * 'in-statement': the route checks the session in its own statement, one call instead of
     * two (`authenticateFromMemory`, `sessionCheck`), and settles it before answering.
     */
    sessionCheck?: 'in-statement';
    /**
     * The route also takes an API key (`Authorization: Bearer vb_live_…`), acting as the key's
     * company with the key's labels: the job endpoints only. Every other route answers a key 401.
     */
    apiKey?: true;
    /**
     * The audit action the route records (`<resource>.<verb>`, plugins/app/audit.ts): every
     * writing route declares one, and so does a read that exports or downloads personal data.
     */
    audit?: string;
    /**
     * Open to an account that a policy requires to turn two-factor sign-in on and that has not
     * yet (the setup, `GET /auth/me`): every other signed-in route answers it 403
     * `two_factor_setup_required`.
     */
    duringTwoFactorSetup?: true;
  }
  interface FastifyInstance {
    /**
     * Every API route as registered, with its declared access (and `apiKey` when it takes keys,
     * `audit` when it declares an action): the guard-coverage, API-key and audit tests read it.
     */
    apiRoutes: {
      method: string;
      url: string;
      access: Access | undefined;
      apiKey?: true;
      audit?: string;
    }[];
    /** Whether the signed-in account of `request` may do what `key` guards (checks inside handlers). */
    allows: (request: FastifyRequest, key: Exclude<Access, 'public' | 'signed-in'>) => boolean;
    /**
     * Ends an unconfirmed sign-in (`sessionCheck: 'in-statement'`): `checked` is the route's
     * statement's answer. Unless it was true, the session is checked in full and the route's
     * access again (401/403 as usual); false then tells the route to read its data again for
     * `request.account`.
     */
    settleSession: (request: FastifyRequest, checked?: boolean) => Promise<boolean>;
    /**
     * Whether a list is asked for as CSV (`Accept: text/csv`): an export, which needs 'View, Print
     * & Download Report' (`jobs.export`) beside the list's own access; 403 without it. The
     * session is settled first, so a revoked one is a 401 before any row is read.
     */
    csvExportAsked: (request: FastifyRequest) => Promise<boolean>;
  }
}

const apiPrefix = '/api/v2';

/**
 * The OpenAPI document and its browser (@fastify/swagger-ui, plugins/external/swagger.ts): public,
 * and the only API routes that declare no access, by their exact paths.
 */
const docsRoutes = new Set(
  [
    '',
    '/',
    '/json',
    '/yaml',
    '/static/*',
    '/static/index.html',
    '/static/swagger-initializer.js',
  ].map((path) => `${apiPrefix}/docs${path}`),
);
const mustDeclareAccess = (url: string | undefined) =>
  url !== undefined && url.startsWith(apiPrefix) && !docsRoutes.has(url);

/**
 * The one access hook. A route under /api/v2 without `config.access` stops the app from starting,
 * and is refused (403) should one be called all the same; on each request the route's access is
 * enforced before its body is read.
 */
export default fp(
  async (app) => {
    const holderOf = (request: FastifyRequest): Holder => ({
      area: areaOf(request.account),
      role: request.account.role,
      permissions: request.account.permissions,
      isSuperAdmin: isSuperAdmin(request.account, app.config.superAdminEmails),
    });

    app.decorate('apiRoutes', []);
    app.decorate('allows', (request, key) => allows(holderOf(request), key));

    app.addHook('onRoute', (route) => {
      if (!mustDeclareAccess(route.url)) return;
      const access = route.config?.access;
      const apiKey = route.config?.apiKey ? ({ apiKey: true } as const) : {};
      const audit = route.config?.audit ? { audit: route.config.audit } : {};
      const methods = ([] as string[]).concat(route.method);
      for (const method of methods)
        app.apiRoutes.push({ method, url: route.url, access, ...apiKey, ...audit });
      if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access`);
    });

    /** Whether the request's account may call a route of `access`. */
    const admits = (request: FastifyRequest, access: Exclude<Access, 'public'>) =>
      // Agents work from their capture links only: a token of theirs opens no back-office call.
      areaOf(request.account) !== 'agent' &&
      (access === 'signed-in' || allows(holderOf(request), access));

    /** Under a two-factor policy without two-factor on, only the setup is open. */
    const heldAtTwoFactorSetup = (request: FastifyRequest) =>
      !request.routeOptions.config.duringTwoFactorSetup && twoFactorSetupRequired(request.account);

    function refuseUntilTwoFactorSetUp(request: FastifyRequest) {
      if (!heldAtTwoFactorSetup(request)) return;
      throw new HttpError(
        403,
        'Two-factor sign-in is required for your account. Please set it up in Settings to continue.',
        undefined,
        twoFactorSetupRequiredCode,
      );
    }

    async function authenticateInFull(request: FastifyRequest) {
      const access = request.routeOptions.config.access as Exclude<Access, 'public'>;
      await app.authenticate(request);
      if (!admits(request, access)) throw forbidden();
      refuseUntilTwoFactorSetUp(request);
    }

    const keyThrottle = keyThrottleOf(app.config);

    app.addHook('onRequest', async (request, reply) => {
      const { access, sessionCheck } = request.routeOptions.config;
      if (!access && mustDeclareAccess(request.routeOptions.url)) {
        request.log.error({ url: request.routeOptions.url }, 'a route without access was called');
        throw forbidden();
      }
      if (!access || access === 'public') return;
      // Admitted on what the session last was; the route's statement confirms it.
      const remembered = sessionCheck === 'in-statement' && app.authenticateFromMemory(request);
      // What the session last was admits it; a refusal is decided on the session in full.
      if (remembered && admits(request, access) && !heldAtTwoFactorSetup(request)) return;
      await app.authenticate(request);
      if (request.apiKeyId) {
        await spendAttempt(
          app.repos.rateLimits,
          reply,
          keyThrottle,
          request.apiKeyId,
          'Too many requests with this API key. Please wait a minute and try again.',
        );
      }
      if (!admits(request, access)) throw forbidden();
      refuseUntilTwoFactorSetUp(request);
    });

    app.decorate('settleSession', async (request: FastifyRequest, checked?: boolean) => {
      if (!request.sessionUnconfirmed) return true;
      if (checked === true) {
        request.sessionUnconfirmed = false;
        return true;
      }
      await authenticateInFull(request);
      return false;
    });

    app.decorate('csvExportAsked', async (request: FastifyRequest) => {
      if (!request.headers.accept?.includes('text/csv')) return false;
      await app.settleSession(request);
      if (!app.allows(request, 'jobs.export')) throw forbidden();
      return true;
    });

    // Nothing leaves on an unconfirmed sign-in: a reply the route did not settle (an error
    // before its statement ran, say) waits for the full check, and gives way to its 401 or 403.
    // A 5xx shows nothing, and with the database away the check itself could only fail.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.sessionUnconfirmed && reply.statusCode < 500) await app.settleSession(request);
      return payload;
    });
  },
  { name: 'access', dependencies: ['authenticate'] },
);
