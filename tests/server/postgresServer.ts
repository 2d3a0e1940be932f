import { afterAll, beforeAll, describe } from 'vitest';
import {
  postgresBinDir,
  scratchDatabase,
  startPostgres,
  type Postgres,
} from '../../scripts/cluster';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';

/** The file's scratch database: its URL, and a pool of four connections to it. */
export interface PostgresScratch {
  url: string;
  db: Db;
}

/**
 * `describe` on a migrated scratch database of a real PostgreSQL server, for tests of what other
 * connections see (locks): DATABASE_URL's server (CI's), or one started here where PostgreSQL is
 * installed. Dropped after. Such files stay out of the PGlite pass (scripts/databaseTests.ts).
 */
export function onPostgresServer(
  name: string,
  prefix: string,
  body: (scratch: PostgresScratch) => void,
) {
  describe.runIf(process.env.DATABASE_URL || postgresBinDir() || process.env.CI)(name, () => {
    let server: Postgres | undefined;
    let database: { url: string; drop: () => Promise<void> } | undefined;
    const scratch = {} as PostgresScratch;

    beforeAll(async () => {
      const url = process.env.DATABASE_URL ?? (server = await startPostgres()).url;
      database = await scratchDatabase(url, prefix);
      scratch.url = database.url;
      scratch.db = await openPostgres(database.url, 4);
      await migrate(scratch.db);
    }, 60_000);
    afterAll(async () => {
      await scratch.db?.close();
      await database?.drop();
      await server?.stop();
    });

    body(scratch);
  });
}
