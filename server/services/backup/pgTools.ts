import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';

export class PgToolMissingError extends Error {}

/** Where Debian and Ubuntu put each installed PostgreSQL version's programs. */
const debianInstalls = '/usr/lib/postgresql';

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * `pg_dump` or `pg_restore`: the first on PATH, else the newest under /usr/lib/postgresql/N/bin
 * (Debian installs them there, putting only a wrapper on PATH with postgresql-client-common).
 */
export function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  env: Record<string, string | undefined> = process.env,
  debianRoot = debianInstalls,
): string {
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name));
  let versions: string[] = [];
  try {
    versions = readdirSync(debianRoot)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    // no Debian-style installation
  }
  const found = [...onPath, ...versions.map((v) => path.join(debianRoot, v, 'bin', name))].find(
    isExecutable,
  );
  if (!found) {
    throw new PgToolMissingError(
      `${name} was not found on PATH nor in ${debianRoot}/*/bin: install the PostgreSQL client ` +
        '(apt-get install postgresql-client), of the same major version as the server or newer',
    );
  }
  return found;
}

/**
 * Runs a PostgreSQL program on the database at `databaseUrl`; rejects with what it printed when it
 * fails. The password goes in the environment, not on the command line that `ps` shows.
 */
export function runPgTool(
  name: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: string[],
): Promise<void> {
  const program = findPgTool(name);
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${name} failed (exit code ${code}): ${stderr.trim()}`)),
    );
  });
}
