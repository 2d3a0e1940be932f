import { lagosOffsetSql } from '../../reference/lagosTime';
import { koboPerNaira } from '../../reference/money';
import type { Queryable } from '../db';
import type { JobStatus } from '../services/jobStateMachine';
import {
  afterConditions,
  type Boundary,
  isMemoable,
  keyEvery,
  ListMemos,
  type ListMemo,
  listName,
  orderName,
} from './jobsPageKeys';
import { Where, type SqlCheck } from './sqlWhere';
import {
  codePattern,
  filterWhere,
  jobColumns,
  jobJoins,
  type JobListFilter,
  type JobRow,
  type JobScope,
  type JobSort,
  type KeyScope,
  orderBy,
  overdueSql,
  importStagingSql,
  noImportStagingSql,
  partyWhere,
  searchSql,
  selectJob,
  sortKey,
  visibleJobSql,
} from './jobsView';

/** The jobs list and its counts: pages as rows or as the API's JSON, totals, counts per status and day. */

/** An instant as `Date.toISOString` writes it (milliseconds, UTC). */
const isoSql = (sql: string) =>
  `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Kobo as NGN, the number `koboToNgn` makes. */
const ngnSql = (sql: string) => `(${sql})::float8 / ${koboPerNaira}`;

/**
 * The job's columns as the API's JSON writes them (services/jobAccess.ts `jobView`), so that the
 * database builds a page's JSON and it goes out as the text it returns.
 */
function jobWireColumns(w: Where, scope: JobScope) {
  const wire: Record<string, [string, (sql: string) => string]> = {
    price_kobo: ['price', ngnSql],
    fee_kobo: ['fee', ngnSql],
    assigned_at: ['assigned_at', isoSql],
    due_at: ['due_at', isoSql],
    created_at: ['created_at', isoSql],
    updated_at: ['updated_at', isoSql],
  };
  const columns = jobColumns(w, scope).map(([name, sql]) => {
    const [key, convert] = wire[name] ?? [name, (s: string) => s];
    return `${convert(sql)} AS ${key}`;
  });
  return columns.join(', ');
}

/** The scope of provider staff, who see every job whole. */
const all: JobScope = { kind: 'all' };

/** A part of a scope: its condition, and the scope its sort key is read as (see `branches`). */
interface Branch {
  where: (w: Where) => void;
  keyScope: KeyScope;
}

/** The jobs assigned to the viewer, whose sort keys their own indexes hold (migration 0034). */
const assigned: KeyScope = { kind: 'assigned' };

/**
 * The scope as disjoint parts: a company's own jobs and those assigned to it, each read from its
 * own index (an OR of the two would visit every row's heap tuple). They never overlap: the
 * database refuses a job assigned to its owner (migration 0015). Saying so again in SQL
 * (`company_id <> $1`) made a plan for any values read the partner branch as empty where one
 * company owns every job, and scan the table for it. A company's own jobs never hide their
 * subject from it, so their sort key is the column itself, read off the owner's indexes in order
 * (migration 0032); as the viewer's expression it sorted every job of the company. The jobs
 * assigned to the viewer are read as `assigned`, so that each sort is one range of their
 * assignee's index for it (migration 0034).
 */
function branches(scope: JobScope): Branch[] {
  // Each part read only when the counters say the company has jobs in it, decided once per
  // statement: a plan made for any values reads a partner's share by scanning the table, even
  // for a company assigned no job at all, and a partner's own jobs (often none) by walking every
  // job in the sort's order (the code's unique index, under a status filter).
  const some = (kind: string, c: string) =>
    `EXISTS (SELECT 1 FROM job_counts c
      WHERE c.party_kind = '${kind}' AND c.party_id = ${c} AND c.n > 0)`;
  const parties: Branch[] =
    scope.kind === 'company'
      ? [
          {
            where: (w) => {
              const c = w.param(scope.companyId);
              w.add(`j.company_id = ${c}`);
              w.add(some('owner', c));
            },
            keyScope: all,
          },
          {
            where: (w) => {
              const c = w.param(scope.companyId);
              w.add(`j.assignee_company_id = ${c}`);
              w.add(some('assignee_company', c));
            },
            keyScope: assigned,
          },
        ]
      : [
          {
            where: (w) => partyWhere(w, scope),
            keyScope: scope.kind === 'agent' ? assigned : scope,
          },
        ];
  // Each twice: read from the index alone while no import is staging, else leaving out the
  // staged jobs. The database runs one of the two, deciding once per statement.
  return parties.flatMap((party) => [
    { ...party, where: (w: Where) => (party.where(w), w.add(noImportStagingSql)) },
    {
      ...party,
      where: (w: Where) => (party.where(w), w.add(importStagingSql), w.add(visibleJobSql)),
    },
  ]);
}

/** The parties whose counters make up a scope (a company: the jobs it owns and those assigned to it). */
function counterParties(scope: JobScope): [string, string][] {
  if (scope.kind === 'all') return [['all', '00000000-0000-0000-0000-000000000000']];
  if (scope.kind === 'agent') return [['assignee_agent', scope.agentId]];
  return [
    ['owner', scope.companyId],
    ['assignee_company', scope.companyId],
  ];
}

/**
 * The counters (`job_counts`) holding the totals of scope and filter, when they do: no filter, or
 * only an owner the scope covers whole (provider staff, or a company's own jobs).
 */
function countedParties(scope: JobScope, filter: JobListFilter): [string, string][] | undefined {
  const { ownerCompanyId, ...rest } = filter;
  if (Object.values(rest).some((v) => v !== undefined)) return undefined;
  if (ownerCompanyId === undefined) return counterParties(scope);
  const covered =
    scope.kind === 'all' || (scope.kind === 'company' && scope.companyId === ownerCompanyId);
  return covered ? [['owner', ownerCompanyId]] : undefined;
}

const isStatusOnly = (f: JobListFilter) =>
  Object.entries(f).every(([k, v]) => v === undefined || k === 'status');

/** The counters' rows (`c`) of the parties making up a scope. */
function partyCountersFrom(w: Where, scope: JobScope) {
  const parties = counterParties(scope);
  const kinds = w.param(parties.map((p) => p[0]));
  const ids = w.param(parties.map((p) => p[1]));
  return `job_counts c
       JOIN unnest(${kinds}::text[], ${ids}::uuid[]) AS p (kind, id) ON c.party_kind = p.kind AND c.party_id = p.id`;
}

/** A total read from `job_counts` (kept by triggers) instead of counting the jobs themselves. */
function countersSql(params: unknown[], scope: JobScope, status: JobStatus | undefined) {
  const w = new Where(params);
  const from = partyCountersFrom(w, scope);
  if (status) w.add(`c.status = ${w.param(status)}`);
  return `(SELECT coalesce(sum(c.n), 0)::int FROM ${from} ${w.sql})`;
}

/**
 * The version of a scope's jobs: how many statements wrote a job of its parties (migration
 * 0033), as text. Equal in two snapshots, they hold the same jobs of the scope.
 */
function versionSql(params: unknown[], scope: JobScope) {
  const w = new Where(params);
  return `(SELECT coalesce(sum(c.writes), 0)::text FROM ${partyCountersFrom(w, scope)})`;
}

/**
 * Each branch of the scope as a `Where` with the filter applied, given to `then` before the next
 * branch is built (so that its parameters keep their order).
 */
function perBranch<R>(
  params: unknown[],
  scope: JobScope,
  filter: JobListFilter,
  then: (w: Where, branch: Branch) => R,
): R[] {
  return branches(scope).map((b) => {
    const w = new Where(params);
    b.where(w);
    filterWhere(w, filter, scope);
    return then(w, b);
  });
}

/** A branch's jobs as the `j` of its page's read, with `also` added to its condition. */
const branchJobs = (w: Where, also?: string) => `jobs j ${also ? `${w.sql} AND ${also}` : w.sql}`;

/** The order of a page's rows, its sort's direction. */
const direction = (sort: JobSort) => (sort.order === 'ASC' ? 'ASC' : 'DESC');

/** How many jobs of the scope match the filter, as an SQL expression. */
function totalSql(params: unknown[], scope: JobScope, filter: JobListFilter) {
  if (isStatusOnly(filter)) return countersSql(params, scope, filter.status);
  const parts = perBranch(params, scope, filter, (w) => `(SELECT count(*) FROM jobs j ${w.sql})`);
  return `(${parts.join(' + ')})::int`;
}

/**
 * The ids (and sort keys) of a page of the list, as the CTE `page`. Each branch of the scope (a
 * company's own jobs, the jobs assigned to it) takes its first `offset + limit` rows from its own
 * index; only the merged page is joined. An OR of the two branches would sort every matching row.
 * A search first gathers every match, as the CTE `matches`, through the trigram index (left to
 * choose, the planner walks the whole list in order for a few names), then sorts them.
 */
function pageCtes(
  params: unknown[],
  scope: JobScope,
  filter: JobListFilter,
  sort: JobSort,
  offset: number,
  limit: number,
  after?: Boundary,
) {
  const parts = perBranch(params, scope, filter, (w, branch) => {
    const key = sortKey(sort, w, branch.keyScope);
    // Past a boundary: each part of the rows after it read from its own index range.
    const ranges = after ? afterConditions(w, key, sort, after) : [undefined];
    return ranges
      .map((range) => {
        const matches = `SELECT j.id, ${key} AS sort_key FROM ${branchJobs(w, range)}`;
        if (filter.q) return matches;
        return `(${matches} ${orderBy(key, sort)} LIMIT ${w.param(offset + limit)})`;
      })
      .join(' UNION ALL ');
  });
  const dir = direction(sort);
  const w = new Where(params);
  const window = `ORDER BY sort_key ${dir}, id ${dir} LIMIT ${w.param(limit)} OFFSET ${w.param(offset)}`;
  const union = parts.join(' UNION ALL ');
  return filter.q
    ? `matches AS MATERIALIZED (${union}), page AS (SELECT id, sort_key FROM matches ${window})`
    : `page AS (SELECT id, sort_key FROM (${union}) u ${window})`;
}

/** What a page of the list is asked by: scope, filter, sort, page, and the check made with it. */
type PageArgs = [
  scope: JobScope,
  filter: JobListFilter,
  sort: JobSort,
  offset: number,
  limit: number,
  check?: SqlCheck,
];

/** The column `checked`: what `check` says, in the same statement as the data. */
const checkColumn = (params: unknown[], check?: SqlCheck) =>
  check ? `, ${check(params)} AS checked` : '';

/**
 * The statement of a page of the list as JSON (`listPage`), exported for the benchmark's EXPLAIN.
 * Its plan is made once, for any values: each branch reads its own index in the list's order, a
 * search reads the trigram index first (`pageCtes`).
 */
export function listPageStatement(...args: PageArgs) {
  return pageStatement(args);
}

/** How a page is read: from the far end, past a boundary, with a total known at a version. */
interface PageRead {
  /** The rows asked for counted from the list's far end (`farEndOf`): read in the opposite order. */
  farEnd?: { offset: number; limit: number };
  /** Read past this boundary, `skipped` rows into the list (in the order read). */
  after?: { boundary: Boundary; skipped: number };
  /** The total counted at this version of the scope's jobs: not counted again while it holds. */
  known?: Pick<ListMemo, 'version' | 'total'>;
}

const reversed = (sort: JobSort): JobSort => ({
  ...sort,
  order: sort.order === 'ASC' ? 'DESC' : 'ASC',
});

/**
 * A page of the list, with its total and the version of the scope's jobs it was read at. Read
 * from the far end, the same rows found in the opposite order are given back in the list's own.
 */
function pageStatement(args: PageArgs, how: PageRead = {}) {
  const [scope, filter, sort, offset, limit, check] = args;
  const params: unknown[] = [];
  const read = how.farEnd ? reversed(sort) : sort;
  const at = how.farEnd ?? { offset, limit };
  const skipped = how.after?.skipped ?? 0;
  const ctes = pageCtes(
    params,
    scope,
    filter,
    read,
    at.offset - skipped,
    at.limit,
    how.after?.boundary,
  );
  const version = versionSql(params, scope);
  let total = filter.q ? '(SELECT count(*) FROM matches)::int' : totalSql(params, scope, filter);
  if (how.known?.total !== undefined && !isStatusOnly(filter)) {
    // Counted only when the jobs changed since (an uncorrelated subquery runs when first needed).
    const w = new Where(params);
    total = `CASE WHEN (SELECT v FROM version) = ${w.param(how.known.version)}
      THEN ${w.param(how.known.total)}::int ELSE ${total} END`;
  }
  const w = new Where(params);
  const dir = direction(sort);
  const sql = `WITH ${ctes}, version AS (SELECT ${version} AS v)
    SELECT ${total} AS total, (SELECT count(*) FROM page)::int AS rows,
      (${pageJsonSql(w, scope, dir)}) AS json, (SELECT v FROM version) AS version${checkColumn(params, check)}`;
  return { sql, params };
}

/**
 * The boundaries of `stretches` more stretches of `keyEvery` rows after `after` (from the start
 * without it), in the order `sort`, and the version of the scope's jobs they were read at: one
 * walk of the index, its keys as text.
 */
function boundaryStatement(
  scope: JobScope,
  filter: JobListFilter,
  sort: JobSort,
  after: Boundary | undefined,
  stretches: number,
) {
  const params: unknown[] = [];
  const ctes = pageCtes(params, scope, filter, sort, 0, stretches * keyEvery, after);
  const version = versionSql(params, scope);
  const dir = direction(sort);
  const sql = `WITH ${ctes}
    SELECT ${version} AS version,
      coalesce(json_agg(json_build_array(p.sort_key::text, p.id) ORDER BY p.n), '[]')::text AS keys
      FROM (SELECT sort_key, id, row_number() OVER (ORDER BY sort_key ${dir}, id ${dir}) AS n
              FROM page) p
     WHERE p.n % ${keyEvery} = 0`;
  return { sql, params };
}

/** How many of the newest jobs of the list a search reads first (`recentSearchStatement`). */
export const recentSearchRows = 1_000;

/**
 * Whether a search may be answered from the newest jobs: a name, in a list in creation order.
 */
const readsRecentFirst = (filter: JobListFilter, sort: JobSort) => {
  const q = filter.q?.trim();
  return (
    Boolean(q) && !codePattern.test(q!) && (sort.field === 'created_at' || sort.field === 'id')
  );
};

/**
 * A search's page read from the newest `recentSearchRows` jobs of the list (each branch of the
 * scope from its own index, in order): they are a prefix of the whole list, so when they hold more
 * matches than the page needs, the page is the list's own and more matches follow (the total is
 * not counted). When they are the whole list (fewer `read` than asked for), `hits` is the exact
 * total. A broad
 * name (one job in twenty) is answered this way at any size; counting its tens of thousands of
 * matches took 190–300 ms at a million jobs. Otherwise the search runs in full (`listPageStatement`).
 */
export function recentSearchStatement(...args: PageArgs) {
  const [scope, filter, sort, offset, limit, check] = args;
  const params: unknown[] = [];
  const others = { ...filter, q: undefined };
  // Ids and sort keys alone, which each branch's index holds: read from the index only, whatever
  // a plan made for any values guesses of how many jobs a party has.
  const parts = perBranch(params, scope, others, (w, branch) => {
    const key = sortKey(sort, w, branch.keyScope);
    return `(SELECT j.id, ${key} AS sort_key FROM jobs j ${w.sql}
              ${orderBy(key, sort)} LIMIT ${recentSearchRows})`;
  });
  const dir = direction(sort);
  const order = `ORDER BY sort_key ${dir}, id ${dir}`;
  const w = new Where(params);
  const hit = searchSql(w, filter.q!.trim(), scope);
  const sql = `WITH newest AS MATERIALIZED (
        SELECT id, sort_key FROM (${parts.join(' UNION ALL ')}) u ${order} LIMIT ${recentSearchRows}),
      recent AS MATERIALIZED (
        SELECT r.id, r.sort_key, coalesce(${hit}, false) AS hit
          FROM newest r JOIN ${jobsAmong('SELECT id FROM newest')} j ON j.id = r.id),
      page AS (SELECT id, sort_key FROM recent WHERE hit ${order}
                LIMIT ${w.param(limit)} OFFSET ${w.param(offset)})
    SELECT (SELECT count(*) FROM recent)::int AS read, (SELECT count(*) FROM recent WHERE hit)::int AS hits,
      (SELECT count(*) FROM page)::int AS rows,
      (${pageJsonSql(w, scope, dir)}) AS json${checkColumn(params, check)}`;
  return { sql, params };
}

/**
 * The jobs of ids found before (`ids`, a subquery), read by their key in one scan whatever the
 * plan: a list's plan is made once for any values and kept. One made while the table was small
 * joined the page to a scan of every job, and kept it as jobs were added (116 ms a page on PGlite
 * during an import of a hundred thousand rows). `OFFSET 0` keeps the planner from turning it back
 * into a join.
 * Made while the table is tiny, the plan may still scan it, but once, as before.
 */
const jobsAmong = (ids: string) => `(SELECT * FROM jobs WHERE id = ANY(ARRAY(${ids})) OFFSET 0)`;

/** The CTE `page`'s jobs as the API's JSON array, in the page's order. */
function pageJsonSql(w: Where, scope: JobScope, dir: 'ASC' | 'DESC') {
  // json_agg of a row writes its columns by name, in order, without json_build_object's spaces.
  return `SELECT coalesce(json_agg(job ORDER BY p.sort_key ${dir}, p.id ${dir}), '[]')::text
         FROM page p JOIN ${jobsAmong('SELECT id FROM page')} j ON j.id = p.id ${jobJoins}
         CROSS JOIN LATERAL (SELECT ${jobWireColumns(w, scope)}) AS job`;
}

/** Past this offset a page may be read from the list's far end (`farEndOf`). */
const farPageOffset = 5_000;

/**
 * Where a deep page lies counted from the list's far end, when that is nearer: a page is read by
 * walking its index from one end past every row before it (or past a boundary, `pageStatement`),
 * so the last page of 110,000 jobs walked them all. Needs the total first.
 */
function farEndOf(offset: number, limit: number, total: number | undefined) {
  if (total === undefined || offset < farPageOffset) return undefined;
  if (offset >= total || offset + limit / 2 <= total / 2) return undefined;
  const end = Math.min(offset + limit, total);
  return { offset: total - end, limit: end - offset };
}

/**
 * The total from the counters, where they hold it (no filter but the status) and a page this deep
 * may be read from the far end (`farEndOf`): one small read, none for the pages before.
 */
async function countedTotal(scope: JobScope, filter: JobListFilter, offset: number, q: Queryable) {
  if (offset < farPageOffset || !isStatusOnly(filter)) return undefined;
  const params: unknown[] = [];
  const sql = `SELECT ${countersSql(params, scope, filter.status)} AS n`;
  return (await q.queryPrepared<{ n: number }>(sql, params)).rows[0]!.n;
}

interface PageResult {
  total: number;
  rows: number;
  json: string;
  version: string;
  checked?: boolean;
}

export function jobsListQueries(db: Queryable) {
  const memos = new ListMemos();

  /**
   * The boundaries of list `name` in the order `sort`, up to the one `stretches` stretches in
   * (fewer where the list is shorter): those remembered, the rest walked from the last of them.
   * Remembered at the version the walk read; a walk at a newer version starts from the top.
   */
  async function boundaries(
    name: string,
    memo: ListMemo | undefined,
    args: { scope: JobScope; filter: JobListFilter; sort: JobSort; stretches: number },
  ): Promise<{ memo: ListMemo; keys: Boundary[] }> {
    const order = orderName(args.sort);
    const known = memo?.keys.get(order);
    if (memo && known && (known.length >= args.stretches || memo.ended.has(order))) {
      return { memo, keys: known };
    }
    const from = known?.at(-1);
    const wanted = args.stretches - (known?.length ?? 0);
    const { sql, params } = boundaryStatement(args.scope, args.filter, args.sort, from, wanted);
    const r = (await db.queryPrepared<{ version: string; keys: string }>(sql, params)).rows[0]!;
    if (from && r.version !== memo!.version) {
      memos.delete(name);
      return boundaries(name, undefined, args);
    }
    const walked = (JSON.parse(r.keys) as [string | null, string][]).map(([key, id]) => ({
      key,
      id,
    }));
    const fresh = !memo || memo.version !== r.version;
    const next: ListMemo = fresh ? { version: r.version, keys: new Map(), ended: new Set() } : memo;
    const keys = [...(fresh ? [] : (known ?? [])), ...walked];
    next.keys.set(order, keys);
    if (walked.length < wanted) next.ended.add(order);
    memos.set(name, next);
    return { memo: next, keys };
  }

  /**
   * A page of a list that can be remembered (`isMemoable`): its total and boundaries remembered
   * at a version of the scope's jobs, used in a statement that reads that version beside the
   * page. Read at another version, the page is read again without them (and they are dropped).
   */
  async function rememberedPage(args: PageArgs, trust = true): Promise<PageResult> {
    const [scope, filter, sort, offset, limit] = args;
    const name = listName(scope, filter);
    let memo = trust ? memos.get(name) : undefined;
    const total = memo?.total ?? (await countedTotal(scope, filter, offset, db));
    const farEnd = farEndOf(offset, limit, total);
    const read = farEnd ? reversed(sort) : sort;
    const stretches = Math.floor((farEnd ?? { offset }).offset / keyEvery);
    let after: PageRead['after'];
    if (stretches > 0) {
      const b = await boundaries(name, memo, { scope, filter, sort: read, stretches });
      memo = b.memo;
      const last = Math.min(stretches, b.keys.length);
      if (last > 0) after = { boundary: b.keys[last - 1]!, skipped: last * keyEvery };
    }
    const { sql, params } = pageStatement(args, { farEnd, after, known: memo });
    const page = (await db.queryPrepared<PageResult>(sql, params)).rows[0]!;
    const stale = (after && page.version !== memo!.version) || (farEnd && page.total !== total);
    if (stale) {
      memos.delete(name);
      if (trust) return rememberedPage(args, false);
      // Jobs written between each read: read from the top, as without boundaries.
      const plain = pageStatement(args);
      return (await db.queryPrepared<PageResult>(plain.sql, plain.params)).rows[0]!;
    }
    if (memo?.version === page.version) memo.total = page.total;
    else
      memos.set(name, {
        version: page.version,
        total: page.total,
        keys: new Map(),
        ended: new Set(),
      });
    return page;
  }

  return {
    /** A page of the list (see `pageCtes`), as rows. */
    async list(
      scope: JobScope,
      filter: JobListFilter,
      sort: JobSort,
      offset: number,
      limit: number,
      q: Queryable = db,
    ) {
      const params: unknown[] = [];
      const ctes = pageCtes(params, scope, filter, sort, offset, limit);
      const w = new Where(params);
      const r = await q.query<JobRow>(
        `WITH ${ctes} ${selectJob(w, scope)} JOIN page p ON p.id = j.id ${orderBy('p.sort_key', sort)}`,
        params,
      );
      return r.rows;
    },

    /**
     * A page of the list as the API's JSON text (an array of `Job`), with how many jobs it holds
     * and the total matching: one statement, one call (see `listPageStatement`). A search may
     * first be answered from the newest jobs (`recentSearchStatement`), with the total null
     * (unknown) when more matches follow than were counted.
     */
    async listPage(
      ...args: [...PageArgs, q?: Queryable]
    ): Promise<{ total: number | null; rows: number; json: string; checked?: boolean }> {
      const [scope, filter, sort, offset, limit, check, q = db] = args;
      if (readsRecentFirst(filter, sort)) {
        const recent = recentSearchStatement(scope, filter, sort, offset, limit, check);
        const r = await q.queryPrepared<{
          read: number;
          hits: number;
          rows: number;
          json: string;
          checked?: boolean;
        }>(recent.sql, recent.params);
        const { read, hits, rows, json, checked } = r.rows[0]!;
        if (checked === false) return { total: null, rows, json, checked };
        if (read < recentSearchRows) return { total: hits, rows, json, checked };
        if (hits > offset + limit) return { total: null, rows, json, checked };
      }
      const page: PageArgs = [scope, filter, sort, offset, limit, check];
      // Remembered only from outside a transaction: its own writes may yet roll back.
      if (q === db && isMemoable(filter)) return rememberedPage(page);
      const farEnd = farEndOf(offset, limit, await countedTotal(scope, filter, offset, q));
      const { sql, params } = pageStatement(page, { farEnd });
      return (await q.queryPrepared<PageResult>(sql, params)).rows[0]!;
    },

    async count(scope: JobScope, filter: JobListFilter, q: Queryable = db) {
      const params: unknown[] = [];
      const r = await q.query<{ n: number }>(
        `SELECT ${totalSql(params, scope, filter)} AS n`,
        params,
      );
      return r.rows[0]!.n;
    },

    /**
     * Jobs per status, plus overdue and total, of the jobs matching scope and filter. Without a
     * filter (or only the owner's), the totals come from `job_counts` and only the overdue jobs
     * are counted, from the open-jobs indexes: the cost follows the open jobs, not the history.
     */
    async countsByStatus(scope: JobScope, filter: JobListFilter = {}, q: Queryable = db) {
      const params: unknown[] = [];
      const parties = countedParties(scope, filter);
      const counted = (where: (w: Where) => void) =>
        perBranch(params, scope, filter, (w) => {
          where(w);
          return w;
        });
      const counters = new Where(params);
      const parts = parties
        ? [
            `SELECT c.status, c.n, 0 AS overdue
               FROM job_counts c
               JOIN unnest(${counters.param(parties.map((p) => p[0]))}::text[],
                           ${counters.param(parties.map((p) => p[1]))}::uuid[]) AS p (kind, id)
                 ON c.party_kind = p.kind AND c.party_id = p.id`,
            ...counted((w) => w.add(overdueSql)).map(
              (w) => `SELECT j.status, 0, count(*) FROM jobs j ${w.sql} GROUP BY j.status`,
            ),
          ]
        : counted(() => undefined).map(
            (w) => `SELECT j.status, count(*) AS n,
                      count(*) FILTER (WHERE ${overdueSql}) AS overdue
                 FROM jobs j ${w.sql} GROUP BY j.status`,
          );
      const r = await q.query<{ status: JobStatus; n: number; overdue: number }>(
        `SELECT status, sum(n)::int AS n, sum(overdue)::int AS overdue
           FROM (${parts.join(' UNION ALL ')}) AS b GROUP BY status`,
        params,
      );
      return r.rows;
    },

    /**
     * Jobs created on each of `days` Lagos days from `since` (a Lagos midnight). One index range
     * count per day and branch of the scope (the owner's jobs index-only): about half the time of
     * grouping every job of the month by a day computed from its timestamp. The number of days is
     * a literal so that the planner expects that many, not a thousand: the higher estimate
     * switches PostgreSQL's JIT on, which costs more than the counting.
     */
    async createdPerDay(scope: JobScope, since: Date, days: number, q: Queryable = db) {
      const params: unknown[] = [];
      const first = new Where(params).param(since);
      const counts = branches(scope).map((b) => {
        const w = new Where(params);
        b.where(w);
        w.add(`j.created_at >= d.day AND j.created_at < d.day + interval '1 day'`);
        return `(SELECT count(*) FROM jobs j ${w.sql})`;
      });
      const r = await q.query<{ day: string; n: number }>(
        `SELECT to_char(d.day AT TIME ZONE ${lagosOffsetSql}, 'YYYY-MM-DD') AS day,
                (${counts.join(' + ')})::int AS n
           FROM generate_series(0, ${Math.trunc(days) - 1}) AS i,
                LATERAL (SELECT ${first}::timestamptz + i * interval '1 day' AS day) AS d`,
        params,
      );
      return r.rows;
    },
  };
}
