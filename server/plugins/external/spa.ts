import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { capturePathPrefix } from '../../../reference/capturePath';

/**
 * Serves the built web app from `dist`. Any path that is not a file and not under /api gets
 * index.html, so deep links such as /company/jobs work; unknown /api routes answer 404 JSON.
 */
export default fp(
  async (app, opts: { distDir: string }) => {
    const hasBuild = existsSync(path.join(opts.distDir, 'index.html'));
    // The capture wizard is its own page (capture.html): no back-office code on agents' phones.
    const hasCapturePage = existsSync(path.join(opts.distDir, 'capture.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (res, file) => {
          res.header(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
        return reply.code(404).send({ message: `Route ${request.method} ${url} not found` });
      }
      if (!hasBuild) {
        return reply
          .code(503)
          .send({ message: 'The web app is not built yet: run `npm run build`.' });
      }
      const page =
        hasCapturePage && url.startsWith(capturePathPrefix) ? 'capture.html' : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page);
    });
  },
  { name: 'spa' },
);
