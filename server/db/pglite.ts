import { PGlite } from '@electric-sql/pglite';
import { privateDir, restrictTreeToOwner } from './ownerOnly';
import type { Db, Queryable, QueryResult } from './types';

/** PostgreSQL in WASM: the embedded default. `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  // The database files hold every account and job: no other user of the machine may read them.
  if (dataDir) privateDir(dataDir);
  const pg = await PGlite.create(dataDir);
  if (dataDir) restrictTreeToOwner(dataDir);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    async copyFrom(table, columns, csv) {
      await q.query(
        `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`,
        [],
        {
          blob: new Blob([csv]),
        },
      );
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
