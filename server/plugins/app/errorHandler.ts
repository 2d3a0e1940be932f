import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/postgres';
import { HttpError, type FieldError } from '../../errors';
import { StorageUnavailableError } from '../../services/storage';

/** Seconds a client is asked to wait when the database or the file store is away. */
export const unavailableRetryAfterSeconds = 30;

/**
 * Every error leaves as `{message}` or `{message, errors}` (DESIGN §4); a 5xx never shows its
 * details to the client, only to the log.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { fieldErrors?: FieldError[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (error.fieldErrors) {
      return reply.code(400).send({ message: error.message, errors: error.fieldErrors });
    }
    if (isMalformedMultipart(error, request.headers['content-type'])) {
      return reply.code(400).send({
        message: 'The multipart body is malformed (a boundary missing, or the data cut short)',
      });
    }
    // The database or the file store away: the client tries again later, nothing was half-done.
    // (The store's error first: its cause, a refused connection, would read as the database's.)
    const away =
      error instanceof StorageUnavailableError
        ? 'The file store'
        : isDatabaseUnavailable(error)
          ? 'The database'
          : undefined;
    if (away) {
      request.log.warn({ err: error }, `${away.toLowerCase()} is unavailable`);
      return reply
        .code(503)
        .header('retry-after', String(unavailableRetryAfterSeconds))
        .send({ message: `${away} cannot be reached just now. Please try again in a minute.` });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: clientMessage(error) });
  });
}

/** Fastify's own 4xx messages, in words a person understands. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty';
    default:
      return error.message;
  }
}

/**
 * The multipart parser (busboy) refuses a body without a boundary, or cut short, with plain
 * errors that carry no status: the client's mistake, not ours.
 */
function isMalformedMultipart(error: Error, contentType: string | undefined): boolean {
  return (
    /^multipart\//i.test(contentType ?? '') &&
    !(error as FastifyError).statusCode &&
    /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot)/.test(
      error.message,
    )
  );
}
