import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP allows what the built app needs and no more: its own scripts,
 * MUI's injected styles (emotion writes <style> tags), photos as data:/blob: URLs.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
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
      // Camera and location are used by the capture wizard on our own origin only.
      permissionsPolicy: undefined,
    } as Parameters<typeof helmet>[1]);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
    });
  },
  { name: 'helmet' },
);
