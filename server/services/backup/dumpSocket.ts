import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import type { Db } from '../../db';
import { databaseVersions } from './versions';

/**
 * PGlite allows one process per data folder, so while the server runs a backup cannot open it: it
 * asks the server instead, over a Unix socket in the data folder. The folder is 0700 and the socket
 * 0600, so only the server's own user (who can read the database files anyway) can connect. The
 * server answers with a line of JSON, `{"size":N,"versions":…}` or `{"error":"…"}`, then the N
 * bytes of PGlite's `dumpDataDir`.
 */
export const dumpSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** Serves dumps of `db` on the data folder's socket until the returned function is called. */
export async function serveDumps(db: Db, dataDir: string): Promise<() => Promise<void>> {
  const dump = db.dumpDataDir;
  if (!dump)
    throw new Error('Only an embedded (PGlite) database is dumped through its data folder');
  const socket = dumpSocketPath(dataDir);
  // A socket left by a server that crashed: the caller holds the folder's lock, so it is ours.
  rmSync(socket, { force: true });
  const server = createServer((connection) => {
    connection.on('error', () => connection.destroy());
    Promise.all([dump.call(db), databaseVersions(db)]).then(
      ([tar, versions]) => {
        connection.write(`${JSON.stringify({ size: tar.length, versions })}\n`);
        connection.end(tar);
      },
      (err: unknown) => connection.end(`${JSON.stringify({ error: String(err) })}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(socket, { force: true });
        resolve();
      });
    });
}

type Versions = Awaited<ReturnType<typeof databaseVersions>>;

export class DumpUnavailableError extends Error {}

/** Asks the server that holds `dataDir` for a dump of its database. */
export function requestDump(dataDir: string): Promise<{ tar: Buffer; versions: Versions }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = createConnection(dumpSocketPath(dataDir));
    connection.on('data', (d: Buffer) => chunks.push(d));
    connection.once('error', (err) =>
      reject(
        new DumpUnavailableError(
          `The running server did not answer on ${dumpSocketPath(dataDir)} (${err.message}). ` +
            'Stop the server and run the backup again: it then reads the data folder itself.',
        ),
      ),
    );
    connection.once('end', () => {
      const data = Buffer.concat(chunks);
      const newline = data.indexOf(0x0a);
      let head: { size?: number; versions?: Versions; error?: string } = {};
      try {
        head = JSON.parse(data.subarray(0, newline).toString('utf8')) as typeof head;
      } catch {
        // handled below as an incomplete answer
      }
      const tar = data.subarray(newline + 1);
      if (head.error)
        reject(new Error(`The running server could not dump its database: ${head.error}`));
      else if (newline < 0 || tar.length !== head.size)
        reject(new DumpUnavailableError('The running server sent an incomplete dump'));
      else resolve({ tar, versions: head.versions! });
    });
  });
}
