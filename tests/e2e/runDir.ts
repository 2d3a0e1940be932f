import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this browser run, removed after it: ./harness.ts seeds the demo there once. */
    e2eRunDir: string;
  }
}

/** Global setup of the browser suite: the run's folder, for what its files share. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-run-'));
  project.provide('e2eRunDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
