import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './dataDirLock';
import { openPgliteInWorker } from './pgliteWorker';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, QueryResult } from './types';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in
 * DATA_DIR on a thread of its own, locked for this process (`owner` names it in the refusal
 * another process sees).
 */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  owner: string,
): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  const unlock = lockDataDir(config.dataDir, owner);
  try {
    const db = await openPgliteInWorker(path.join(config.dataDir, 'pglite'));
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
