import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db';
import { withLogRedaction } from './logging';
import authenticate from './plugins/app/authenticate';
import { installErrorHandler } from './plugins/app/errorHandler';
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
}

/** Builds the whole application; server.ts starts it, tests inject into it. */
export async function buildApp({ config, db, logger = false, distDir }: AppOptions) {
  const app = Fastify({
    logger: withLogRedaction(logger),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: process.env.TRUST_PROXY === 'true',
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidation(app);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addSchema(ErrorBody);
  app.addSchema(Account);

  await app.register(helmet);
  await app.register(compress);
  await app.register(swagger);
  await app.register(services, { config, db });
  await app.register(authenticate);
  await app.register(routes, { prefix: '/api/v2' });
  await app.register(spa, { distDir: distDir ?? path.join(rootDir, 'dist') });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
