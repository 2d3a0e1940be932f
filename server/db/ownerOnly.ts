import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Creates `dir` (and missing parents) readable by this user only, and makes it so if it exists. */
export function privateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Folders 0700 and files 0600 under `dir`. PGlite writes its files 0666 whatever the umask;
 * those it adds later are still shielded by their 0700 folders.
 */
export function restrictTreeToOwner(dir: string) {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictTreeToOwner(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}
