import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much of a refused body is read and dropped, and for how long, before the connection goes. */
export const lingerLimits = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/** Reads and drops the rest of `body`: true once it ended, false past `lingerLimits`. */
function drain(body: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let dropped = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      body.off('data', count);
      body.off('end', ended_);
      body.off('close', closed);
      if (!ended) body.pause();
      resolve(ended);
    };
    const count = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > lingerLimits.bytes) done(false);
    };
    const ended_ = () => done(true);
    const closed = () => done(body.complete);
    const timer = setTimeout(() => done(false), lingerLimits.ms);
    body.on('data', count);
    body.once('end', ended_);
    body.once('close', closed);
    body.resume();
  });
}

/**
 * A body refused before it was read in full (over the body limit: 413) is read and dropped
 * before the answer goes, within `lingerLimits`, as nginx and Apache do ("lingering close").
 * Fastify would close the connection at once, and a client still sending the body would get a
 * reset (EPIPE) instead of the answer: a browser shows a network error. Once the body is read,
 * the connection stays open for the next request; past the limits it is closed as before.
 */
export function installLingeringClose(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const { raw } = request;
    // A body already read to its end (an empty one, say) leaves nothing to drain.
    if (raw.complete || raw.readableEnded || reply.getHeader('connection') !== 'close') {
      return payload;
    }
    if (await drain(raw)) reply.removeHeader('connection');
    return payload;
  });
}
