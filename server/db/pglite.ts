import { performance } from 'node:perf_hooks';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { privateDir, restrictTreeToOwner } from './ownerOnly';
import { afterCommitList, runAfterCommit, type AfterCommit } from './afterCommit';
import { copyToSql, isStalePlan, maxPreparedStatements, parameterText } from './prepared';
import type { Db, Queryable, QueryResult } from './types';

/**
 * PostgreSQL in WASM: the embedded default. `dataDir` undefined keeps it in memory (tests);
 * `loadDataDir` starts from a `dumpDataDir` tarball instead of an empty cluster.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PgliteDb> {
  return pgliteDb(await startPglite(dataDir, loadDataDir));
}

export type PgliteDb = Db & { dumpDataDir(): Promise<Buffer> };

/** The PGlite itself, as `openPglite` starts it. */
export async function startPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  // The database files hold every account and job: no other user of the machine may read them.
  if (dataDir) privateDir(dataDir);
  // pg_trgm: the jobs search's trigram index (migration 0013).
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  if (dataDir) restrictTreeToOwner(dataDir);
  return pg;
}

/**
 * The `Db` over a started PGlite. Its prepared statements' names start empty: the session must
 * have none (the API tests' reused databases deallocate them first).
 */
export function pgliteDb(pg: PGlite): PgliteDb {
  const wrap = (
    q: Pick<PGlite, 'query' | 'exec'>,
    afterCommit: (fn: AfterCommit) => void,
  ): Queryable => {
    async function query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    }
    return {
      afterCommit,
      query,
      // Inside a transaction the statement simply runs: transactions are not the hot path.
      queryPrepared: query,
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
      async copyTo(select, params) {
        const r = await q.query(copyToSql(select, params, "'/dev/blob'"));
        return Buffer.from(r.blob ? await r.blob.arrayBuffer() : new ArrayBuffer(0));
      },
    };
  };
  const db = wrap(pg, runAfterCommit);
  return {
    kind: 'pglite',
    ...db,
    queryPrepared: preparedStatements(pg, db),
    async transaction(fn) {
      const after = afterCommitList();
      let result;
      try {
        result = await pg.transaction((tx) => fn(wrap(tx, after.add)));
      } catch (err) {
        after.rolledBack();
        throw err;
      }
      after.committed();
      return result;
    },
    // Between transactions (none is open while the transaction lock is held) and right after a
    // checkpoint: the files then hold every committed change and nothing half done.
    dumpDataDir: () =>
      pg._runExclusiveTransaction(async () => {
        // `exec` would wait for the transaction lock held here: the statement goes in directly.
        await pg.runExclusive(() => pg.execProtocolStream(protocol.serialize.query('CHECKPOINT')));
        return Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
      }),
    close: () => pg.close(),
  };
}

/**
 * PGlite's `query` sends parse, describe, bind, describe, execute and sync as six calls into the
 * WebAssembly module and plans the statement each time. Here a statement is parsed once under a
 * name, then bind, describe, execute and sync go in as one message: one call, no planning. The
 * generic plan is asked for around this statement alone (SET … RESET in the same message; an error
 * rolls the SET back with the implicit transaction): the app's other queries keep custom plans.
 * Waits for running transactions and queries like `query` does (PGlite runs one at a time);
 * answers how long the statement itself took (`ms`), the wait left out.
 */
/** An unnamed statement run within a protocol message (parse, bind, execute). */
const unnamed = (text: string) => [
  protocol.serialize.parse({ text }),
  protocol.serialize.bind({}),
  protocol.serialize.execute(),
];
const genericPlanOn = unnamed('SET plan_cache_mode = force_generic_plan');
const genericPlanOff = unnamed('RESET plan_cache_mode');

function preparedStatements(pg: PGlite, fallback: Queryable) {
  const names = new Map<string, string>();
  let made = 0;
  const run = async <T>(sql: string, params: unknown[]): Promise<QueryResult<T>> => {
    let name = names.get(sql);
    if (!name && names.size >= maxPreparedStatements) return fallback.query<T>(sql, params);
    return pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        const started = performance.now();
        const parts: Uint8Array[] = [...genericPlanOn];
        const isNew = !name;
        if (!name) {
          name = `prepared_${++made}`;
          parts.push(protocol.serialize.parse({ name, text: sql }));
        }
        parts.push(
          protocol.serialize.bind({ statement: name, values: params.map(parameterText) }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute(),
          ...genericPlanOff,
          protocol.serialize.sync(),
        );
        const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        parts.reduce((at, p) => (message.set(p, at), at + p.length), 0);
        const replies = await pg.execProtocolStream(message, { throwOnError: false });
        // Parsed even when binding failed (bad input): the name is taken from now on.
        if (isNew && replies.some((m) => m.name === 'parseComplete')) names.set(sql, name);
        const error = replies.find((m) => m.name === 'error');
        if (error) throw error;
        // The results of SET, of this statement, then of RESET.
        const result = parse.parseResults(replies, pg.parsers)[1];
        return {
          rows: (result?.rows ?? []) as T[],
          rowCount: result?.rows.length ?? 0,
          ms: performance.now() - started,
        };
      }),
    );
  };
  return async <T>(sql: string, params: unknown[]) => {
    try {
      return await run<T>(sql, params);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      names.delete(sql); // prepared again under a new name next time
      return fallback.query<T>(sql, params);
    }
  };
}
