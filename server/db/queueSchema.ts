import PgBoss from 'pg-boss';
import type { Queryable } from './types';

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
 * pg-boss's install script wraps itself in BEGIN … COMMIT: inside the migration's transaction it
 * would commit that transaction halfway, so its own wrapping is taken off.
 */
function withoutOwnTransaction(script: string): string {
  const begin = /^\s*BEGIN;/;
  const commit = /COMMIT;\s*$/;
  if (!begin.test(script) || !commit.test(script)) {
    throw new Error("pg-boss's install script no longer reads BEGIN … COMMIT: see queueSchema.ts");
  }
  return script.replace(begin, '').replace(commit, '');
}

/**
 * Creates the queue's tables where they are missing, with pg-boss's own script, so that a
 * migrated database is complete: copies of it need no install. Runs in the migration's
 * transaction, under its lock: API processes started together on a new database would otherwise
 * each find no queue tables and the second one's install would fail on the first one's.
 */
export async function installQueueSchema(tx: Queryable) {
  const schema = await queueSchemaOf(tx);
  const { rows } = await tx.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [
    `${schema}.version`,
  ]);
  if (!rows[0]!.t) await tx.exec(withoutOwnTransaction(PgBoss.getConstructionPlans(schema)));
}
