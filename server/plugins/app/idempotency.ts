import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { badRequest, conflict, HttpError } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving POSTs: an `Idempotency-Key` header makes a retry replay the first answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

/** A stable text of a parsed body: object keys sorted, uploaded files by their SHA-256. */
function canonical(v: unknown): unknown {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a file walked byte by byte, or its digest in another encoding, also tells files apart by content (only slower or shorter)
  if (Buffer.isBuffer(v)) return `sha256:${createHash('sha256').update(v).digest('hex')}`;
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** What an `Idempotency-Key` may be: 1 to 255 visible ASCII characters. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on the routes that declare `config.idempotent`, scoped per account: the
 * first successful answer is stored and replayed to a retry with the same method, URL and body;
 * the same key with another body is a 422. A failed request releases its key before it answers.
 */
export default fp(
  async (app) => {
    const { idempotency } = app.repos;

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config.idempotent) return;
      const key = request.headers['idempotency-key'];
      if (key === undefined) return;
      // Stryker disable next-line ConditionalExpression: Node joins a repeated header into one string, so `typeof` only narrows the type
      if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) {
        throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
      }
      const hash = createHash('sha256')
        .update(JSON.stringify([request.method, request.url, canonical(request.body)]))
        .digest('hex');
      const existing = await idempotency.claim(request.account.id, key, hash);
      if (!existing) {
        request.idempotencyKey = key;
        return;
      }
      if (existing.request_hash !== hash) {
        throw new HttpError(
          422,
          'This Idempotency-Key was used for a different request: use a new key for a new request',
        );
      }
      if (existing.status_code === null) {
        throw conflict(
          'A request with this Idempotency-Key is still being processed: retry shortly',
        );
      }
      reply.header('Idempotent-Replayed', 'true');
      return reply.code(existing.status_code).send(JSON.parse(existing.body!));
    });

    app.addHook('preSerialization', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      // Stryker disable next-line ConditionalExpression: no final answer has a status under 200
      if (key && reply.statusCode >= 200 && reply.statusCode < 300) {
        await idempotency.complete(
          request.account.id,
          key,
          reply.statusCode,
          JSON.stringify(payload),
        );
        request.idempotencyKey = undefined;
      }
      return payload;
    });

    // Given back before the answer leaves: a client that reads a refusal and looks again (or
    // retries at once) must find the key free, as on a single connection to PGlite.
    app.addHook('onSend', async (request) => {
      const key = request.idempotencyKey;
      if (!key) return;
      request.idempotencyKey = undefined;
      await idempotency.release(request.account.id, key);
    });
  },
  { name: 'idempotency', dependencies: ['access', 'services'] },
);
