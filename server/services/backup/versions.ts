import type { Db } from '../../db';

/** The database's last migration and PostgreSQL version, for a backup's manifest. */
export async function databaseVersions(db: Pick<Db, 'query'>) {
  const r = await db.query<{ migration: string; server_version: string }>(
    `SELECT (SELECT max(version) FROM schema_migrations) AS migration,
            current_setting('server_version') AS server_version`,
  );
  return { migration: r.rows[0]!.migration, serverVersion: r.rows[0]!.server_version };
}
