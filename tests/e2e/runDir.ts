import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerPool } from './serverPool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this browser run, removed after it: the servers' logs are there. */
    e2eRunDir: string;
    /** The endpoint of the run's server pool (./serverPool.ts), for ./harness.ts. */
    e2eServerPool: string;
  }
}

/**
 * Global setup of the browser suite: the run's folder, and its server pool (the demo seeded once,
 * a spare demo server started ahead of need). The teardown leaves no server running.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-run-'));
  const pool = await startServerPool(dir);
  project.provide('e2eRunDir', dir);
  project.provide('e2eServerPool', pool.url);
  return async () => {
    const left = await pool.close();
    if (left.length > 0)
      console.warn(
        `browser suite: stopped ${left.length} server(s) left running: ${left.join(', ')}`,
      );
    await rm(dir, { recursive: true, force: true });
  };
}
