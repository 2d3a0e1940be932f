import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers. The CSP allows what the built app needs and no more: its own scripts,
 * MUI's injected styles (emotion writes <style> tags), photos as data:/blob: URLs.
 *
 * helmet's middleware is built once here: @fastify/helmet builds it again for every request
 * (parsing the CSP each time), which cost about 4% of the jobs list's CPU.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // OpenStreetMap tiles for the GPS point of a capture on the job profile.
      imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
});

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      // Camera and location are used by the capture wizard on our own origin only.
      reply.header('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
      securityHeaders(request.raw, reply.raw, (err) =>
        done(err instanceof Error ? err : undefined),
      );
    });
  },
  { name: 'helmet' },
);
