import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  databaseFreeTests,
  databaseReasons,
  embeddedOnlyMark,
  embeddedOnlyTests,
  loadedImports,
  ownReason,
  postgresServerTests,
} from '../../scripts/databaseTests';

// CI's PostgreSQL pass leaves out the API test files that can never reach a database
// (scripts/databaseTests.ts). A file wrongly left out would never be run on PostgreSQL.
const reasons = databaseReasons();
const test = (...parts: string[]) => join('tests', 'server', ...parts);

describe('the API test files the PostgreSQL pass runs', () => {
  it('runs every file that builds an app, opens a database or seeds the demo', () => {
    for (const file of [
      test('jobs', 'create.test.ts'), // createTestApp, through ../helpers
      test('jobs', 'list.test.ts'), // through ./support, then ../helpers
      test('money', 'demoMoney.test.ts'), // the shared demo
      test('backup', 'backup.test.ts'), // its own PostgreSQL databases
      test('cli', 'userCreate.test.ts'), // a child process on DATABASE_URL
      test('db', 'pgliteWorker.test.ts'),
      test('architecture', 'factsOnce.test.ts'), // a fresh database among its sources
    ]) {
      expect(reasons.get(file), file).toBeDefined();
    }
  });

  it('leaves the tests that start a PostgreSQL server of their own to the PostgreSQL pass', () => {
    const own = postgresServerTests();
    expect(own).toEqual(
      expect.arrayContaining([
        test('scale', 'twoProcesses.test.ts'),
        test('faults', 'postgresDown.test.ts'),
      ]),
    );
    // The kill tests run on both databases: PGlite's data folder is what they check there.
    expect(own).not.toContain(test('faults', 'killDuringWrites.test.ts'));
    for (const file of own) expect(reasons.get(file), file).toBeDefined();
  });

  it('leaves out the files pinned to the embedded database, which never hand DATABASE_URL on', () => {
    const pinned = embeddedOnlyTests();
    expect(pinned).toEqual(
      expect.arrayContaining([
        test('cli', 'userCreate.test.ts'),
        test('db', 'pgliteDataDir.test.ts'),
        test('faults', 'sigtermPglite.test.ts'),
        test('pglitePool.test.ts'),
      ]),
    );
    // The kill tests run on both databases.
    expect(pinned).not.toContain(test('faults', 'killDuringWrites.test.ts'));
    // A pinned file may only take DATABASE_URL away from what it starts.
    for (const file of pinned) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line.includes('DATABASE_URL') && !line.trimStart().startsWith('//')) {
          expect(line, file).toMatch(/^\s*delete \w+\.DATABASE_URL;/);
        }
      }
    }
    expect(embeddedOnlyMark.test('// Embedded database only: opens a folder')).toBe(true);
    expect(embeddedOnlyMark.test('const s = "// Embedded database only: x";')).toBe(false);
  });

  it('says why, down the chain of imports', () => {
    expect(reasons.get(test('jobs', 'list.test.ts'))).toBe(
      `${test('jobs', 'support.ts')} → mentions DATABASE_URL (${test('helpers.ts')})`,
    );
  });

  it('leaves out the tests of pure code and of the sources (it is not vacuous)', () => {
    const free = databaseFreeTests();
    for (const file of [
      test('reference', 'phone.test.ts'),
      test('architecture', 'layers.test.ts'),
      test('services', 'jobStateMachine.test.ts'),
    ]) {
      expect(free).toContain(file);
    }
    // Most of the suite runs on PostgreSQL.
    expect(free.length).toBeLessThan(reasons.size / 2);
  });

  it('reads the modules a source loads, not those it names for their types', () => {
    const text = [
      "import { a } from '../helpers';",
      "import type { Db } from '../../server/db';",
      "import { type B, c } from './x';",
      "export { d } from './y';",
      "export type { E } from './z';",
      "const f = await import('../../server/db/postgres');",
      "import g from 'fastify';",
    ].join('\n');
    expect(loadedImports(text)).toEqual(['../helpers', './x', './y', '../../server/db/postgres']);
  });

  it('knows a module that opens a database, reads DATABASE_URL or starts a process', () => {
    expect(ownReason(join('server', 'db', 'postgres.ts'), '')).toMatch(/opens a database/);
    expect(ownReason('a.ts', 'const url = process.env.DATABASE_URL;')).toMatch(/DATABASE_URL/);
    expect(ownReason('a.ts', "import { spawn } from 'node:child_process';")).toMatch(/processes/);
    expect(ownReason('a.ts', "import { readFileSync } from 'node:fs';")).toBeUndefined();
  });
});
