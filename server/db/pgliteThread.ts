import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './pglite';
import type { Queryable } from './types';
import type { DbCall, DbReply, WireError } from './pgliteWorker';

/**
 * The worker thread that owns the embedded database (see `openPgliteInWorker`): it opens PGlite
 * in `workerData.dataDir` and answers the calls of the main thread, one message each.
 */
const db = await openPglite(workerData.dataDir as string);
const port = parentPort!;

/** Open transactions: their `Queryable`, and how the main thread ends them. */
const transactions = new Map<number, { tx: Queryable; end: (commit: boolean) => void }>();

/** What a database error carries across the thread boundary (the app reads code and constraint). */
function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & Record<string, unknown>;
  const fields: WireError = { message: e.message, name: e.name };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'hint']) {
    if (typeof e[key] === 'string') fields[key] = e[key];
  }
  return fields;
}

const reply = (message: DbReply) => {
  // COPY's bytes move to the main thread rather than being copied (`copyTo`).
  const bytes = message.ok && message.result instanceof Uint8Array ? message.result : undefined;
  port.postMessage(message, bytes ? [bytes.buffer as ArrayBuffer] : []);
};

function begin(id: number, txId: number) {
  // The transaction holds PGlite's transaction lock until the main thread commits or rolls back.
  db.transaction(async (tx) => {
    const commit = await new Promise<boolean>((end) => {
      transactions.set(txId, { tx, end });
      reply({ id, ok: true });
    });
    if (!commit) throw new RolledBack();
  })
    .then(
      () => reply({ id: -txId, ok: true }),
      (err: unknown) =>
        reply(
          err instanceof RolledBack
            ? { id: -txId, ok: true }
            : { id: -txId, ok: false, error: wireError(err) },
        ),
    )
    .finally(() => transactions.delete(txId));
}

class RolledBack extends Error {}

port.on('message', (call: DbCall) => {
  if (call.op === 'begin') return begin(call.id, call.txId);
  if (call.op === 'end') return transactions.get(call.txId)?.end(call.commit);
  const q = call.txId ? transactions.get(call.txId)?.tx : db;
  const run = async () => {
    if (!q) throw new Error('The transaction has ended');
    switch (call.op) {
      case 'query':
        return q.query(call.sql, call.params);
      case 'prepared':
        return q.queryPrepared(call.sql, call.params ?? []);
      case 'exec':
        return q.exec(call.sql);
      case 'copyFrom':
        return q.copyFrom(call.table, call.columns, call.csv);
      case 'copyTo':
        return q.copyTo(call.sql, call.params);
      case 'dumpDataDir':
        return db.dumpDataDir();
      case 'close':
        return db.close();
    }
  };
  run().then(
    (result) => reply({ id: call.id, ok: true, result }),
    (err: unknown) => reply({ id: call.id, ok: false, error: wireError(err) }),
  );
});

port.postMessage({ id: 0, ok: true });
