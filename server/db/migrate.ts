import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installQueueSchema } from './queueSchema';
import type { Db } from './types';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Applies the ordered `NNNN_name.sql` files not yet recorded in `schema_migrations`, each in its
 * own transaction. An advisory lock keeps two API processes on one PostgreSQL from racing.
 * Returns the versions applied now (all of them on a new database). The job queue's tables,
 * which pg-boss owns and upgrades, follow under the same lock.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7235061)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await tx.exec(readFileSync(path.join(migrationsDir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    await installQueueSchema(tx);
    return applied;
  });
  return applied;
}
