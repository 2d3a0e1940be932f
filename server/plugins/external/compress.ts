import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Gzip for API answers over 1 KB (lists, CSV exports): a phone on a slow link waits for bytes.
 * Built assets are compressed once at build time and served as they are.
 */
export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  },
  { name: 'compress' },
);
