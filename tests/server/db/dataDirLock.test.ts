import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../../server/db';
import { DataDirInUseError, lockDataDir } from '../../../server/db/dataDirLock';
import { deadPid, liveProcess } from '../helpers';

describe('lockDataDir', () => {
  let tmp: string;
  let other: ChildProcess;
  let dir: string;
  const lockFile = () => path.join(dir, 'pglite.lock');
  const holdBy = (pid: number, owner = 'the API server') =>
    writeFileSync(lockFile(), JSON.stringify({ pid, owner }));

  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
    other = liveProcess();
  });
  afterAll(() => {
    other.kill();
    rmSync(tmp, { recursive: true, force: true });
  });
  let n = 0;
  beforeEach(() => {
    dir = path.join(tmp, `data-${++n}`);
  });

  it('creates the folder and a lock file naming this process; unlocking removes it', () => {
    const unlock = lockDataDir(dir, 'the tests');
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({
      pid: process.pid,
      owner: 'the tests',
    });
    unlock();
    expect(existsSync(lockFile())).toBe(false);
    expect(existsSync(dir)).toBe(true);
  });

  it('refuses a folder held by another live process, with a clear message', () => {
    lockDataDir(dir, 'first'); // the folder exists
    holdBy(other.pid!, 'the API server');
    let error: unknown;
    try {
      lockDataDir(dir, 'user:create');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain('in use');
    expect(message).toContain('the API server');
    expect(message).toContain(String(other.pid));
    // The holder's lock is left alone.
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(other.pid);
  });

  it('takes over a lock left by a process that has exited', async () => {
    lockDataDir(dir, 'first');
    holdBy(await deadPid());
    const unlock = lockDataDir(dir, 'successor');
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({
      pid: process.pid,
      owner: 'successor',
    });
    unlock();
  });

  it('takes over a lock holding its own pid (a restarted container reuses pids) or garbage', () => {
    lockDataDir(dir, 'first');
    holdBy(process.pid, 'an earlier run');
    lockDataDir(dir, 'again');
    writeFileSync(lockFile(), 'not json');
    const unlock = lockDataDir(dir, 'after garbage');
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).owner).toBe('after garbage');
    unlock();
  });

  it('keeps openDb from opening PGlite in a folder in use', async () => {
    lockDataDir(dir, 'first');
    holdBy(other.pid!);
    await expect(openDb({ dataDir: dir }, 'the tests')).rejects.toBeInstanceOf(DataDirInUseError);
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  });
});
