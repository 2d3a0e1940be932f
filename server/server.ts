import { ConfigError, loadConfig } from './config';
import { openDb } from './db';
import { DataDirInUseError } from './db/dataDirLock';
import { StorageUnavailableError } from './services/storage/types';

/**
 * Starts the API and the web app on PORT. The app's modules (a few hundred) load while the
 * database opens on its own thread, so a start takes the longer of the two rather than their sum:
 * this module imports only what opening needs.
 */
export async function startServer() {
  const config = loadConfig();
  const loading = import('./serve');
  loading.catch(() => undefined); // awaited below, once the database is open
  const db = await openDb(config, 'the API server');
  const { serve } = await loading.catch(async (err: unknown) => {
    await db.close();
    throw err;
  });
  return serve(config, db);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((err: unknown) => {
    if (
      err instanceof DataDirInUseError ||
      err instanceof ConfigError ||
      err instanceof StorageUnavailableError
    ) {
      console.error(err.message);
    } else {
      console.error(err);
    }
    process.exit(1);
  });
}
