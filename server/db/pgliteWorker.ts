import { startTsWorker } from '../tsWorker';
import { afterCommitList, runAfterCommit, type AfterCommit } from './afterCommit';
import type { Db, Queryable, QueryResult } from './types';

/** A call from the main thread to the database's thread (`pgliteThread.ts`). */
export type DbCall =
  | { op: 'query' | 'prepared'; id: number; txId?: number; sql: string; params?: unknown[] }
  | { op: 'exec'; id: number; txId?: number; sql: string }
  | {
      op: 'copyFrom';
      id: number;
      txId?: number;
      table: string;
      columns: readonly string[];
      csv: string;
    }
  | { op: 'copyTo'; id: number; txId?: number; sql: string; params: readonly unknown[] }
  | { op: 'close' | 'dumpDataDir'; id: number; txId?: undefined }
  | { op: 'begin'; id: number; txId: number }
  | { op: 'end'; txId: number; commit: boolean };

/** A call before it is numbered. */
type Unsent = DbCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** An error's message and the fields of a database error (`code`, `constraint`, …). */
export type WireError = { message: string; [field: string]: string | undefined };

/** The answer to call `id`; a transaction's end answers under `-txId`. */
export type DbReply =
  { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: WireError };

/**
 * How a database on a thread tells when the calls others sent it have all been answered
 * (`whenOthersDone`): a symbol-keyed property, which the copies made of a `Db` (`{ ...db, close }`)
 * keep.
 */
const idle = Symbol('no calls in flight');
type Counted = { [idle]?: (maxMs: number) => Promise<void> };

/**
 * Resolves once the calls sent to `db` by others have been answered, and those their answers led
 * to (a request's next statement) too, or after `maxMs`: a long writer (a bulk import) calls it
 * between its statements so that other requests' statements run before its next one, however
 * many each request runs one after another. It waits for the database thread's answers rather
 * than polling for them (a loop of turns kept a core busy on a two-core machine, the database's
 * thread's share). Costs one turn of the event loop when no one else is waiting. On a database
 * that does not count its calls (in memory, PostgreSQL), a turn.
 */
export async function whenOthersDone(db: Db, maxMs: number) {
  const untilIdle = (db as Counted)[idle];
  if (untilIdle) await untilIdle(maxMs);
  else await turn();
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A database error raised in the database's thread, with its fields. */
export class DatabaseError extends Error {
  [field: string]: unknown;
}

/**
 * PGlite in a worker thread of its own: PGlite runs each statement synchronously, so on the main
 * thread every query stopped the whole server (other requests, static files) while it ran. Here
 * the main thread parses requests and writes answers while the database works on the other core.
 * Same semantics as `openPglite`: one statement at a time, transactions hold the database until
 * they end.
 */
export async function openPgliteInWorker(dataDir: string): Promise<Db> {
  const worker = startTsWorker(new URL('./pgliteThread.ts', import.meta.url), {
    workerData: { dataDir },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let lastId = 0;
  let lastTx = 0;
  let failure: Error | undefined;

  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  /** Waiting for no call in flight (`whenOthersDone`), each told once at most. */
  const idleWaiters = new Set<() => void>();
  const wakeIfIdle = () => {
    if (pending.size > 0) return;
    for (const wake of idleWaiters) wake();
    idleWaiters.clear();
  };
  worker.on('message', (m: DbReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(Object.assign(new DatabaseError(m.error.message), m.error));
    // A turn later: the code awaiting this answer may send its next statement first.
    if (pending.size === 0 && idleWaiters.size) setImmediate(wakeIfIdle);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));

  const answer = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (failure) reject(failure);
      else pending.set(id, { resolve, reject });
    });
  const send = <T>(call: Unsent) => {
    const id = ++lastId;
    const reply = answer(id);
    worker.postMessage({ ...call, id });
    return reply as Promise<T>;
  };

  await answer(0); // the thread has opened the database

  const queryable = (afterCommit: (fn: AfterCommit) => void, txId?: number): Queryable => ({
    afterCommit,
    query: <T>(sql: string, params?: unknown[]) =>
      send<QueryResult<T>>({ op: 'query', txId, sql, params }),
    queryPrepared: <T>(sql: string, params: unknown[]) =>
      send<QueryResult<T>>({ op: 'prepared', txId, sql, params }),
    exec: (sql: string) => send<void>({ op: 'exec', txId, sql }),
    copyFrom: (table, columns, csv) => send<void>({ op: 'copyFrom', txId, table, columns, csv }),
    copyTo: (sql, params) =>
      send<Uint8Array>({ op: 'copyTo', txId, sql, params }).then((b) =>
        Buffer.from(b.buffer, b.byteOffset, b.byteLength),
      ),
  });

  const db: Db = {
    kind: 'pglite',
    ...queryable(runAfterCommit),
    async transaction(fn) {
      const txId = ++lastTx;
      await send({ op: 'begin', txId });
      const end = (commit: boolean) => {
        const ended = answer(-txId);
        worker.postMessage({ op: 'end', txId, commit } satisfies DbCall);
        return ended;
      };
      // Kept here, on the main thread: run once the thread answers that COMMIT succeeded.
      const after = afterCommitList();
      let result;
      try {
        result = await fn(queryable(after.add, txId));
      } catch (err) {
        after.rolledBack();
        await end(false);
        throw err;
      }
      try {
        await end(true);
      } catch (err) {
        after.rolledBack();
        throw err;
      }
      after.committed();
      return result;
    },
    dumpDataDir: () =>
      send<Uint8Array>({ op: 'dumpDataDir' }).then((b) =>
        Buffer.from(b.buffer, b.byteOffset, b.byteLength),
      ),
    async close() {
      try {
        await send({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
  /** A turn, then until no call is in flight (the last answer's turn after), `maxMs` at most. */
  const untilIdle = async (maxMs: number) => {
    await turn();
    if (pending.size === 0) return;
    let wake = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    idleWaiters.add(wake);
    const timer = setTimeout(wake, maxMs);
    await woken;
    clearTimeout(timer);
    idleWaiters.delete(wake);
  };
  return Object.assign(db, { [idle]: untilIdle });
}
