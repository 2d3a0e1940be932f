import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * Links carry secrets in their URL: one-time tokens in `?token=` (email confirmation, password
 * reset) and capture tokens in the path. The request log shows them masked.
 */
export function maskUrlSecrets(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/gi, '$1***')
    .replace(
      /(\/(?:capture(?:\/my-jobs)?|automatic-address-verification)\/)(?!my-jobs\b)[^/?#]+/g,
      '$1***',
    );
}

/** Pino options with the secrets of headers and URLs kept out of every request log line. */
export function withLogRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger || logger === true) return logger === true ? withLogRedaction({}) : logger;
  return {
    ...logger,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: maskUrlSecrets(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      ...(typeof logger === 'object' && 'serializers' in logger ? logger.serializers : {}),
    },
  } as FastifyServerOptions['logger'];
}

/**
 * One line per request, written when its reply is sent: method, masked URL, status, time taken.
 * Fastify's own request logging writes two lines (incoming, completed) through the request and
 * reply serializers, about a tenth of the jobs list's throughput. Its other lines (errors, 404s)
 * stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.info(
      {
        method: request.method,
        url: maskUrlSecrets(request.url),
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
        remoteAddress: request.ip,
      },
      'request completed',
    );
  }
}
