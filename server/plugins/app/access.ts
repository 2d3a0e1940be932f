import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { allows, type Access, type Holder } from '../../../reference/permissions';
import { forbidden } from '../../errors';
import { areaOf, isSuperAdmin } from '../../services/accountView';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (reference/permissions.ts); every API route declares one. */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route as registered, with its declared access: the guard-coverage test reads it. */
    apiRoutes: { method: string; url: string; access: Access | undefined }[];
    /** Whether the signed-in account of `request` may do what `key` guards (checks inside handlers). */
    allows: (request: FastifyRequest, key: Exclude<Access, 'public' | 'signed-in'>) => boolean;
  }
}

const apiPrefix = '/api/v2';

/**
 * The one access hook. A route under /api/v2 without `config.access` stops the app from starting;
 * on each request the route's access is enforced before its body is read.
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
      if (!route.url.startsWith(apiPrefix) || route.url.startsWith(`${apiPrefix}/docs`)) return;
      const access = route.config?.access;
      const methods = ([] as string[]).concat(route.method);
      for (const method of methods) app.apiRoutes.push({ method, url: route.url, access });
      if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access`);
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      await app.authenticate(request);
      // Agents work from their capture links only: a token of theirs opens no back-office call.
      if (areaOf(request.account) === 'agent') throw forbidden();
      if (access === 'signed-in') return;
      if (!allows(holderOf(request), access)) throw forbidden();
    });
  },
  { name: 'access', dependencies: ['authenticate'] },
);
