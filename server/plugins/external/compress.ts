import compress from '@fastify/compress';
import type { FastifyReply, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Gzip for API answers over 1 KB (lists, CSV exports): a phone on a slow link waits for bytes.
 * Built assets are compressed once at build time and served as they are.
 *
 * @fastify/compress leaves any reply carrying Content-Range alone, because a byte range names
 * offsets in the uncompressed body. Our lists carry react-admin's `Content-Range: jobs 0-24/110000`
 * (a count, not bytes), so that header is held aside while the compressor decides and put back
 * after it; byte ranges and 206 answers stay uncompressed.
 */
export default fp(
  async (app) => {
    const heldRanges = new WeakMap<FastifyReply, string>();

    app.addHook('onSend', async (_request, reply, payload) => {
      const range = reply.getHeader('Content-Range');
      if (typeof range === 'string' && reply.statusCode === 200 && !range.startsWith('bytes')) {
        heldRanges.set(reply, range);
        reply.removeHeader('Content-Range');
      }
      return payload;
    });

    // Level 1: a page of the jobs list (about 18 KB of JSON) comes out about 10% larger than at the
    // default level 6, in a third of the time (measured with zlib.gzipSync on this machine); on
    // two cores that time comes off the list's throughput.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['gzip'],
      zlibOptions: { level: 1 },
    });

    // Route-level onSend hooks run after application-level ones, in the order they were added:
    // added here, after the compressor's own, this one runs once it has decided.
    const restoreRange: onSendHookHandler = async (_request, reply, payload) => {
      const range = heldRanges.get(reply);
      if (range !== undefined) reply.header('Content-Range', range);
      return payload;
    };
    app.addHook('onRoute', (route) => {
      route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), restoreRange];
    });
  },
  { name: 'compress' },
);
