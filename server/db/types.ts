import type { AfterCommit } from './afterCommit';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
  /**
   * How long the database itself spent on the statement, where it says (PGlite's prepared
   * statements): the wait for the statements queued before it left out.
   */
  ms?: number;
}

/** What a repository needs: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * A read that a hot path repeats with other values: parsed and planned once per connection (a
   * generic plan) and run in one call, instead of planned afresh each time. Only for statements
   * whose best plan does not depend on the values; at most a few hundred distinct texts are kept,
   * past that it runs as `query`.
   */
  queryPrepared<T = Record<string, unknown>>(
    sql: string,
    params: unknown[],
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Bulk-loads CSV text (no header) into `table (columns)` with COPY, the fastest way in on
   * both PGlite and PostgreSQL. Names are the caller's constants, never user input.
   */
  copyFrom(table: string, columns: readonly string[], csv: string): Promise<void>;
  /**
   * The rows of `select` as COPY writes them in CSV (no header, LF after each row), as UTF-8.
   * COPY cannot take parameters: `params` are written into the statement as literals
   * (`inlineParameters`). The whole text is held in memory: callers read in pages.
   */
  copyTo(select: string, params: readonly unknown[]): Promise<Buffer>;
  /**
   * Runs `fn` once what was written through this is committed: in a transaction, after the
   * outermost COMMIT succeeds, never after a rollback or a failed commit; on the database itself,
   * whose statements commit as they run, at once. For work that must find the writes from
   * elsewhere (the job queue's worker, whose fetch runs on another connection). What `fn` throws
   * or rejects with is reported as a process warning, never thrown to the transaction's caller.
   */
  afterCommit(fn: AfterCommit): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. A
   * statement that failed inside it (its error caught) makes the commit a rollback: the call then
   * rejects (SQLSTATE 25P02), as PGlite does.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: the cluster's files as a tar (PGlite's `dumpDataDir`), taken between
   * transactions; the app's queries wait meanwhile.
   */
  dumpDataDir?(): Promise<Buffer>;
}
