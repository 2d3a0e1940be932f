import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { privateDir } from './ownerOnly';

export class DataDirInUseError extends Error {}

/**
 * PGlite allows one process per data folder; a second one would corrupt it. A lock file holding
 * the owner's pid keeps the server and the CLI from opening the same folder at once. A lock left
 * by a process that no longer runs is taken over.
 */
export function lockDataDir(dir: string, owner: string): () => void {
  privateDir(dir);
  const file = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, owner }));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirInUseError(
          `The data folder ${dir} is in use by ${holder.owner} (pid ${holder.pid}). ` +
            'PGlite allows one process per data folder: stop that process first, ' +
            'or point DATA_DIR at another folder.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dir}`);
}

function readHolder(file: string): { pid: number; owner: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; owner: string };
    return Number.isInteger(parsed.pid) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
