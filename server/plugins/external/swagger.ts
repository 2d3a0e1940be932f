import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeyPattern } from '../app/idempotency';

const apiPrefix = '/api/v2';

/** What each error status means on this API; every error body is `ErrorBody` (errorHandler.ts). */
const errorMeanings: Record<number, string> = {
  400: 'Bad input: `message` says what, `errors` names each field',
  401: 'Not signed in, or the session or API key is no longer valid',
  402: 'The wallet does not hold enough for this',
  403: 'Signed in, but this account may not do this',
  404: "Not found, or not yours: another company's ids answer 404",
  409: 'Conflicts with the current state of the resource',
  413: 'The request body or a file in it is too large',
  422: 'Understood, but the content cannot be processed',
  429: 'Too many attempts: wait for the `Retry-After` header',
  503: 'The database or the file storage cannot be reached just now: try again after `Retry-After` seconds',
};

/** The error answers every route of its kind can give, whatever the route itself declares. */
function standardErrors(route: RouteOptions, schema: FastifySchema): number[] {
  const access = route.config?.access;
  const codes: number[] = [];
  if (schema.body || schema.querystring || schema.params || schema.headers) codes.push(400);
  // Any sign-in can be refused: agents' tokens open no back-office route, whatever its access.
  if (access !== 'public') codes.push(401, 403);
  if (schema.body) codes.push(413);
  if (route.url.includes(':')) codes.push(404);
  // A key reused for another body (422), or while its first request still runs (409).
  if (route.config?.idempotent) codes.push(409, 422);
  // Any route can meet a database or storage that is down (errorHandler.ts answers it so).
  codes.push(503);
  return codes;
}

/** The routes that declare `config.idempotent` take an `Idempotency-Key` header (idempotency.ts). */
function withIdempotencyKey(headers: unknown) {
  const declared = (headers ?? {}) as { properties?: Record<string, unknown> };
  return {
    type: 'object',
    ...declared,
    properties: {
      ...declared.properties,
      'idempotency-key': {
        type: 'string',
        pattern: idempotencyKeyPattern.source,
        description:
          'Makes a retry safe: the same key with the same body replays the first answer ' +
          '(with `Idempotent-Replayed: true`) instead of doing it twice',
      },
    },
  };
}

const jsonTypes = /^application\/(.+\+)?json$/;

/**
 * A success answer in each content type the route produces: JSON types carry the declared schema,
 * other types (CSV, PDF, images) are the raw bytes.
 */
function successContent(declared: unknown, produces: readonly string[] | undefined) {
  const types = produces?.length ? produces : ['application/json'];
  const described = declared as { description?: string; type?: unknown } | undefined;
  // An answer without a body (204): @fastify/swagger leaves out the content of a null schema.
  if (described?.type === 'null')
    return { type: 'null', description: described.description ?? 'No content' };
  return {
    description: described?.description ?? 'Success',
    content: Object.fromEntries(
      types.map((type) => [
        type,
        {
          schema:
            jsonTypes.test(type) && declared
              ? declared
              : { type: 'string', contentMediaType: type, description: described?.description },
        },
      ]),
    ),
  };
}

/** An error answer: `ErrorBody` unless the route declares another body for it. */
/** The answers that say when to try again. */
const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
};

const errorContent = (code: number, declared: unknown = { $ref: 'ErrorBody' }) => ({
  description: errorMeanings[code] ?? STATUS_CODES[code] ?? 'Error',
  ...(code === 429 || code === 503 ? { headers: retryAfter } : {}),
  content: { 'application/json': { schema: declared } },
});

/** `GET /api/v2/jobs/:id/photos/:kind` → `getJobsByIdPhotosByKind`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .slice(apiPrefix.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words]
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
}

/**
 * Describes each API route from what it declares, in one place: its security from its access
 * (and `apiKey`), the error answers its kind can give, an operation id and a tag, and each content
 * type of its success answer. Routes only add what is theirs (409, 422, 429…).
 */
function describeRoute({
  schema = {},
  url,
  route,
}: {
  schema: FastifySchema | undefined;
  url: string;
  route: RouteOptions;
}) {
  if (!url.startsWith(apiPrefix) || schema.hide) return { schema, url };
  const {
    produces,
    response = {},
    ...rest
  } = schema as FastifySchema & {
    produces?: string[];
    response?: Record<string, unknown>;
  };
  const access = route.config?.access;
  const responses: Record<string, unknown> = {};
  for (const [status, declared] of Object.entries(response)) {
    const code = Number(status);
    responses[status] =
      code >= 400 ? errorContent(code, declared) : successContent(declared, produces);
  }
  for (const code of standardErrors(route, schema)) responses[code] ??= errorContent(code);
  const method = ([] as string[]).concat(route.method)[0]!;
  const described: FastifySchema & Record<string, unknown> = {
    ...rest,
    ...(route.config?.idempotent ? { headers: withIdempotencyKey(schema.headers) } : {}),
    response: responses,
    operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, url),
    tags: (schema as { tags?: string[] }).tags ?? [url.slice(apiPrefix.length).split('/')[1]!],
    security:
      access === 'public'
        ? []
        : [{ bearerAuth: [] }, ...(route.config?.apiKey ? [{ apiKey: [] }] : [])],
  };
  return { schema: described, url };
}

/** The OpenAPI 3.1 document of every route at /api/v2/docs/json, browsable at /api/v2/docs. */
export default fp(
  async (app) => {
    // Security is derived from `config.access` and `config.apiKey` alone (describeRoute): a
    // route that says it again could only say it differently.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(apiPrefix) && route.schema?.security) {
        throw new Error(
          `${String(route.method)} ${route.url} declares its security: its config.access ` +
            '(and config.apiKey) says it',
        );
      }
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Verification back-office API',
          description:
            'Identity and address verification in Nigeria. Amounts are NGN, TAT in hours. ' +
            'Errors are `{message}` or `{message, errors:[{field,msg}]}`. Sign in with ' +
            'POST /api/v2/auth/login and send its `accessToken` as `Authorization: Bearer …`; ' +
            'routes that accept an API key (Settings → API keys) take it the same way.',
          version: '2.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The `accessToken` that POST /api/v2/auth/login answers',
            },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A key from Settings → API keys (`vb_live_…`), for server-to-server calls',
            },
          },
        },
      },
      transform: describeRoute,
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/v2/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
