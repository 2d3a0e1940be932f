import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPgTool, PgToolMissingError } from '../../../server/services/backup/pgTools';

const tmp = mkdtempSync(path.join(tmpdir(), 'pg-tools-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An executable `name` in `dir`. */
function program(dir: string, name: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

describe('finding pg_dump and pg_restore', () => {
  const debian = path.join(tmp, 'postgresql');
  const newest = program(path.join(debian, '16', 'bin'), 'pg_dump');
  program(path.join(debian, '9.6', 'bin'), 'pg_dump');
  program(path.join(debian, '15', 'bin'), 'pg_dump');

  it('takes the one on PATH first', () => {
    const onPath = program(path.join(tmp, 'bin'), 'pg_dump');
    const env = { PATH: [path.join(tmp, 'empty'), path.join(tmp, 'bin')].join(path.delimiter) };
    expect(findPgTool('pg_dump', env, debian)).toBe(onPath);
  });

  it('else the newest version under /usr/lib/postgresql/N/bin', () => {
    expect(findPgTool('pg_dump', { PATH: '' }, debian)).toBe(newest);
  });

  it('says what to install when there is none', () => {
    const find = () => findPgTool('pg_restore', { PATH: '' }, debian);
    expect(find).toThrow(PgToolMissingError);
    expect(find).toThrow(/pg_restore was not found on PATH .*apt-get install postgresql-client/);
  });
});
