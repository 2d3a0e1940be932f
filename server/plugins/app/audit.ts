import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  accessDeniedAction,
  auditActionPattern,
  entryOf,
  exportActionPrefix,
  isWritingMethod,
  type AuditNote,
} from '../../services/audit';
import { throttles } from '../../services/throttles';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the route adds to its audit entry (`noteAudit`); null until it adds something. */
    auditNote: AuditNote | null;
    /** The `id` in a write's answer (the resource it created), for an entry without one. */
    auditCreatedId: string | null;
  }
}

const apiPrefix = '/api/v2';

/** The action a request is recorded under, if any: every 403, declared writes and reads. */
function actionOf(request: FastifyRequest, status: number): string | undefined {
  // The API's routes only: the web app's files and unknown paths are nobody's action.
  if (!request.routeOptions.url?.startsWith(apiPrefix)) return undefined;
  const { audit: action, access } = request.routeOptions.config;
  // A public route's 403 is its own verdict (a sign-in refused), not a guard's: its action.
  if (status === 403 && !(action && access === 'public')) return accessDeniedAction;
  if (!action) return undefined;
  if (isWritingMethod(request.method)) return action;
  if (request.method !== 'GET') return undefined;
  if (action.startsWith(exportActionPrefix)) {
    return request.headers.accept?.includes('text/csv') ? action : undefined;
  }
  return action;
}

/** A created resource's `id`, from the answer's object before it is serialized. */
function createdIdOf(payload: unknown): string | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const { id, _id } = payload as { id?: unknown; _id?: unknown };
  const found = id ?? _id;
  return typeof found === 'string' ? found : null;
}

/**
 * The one writer of the audit log for requests. A writing route under /api/v2 without
 * `config.audit` stops the app from starting (as a missing access does); each answered request
 * whose route declares one (a GET export only when it is one) leaves an entry, and so does every
 * 403. The entry is written before the answer leaves, so a client that sees the answer finds it;
 * failing to write it is logged, never turns a done change into a 500.
 */
export default fp(
  async (app) => {
    app.decorateRequest('auditNote', null);
    app.decorateRequest('auditCreatedId', null);

    app.addHook('onRoute', (route) => {
      if (!route.url?.startsWith(apiPrefix)) return;
      const action = route.config?.audit;
      const methods = ([] as string[]).concat(route.method);
      if (action !== undefined && !auditActionPattern.test(action)) {
        throw new Error(`${methods.join(',')} ${route.url} declares the audit action "${action}"`);
      }
      if (!action && methods.some(isWritingMethod)) {
        throw new Error(`${methods.join(',')} ${route.url} declares no audit`);
      }
    });

    /** Whether an entry without an actor from `ip` is still within its address's allowance. */
    const strangerMayWrite = async (ip: string) => {
      const { bucket, limit, windowMinutes } = throttles.auditStrangerPerIp;
      return (await app.repos.rateLimits.hit(bucket, ip, limit, windowMinutes * 60)).allowed;
    };

    // Read before serializing: a compressed answer's id could not be read afterwards.
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode < 300 && isWritingMethod(request.method)) {
        request.auditCreatedId = createdIdOf(payload);
      }
      return payload;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const action = actionOf(request, reply.statusCode);
      if (!action) return payload;
      const note = request.auditNote ?? {};
      const createdId = request.auditCreatedId ?? undefined;
      try {
        const entry = entryOf(request, action, reply.statusCode, note, createdId);
        if (entry.actorId === null && !(await strangerMayWrite(request.ip))) return payload;
        await app.repos.audit.record(entry);
      } catch (err) {
        request.log.error({ err, action }, 'the audit entry could not be written');
      }
      return payload;
    });
  },
  { name: 'audit', dependencies: ['access'] },
);
