import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin, to as copyToStdout } from 'pg-copy-streams';
import { defaultDatabasePoolSize } from '../config';
import { afterCommitList, runAfterCommit, type AfterCommit } from './afterCommit';
import { copyToSql, isStalePlan, maxPreparedStatements } from './prepared';
import type { Db, Queryable, QueryResult } from './types';

// int8 (counts, sums of kobo) as numbers, like PGlite returns them; values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

async function run<T>(q: pg.Pool | pg.PoolClient, query: pg.QueryConfig): Promise<QueryResult<T>> {
  const r = await q.query(query);
  return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
}

/**
 * COPY needs one connection for its whole stream: a transaction's own, or one the pool lends for
 * the duration.
 */
async function onOneConnection<T>(
  q: pg.Pool | pg.PoolClient,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if ('release' in q) return fn(q);
  const client = await q.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

/** The URL with one more server setting in its `options` (kept after any it already has). */
function withStartupOption(connectionString: string, option: string) {
  const url = new URL(connectionString);
  const options = url.searchParams.get('options');
  url.searchParams.set('options', options ? `${options} ${option}` : option);
  return url.toString();
}

/** What a connection lost, refused or never made looks like, from node-postgres or the server. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const unreachableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

/**
 * The database server cannot be reached (stopped, restarting, network gone), as opposed to a
 * query of ours that failed: the API answers 503 and the pool reconnects once it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    if (unreachableMessages.test(e.message)) return true;
  }
  return false;
}

/**
 * How long a request waits for a connection (the pool full, or the server away) before it is
 * answered 503: far below the request timeout, so nobody hangs on a database that is not there.
 */
export const connectionTimeoutMs = 5_000;

function rolledBackInstead() {
  return Object.assign(new Error('Transaction was rolled back instead of committed'), {
    code: '25P02',
  });
}

export async function openPostgres(
  connectionString: string,
  poolSize = defaultDatabasePoolSize(),
): Promise<Db> {
  const settings = {
    connectionTimeoutMillis: connectionTimeoutMs,
    // A dead peer (a server whose machine vanished) is noticed by the socket, not only by a query.
    keepAlive: true,
  };
  const pool = new pg.Pool({ connectionString, max: poolSize, ...settings });
  // queryPrepared's statements run on connections of their own that plan once for any values
  // (plan_cache_mode applies to every statement with parameters of a connection, named or not):
  // the app's other queries keep plans made for their values.
  const preparedPool = new pg.Pool({
    connectionString: withStartupOption(connectionString, '-c plan_cache_mode=force_generic_plan'),
    max: poolSize,
    ...settings,
  });
  // An idle connection the server ends (a restart, a terminated backend) is dropped by its pool,
  // which opens a new one when next needed; without a listener its error would end the process.
  for (const p of [pool, preparedPool]) p.on('error', () => undefined);
  await pool.query('SELECT 1');
  // Statement texts given a name: node-postgres prepares a named one once per connection.
  const named = new Map<string, string>();
  let stale = 0;
  const wrap = (
    q: pg.Pool | pg.PoolClient,
    afterCommit: (fn: AfterCommit) => void,
    prepared: pg.Pool | pg.PoolClient = q,
  ): Queryable => ({
    afterCommit,
    query: (sql, params) => run(q, { text: sql, values: params }),
    async queryPrepared<T>(sql: string, params: unknown[]): Promise<QueryResult<T>> {
      const q = prepared;
      let name = named.get(sql);
      if (!name && named.size < maxPreparedStatements) {
        name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}_${stale}`;
        named.set(sql, name);
      }
      try {
        return await run<T>(q, { name, text: sql, values: params });
      } catch (err) {
        if (!name || !isStalePlan(err)) throw err;
        // Every connection holds the old one: a new name prepares it afresh on each.
        named.delete(sql);
        stale++;
        return run<T>(q, { text: sql, values: params });
      }
    },
    async exec(sql: string) {
      await q.query(sql); // no parameters: the simple protocol runs several statements
    },
    copyFrom: (table, columns, csv) =>
      onOneConnection(q, async (client) => {
        const sink = client.query(
          copyFromStdin(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`),
        );
        await pipeline(Readable.from([csv]), sink);
      }),
    copyTo: (select, params) =>
      onOneConnection(q, async (client) => {
        const source = client.query(copyToStdout(copyToSql(select, params, 'STDOUT')));
        const chunks: Buffer[] = [];
        for await (const chunk of source) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }),
  });
  return {
    kind: 'postgres',
    ...wrap(pool, runAfterCommit, preparedPool),
    async transaction(fn) {
      const client = await pool.connect();
      const after = afterCommitList();
      let result;
      try {
        await client.query('BEGIN');
        result = await fn(wrap(client, after.add));
        const { command } = await client.query('COMMIT');
        // A transaction in which a statement failed answers COMMIT with ROLLBACK: its writes are
        // gone, so the caller must not hear success (PGlite throws the same).
        if (command === 'ROLLBACK') throw rolledBackInstead();
      } catch (err) {
        after.rolledBack();
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
      after.committed();
      return result;
    },
    close: async () => {
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}
