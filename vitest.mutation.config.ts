import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

/**
 * Stryker's vitest config (scripts/mutation.ts): only the test files of the module being mutated
 * (MUTATION_TEST_FILES), all of one suite (server or web). One flat project, because Stryker's
 * runner installs its coverage and mutant switch as a setup file of the root project only; and
 * Stryker reruns "all tests" for a static mutant, which must mean these files.
 */
const files = (process.env.MUTATION_TEST_FILES ?? '').split(',').filter(Boolean);
const suite = files.every((f) => f.startsWith('tests/web/')) ? 'web' : 'server';
const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[];
const project = projects.find((p) => p.test?.name === suite)!;

export default defineConfig({
  ...project,
  test: { ...project.test, name: undefined, include: files },
});
