import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db';
import type { Checkers } from './services/checks/runner';
import { OneLinePerRequest, withLogRedaction } from './logging';
import access from './plugins/app/access';
import audit from './plugins/app/audit';
import authenticate from './plugins/app/authenticate';
import idempotency from './plugins/app/idempotency';
import { installErrorHandler } from './plugins/app/errorHandler';
import { installLingeringClose } from './plugins/app/lingeringClose';
import queue from './plugins/app/queue';
import services from './plugins/app/services';
import { installValidation } from './plugins/app/validation';
import compress from './plugins/external/compress';
import helmet from './plugins/external/helmet';
import spa from './plugins/external/spa';
import swagger from './plugins/external/swagger';
import routes from './routes';
import { Account } from './schemas/auth';
import { ErrorBody } from './schemas/common';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  distDir?: string;
  /** The machine checks of capture submissions; unset: the real ones (tests pass fakes). */
  checkers?: Checkers;
}

/** Builds the whole application; server.ts starts it, tests inject into it. */
export async function buildApp({ config, db, logger = false, distDir, checkers }: AppOptions) {
  const { timeouts } = config;
  const app = Fastify({
    logger: withLogRedaction(logger),
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow clients (a body at 1 byte/s) must not hold connections open for ever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(100, Math.round(timeouts.headersMs / 4)),
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidation(app);
  installErrorHandler(app);
  installLingeringClose(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addSchema(ErrorBody);
  app.addSchema(Account);

  await app.register(helmet);
  await app.register(compress);
  await app.register(swagger);
  await app.register(services, { config, db, checkers });
  await app.register(queue);
  await app.register(authenticate);
  await app.register(access);
  await app.register(audit);
  await app.register(idempotency);
  await app.register(routes, { prefix: '/api/v2' });
  await app.register(spa, { distDir: distDir ?? path.join(rootDir, 'dist') });
  return app;
}

/**
 * Fastify 5 ignores a bare hop count (it cannot tell the proxy from a client that connects
 * directly), so a count becomes "the nearest N hops": right only when clients can reach the
 * server through the proxies alone, as README says; proxy addresses are checked as given.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
