import type { Plugin } from 'vite';
import { capturePathPrefix } from '../reference/capturePath';

/**
 * `npm run dev`: capture links get the capture page (capture.html), as the server gives them in
 * production (server/plugins/external/spa.ts); Vite's own fallback would serve index.html.
 */
export function capturePageInDev(): Plugin {
  return {
    name: 'capture-page-in-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith(capturePathPrefix)) req.url = '/capture.html';
        next();
      });
    },
  };
}
