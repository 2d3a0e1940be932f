/** Work to run once a transaction's writes are committed (`Queryable.afterCommit`). */
export type AfterCommit = () => void | Promise<void>;

/**
 * A transaction's after-commit work: kept while it is open, run in order once it has committed,
 * dropped when it rolls back or its commit fails. Work added after the end runs at once if the
 * transaction committed, and never if it did not.
 */
export function afterCommitList() {
  let state: AfterCommit[] | 'committed' | 'rolled back' = [];
  return {
    add(fn: AfterCommit) {
      if (state === 'committed') runAfterCommit(fn);
      else if (Array.isArray(state)) state.push(fn);
    },
    committed() {
      const fns = Array.isArray(state) ? state : [];
      state = 'committed';
      fns.forEach(runAfterCommit);
    },
    rolledBack() {
      state = 'rolled back';
    },
  };
}

/**
 * Runs `fn`, its failure reported as a process warning rather than thrown: the transaction has
 * committed, so its caller must hear success (told of a failure, it would retry or report writes
 * that are in the database); the warning keeps the failure from being lost.
 */
export function runAfterCommit(fn: AfterCommit) {
  const report = (err: unknown) =>
    process.emitWarning(err instanceof Error ? err : new Error(String(err)));
  try {
    const done = fn();
    if (done instanceof Promise) done.catch(report);
  } catch (err) {
    report(err);
  }
}
