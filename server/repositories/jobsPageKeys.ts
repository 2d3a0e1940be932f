import type { JobListFilter, JobScope, JobSort } from './jobsView';
import type { Where } from './sqlWhere';

/**
 * Remembered page boundaries of the jobs list. A page is read by walking an index from one end
 * past every row before it: 55,000 rows for the middle page of 110,000, 15–75 ms on PGlite. Here
 * the key (sort key and id) of every `keyEvery`-th row of a list is remembered after one walk,
 * and a deep page is a seek past the nearest boundary before it, then at most `keyEvery` rows
 * walked. A list's boundaries and total hold for one `version`: the sum of its parties' write
 * counters (migration 0033), read in the same statement as the page, so a boundary is used only
 * in a snapshot that holds exactly the jobs it was read from.
 */

/** A boundary is remembered every so many rows: a page walks at most this many past it. */
export const keyEvery = 250;

/** How many lists (caller's parties × filter) are remembered, the least recently read dropped. */
export const maxRememberedLists = 200;

/** The last row of a stretch of `keyEvery` rows: its sort key as text (null sorts as NULL), its id. */
export interface Boundary {
  key: string | null;
  id: string;
}

/** What is known of one list (scope and filter) at one version of its parties' jobs. */
export interface ListMemo {
  version: string;
  /** The number of jobs matching, once a statement counted them at this version. */
  total?: number;
  /** Per order (`orderName`), the boundary after each stretch: `[i]` ends row (i + 1) × keyEvery. */
  keys: Map<string, Boundary[]>;
  /** The orders whose walk reached the list's end: no boundary follows their last. */
  ended: Set<string>;
}

/** Whether a filter's list can be remembered: not a search, not a getMany, not `overdue` (it moves with the clock). */
export const isMemoable = (f: JobListFilter) =>
  !f.q?.trim() && f.ids === undefined && f.overdue === undefined;

/** The name of a list: whose jobs (the scope) and which (the filter, as the route checked it). */
export const listName = (scope: JobScope, filter: JobListFilter) =>
  JSON.stringify([scope, Object.entries(filter).filter(([, v]) => v !== undefined)]);

export const orderName = (sort: JobSort) => `${sort.field} ${sort.order}`;

/** How many boundaries all remembered lists hold together at most (about 100 bytes each). */
export const maxRememberedKeys = 100_000;

/**
 * The lists read lately, the least recently read dropped past `maxLists` lists or `maxKeys`
 * boundaries in all (a caller sends any filter: what is remembered of it stays bounded).
 */
export class ListMemos {
  private readonly memos = new Map<string, ListMemo>();
  private readonly sizes = new Map<string, number>();
  private held = 0;
  constructor(
    readonly maxLists = maxRememberedLists,
    readonly maxKeys = maxRememberedKeys,
  ) {}

  get(name: string) {
    const memo = this.memos.get(name);
    if (memo) this.set(name, memo);
    return memo;
  }

  /** Remembers `memo` as the most recently read (again after its boundaries grew). */
  set(name: string, memo: ListMemo) {
    this.delete(name);
    const size = [...memo.keys.values()].reduce((n, keys) => n + keys.length, 0);
    this.memos.set(name, memo);
    this.sizes.set(name, size);
    this.held += size;
    while (this.memos.size > this.maxLists || (this.held > this.maxKeys && this.memos.size > 1)) {
      this.delete(this.memos.keys().next().value!);
    }
  }

  delete(name: string) {
    this.held -= this.sizes.get(name) ?? 0;
    this.sizes.delete(name);
    this.memos.delete(name);
  }

  get size() {
    return this.memos.size;
  }

  /** The boundaries held by all remembered lists. */
  get keys() {
    return this.held;
  }
}

/** The SQL type of a sort key, so that a boundary read as text compares as the key itself. */
const keyType = (sort: JobSort) =>
  sort.field === 'created_at' || sort.field === 'id' || sort.field === 'due_at'
    ? 'timestamptz'
    : 'text';

/**
 * The rows after `after` in the list's order (sort key, then id, both one way), as conditions
 * each read in order off one index range: a row comparison, and for the due date (which may be
 * NULL: last going up, first going down) the NULL part apart, since a row comparison with NULL is
 * never true.
 */
export function afterConditions(w: Where, key: string, sort: JobSort, after: Boundary) {
  const id = `${w.param(after.id)}::uuid`;
  const nullable = sort.field === 'due_at';
  const up = sort.order === 'ASC';
  if (after.key === null) {
    const rest = `${key} IS NULL AND j.id ${up ? '>' : '<'} ${id}`;
    return up ? [rest] : [rest, `${key} IS NOT NULL`];
  }
  const k = `${w.param(after.key)}::${keyType(sort)}`;
  const past = `(${key}, j.id) ${up ? '>' : '<'} (${k}, ${id})`;
  return up && nullable ? [past, `${key} IS NULL`] : [past];
}
