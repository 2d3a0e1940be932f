import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOpenJobStatus } from '../../../reference/jobStatuses';
import { notFound } from '../../errors';
import type { CaptureTokenRow } from '../../repositories/captures';
import { isTokenShaped } from '../../services/captureLinks';
import { spendAttempt, throttles } from '../../services/throttles';

export const invalidLink = 'This capture link is invalid or has expired';
const tooManyMisses = `Too many invalid capture links from this network. Please wait ${throttles.captureMissesPerIp.windowMinutes} minutes and try again.`;

/**
 * Finds each request's capture link before its body is read: an unknown link is answered at once
 * (404, or 429 once its IP has missed too often), so a guesser cannot make us read 15 MB first. A
 * link that exists is never refused: agents behind one carrier IP must not be locked out by a
 * guesser. Call once per plugin scope that serves `/capture/:token…`.
 */
export function guardCaptureLinks(app: FastifyInstance) {
  const { captures, rateLimits } = app.repos;
  const linkOf = new WeakMap<object, CaptureTokenRow>();

  app.addHook(
    'onRequest',
    async (request: FastifyRequest<{ Params: { token?: string } }>, reply) => {
      const token = request.params.token ?? '';
      const row = isTokenShaped(token)
        ? await captures.findToken(app.captureLinks.hash(token))
        : undefined;
      if (row) {
        linkOf.set(request, row);
        return;
      }
      await spendAttempt(
        rateLimits,
        reply,
        throttles.captureMissesPerIp,
        request.ip,
        tooManyMisses,
      );
      throw notFound(invalidLink);
    },
  );

  /** The token's row, live or not, as the onRequest hook found it. */
  return function linkFor(request: FastifyRequest) {
    const row = linkOf.get(request);
    if (!row) throw notFound(invalidLink);
    return row;
  };
}

/** 404 unless the link is live and its job still open for capture. */
export function requireOpen(row: Pick<CaptureTokenRow, 'live' | 'status' | 'code'>) {
  if (!row.live) throw notFound(invalidLink);
  if (['submitted', 'approved', 'rejected'].includes(row.status)) {
    throw notFound(`The evidence for ${row.code} has already been submitted`);
  }
  if (!isOpenJobStatus(row.status)) {
    throw notFound(`${row.code} is no longer open for capture`);
  }
}
