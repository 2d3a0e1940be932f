import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

// Three suites, one runner: the API against PGlite, the web app in jsdom with msw,
// and end-to-end tests that drive Debian's Chromium against a real server.
export default defineConfig({
  test: {
    // One test file per core: the default leaves one core idle, half the machine on CI's two.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/pgliteSnapshot.ts'],
          setupFiles: ['tests/server/setup.ts'],
          // The files of a worker share its loaded modules: loading the app's (Fastify, PGlite,
          // the AWS SDK, pdfkit, our own few hundred) again for every file took longer than most
          // files take to run. Each file still builds its own apps on databases of its own; a file
          // leaves no module state changed behind it (spies restored, process.env put back).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/runDir.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
