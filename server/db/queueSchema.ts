import PgBoss from 'pg-boss';
import type { Db, Queryable } from './types';

/**
 * Where the queue's tables live (services/queue.ts): `pgboss` beside the app's tables in
 * `public`, or beside any other schema the connection uses (each test file's own schema on a
 * shared PostgreSQL).
 */
export async function queueSchemaOf(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ s: string }>('SELECT current_schema() AS s');
  const current = rows[0]!.s;
  return current === 'public' ? 'pgboss' : `${current}_queue`;
}

/**
 * Creates the queue's tables where they are missing, with pg-boss's own script (it takes its own
 * advisory lock), so that a migrated database is complete: copies of it need no install.
 */
export async function installQueueSchema(db: Db) {
  const schema = await queueSchemaOf(db);
  const { rows } = await db.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [
    `${schema}.version`,
  ]);
  if (!rows[0]!.t) await db.exec(PgBoss.getConstructionPlans(schema));
}
