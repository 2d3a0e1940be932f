import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Queryable } from '../db';
import type { jobSortFields } from '../schemas/jobs';
import type { JobStatus } from '../services/jobStateMachine';
import {
  jobKindLabels,
  personalFieldNames,
  personalSubjectKinds,
  type JobKind,
} from '../../reference/jobKinds';
import { copyPageCursor, copyPageLines, copyPageShort, csvTimeZone } from '../services/csv';
import { containsPattern, Where, type SqlCheck } from './sqlWhere';

/** Whose jobs a user sees: all (provider staff), a company's (owned or assigned), an agent's. */
export type JobScope =
  { kind: 'all' } | { kind: 'company'; companyId: string } | { kind: 'agent'; agentId: string };

export interface JobListFilter {
  status?: JobStatus;
  type?: JobKind;
  state?: string;
  lga?: string;
  /** Inclusive bounds as instants (the route turns dates into Lagos-day bounds). */
  createdFrom?: Date;
  createdBefore?: Date;
  assigneeId?: string;
  overdue?: boolean;
  /** A job code (JOB-000123 or 123) or part of the subject's name. */
  q?: string;
  /** Only jobs this company owns. */
  ownerCompanyId?: string;
  /** Only these jobs (react-admin's getMany). */
  ids?: string[];
}

export type JobSortField = (typeof jobSortFields)[number];

export interface JobSort {
  field: JobSortField;
  order: 'ASC' | 'DESC';
}

/** A job as lists and details show it (money still in kobo). */
export interface JobRow {
  id: string;
  code: string;
  type: JobKind;
  status: JobStatus;
  company_id: string;
  company_name: string | null;
  state: string;
  lga: string;
  subject_name: string;
  fields: Record<string, string>;
  /** The subject's personal fields are left out for this viewer (see `personalHiddenSql`). */
  personal_hidden: boolean;
  assignee_type: 'company' | 'agent' | null;
  assignee_id: string | null;
  assignee_name: string | null;
  assigned_at: Date | null;
  due_at: Date | null;
  overdue: boolean;
  price_kobo: number | null;
  fee_kobo: number | null;
  rating: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewJob {
  type: JobKind;
  company_id: string;
  created_by: string;
  state: string;
  lga: string;
  subject_name: string;
  fields: Record<string, string>;
  /** What the owner is charged for it (the Company price), when money is charged. */
  price_kobo?: number | null;
}

export interface JobEventRow {
  id: number;
  actor_id: string | null;
  actor_name: string | null;
  from_status: JobStatus | null;
  to_status: JobStatus;
  reason: string | null;
  created_at: Date;
}

export interface JobAttachmentRow {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  created_at: Date;
}

/**
 * A job's money: its price (set only when its owner was charged it) and its assignee's fee, what
 * a cancellation refunds and an approval credits.
 */
export interface JobMoney {
  id: string;
  company_id: string;
  price_kobo: number | null;
  fee_kobo: number | null;
  assignee_type: 'company' | 'agent' | null;
  assignee_company_id: string | null;
  assignee_agent_id: string | null;
}

/** What a transition needs to know of a job, read under a row lock. */
export interface LockedJob {
  id: string;
  code: string;
  type: JobKind;
  status: JobStatus;
  state: string;
  company_id: string;
  assignee_type: 'company' | 'agent' | null;
  assignee_company_id: string | null;
  assignee_agent_id: string | null;
}

/**
 * Overdue: not yet submitted and past its deadline. The one statement of it (the API's `overdue`,
 * the filter, the counts); its shape matches the partial index jobs_due_idx.
 */
const overdueSql = `(j.status IN ('assigned', 'accepted') AND j.due_at < now())`;

/**
 * Whether the viewer has lost the subject's personal fields (reference/jobKinds.ts `personal`):
 * one who sees the job only as its assignee (a partner company, an agent) once it declined the
 * job or the job was cancelled. A reassigned job leaves the old assignee's scope altogether.
 * The one statement of it: every read of jobs (lists, detail, export, files) goes through it.
 */
function personalHiddenSql(w: Where, scope: JobScope) {
  const ended = `j.status IN ('declined', 'cancelled')`;
  if (scope.kind === 'company') return `(${ended} AND j.company_id <> ${w.param(scope.companyId)})`;
  if (scope.kind === 'agent') return `(${ended})`;
  return 'false';
}

/** Whether the subject's name is one this viewer lost (a person's name, see `personalHiddenSql`). */
function nameHiddenSql(w: Where, scope: JobScope) {
  const hidden = personalHiddenSql(w, scope);
  if (hidden === 'false') return 'false';
  return `(${hidden} AND j.type = ANY(${w.param(personalSubjectKinds)}::text[]))`;
}

/** The kind's fields as `scope` may read them (see `personalHiddenSql`). */
function fieldsSql(w: Where, scope: JobScope) {
  const hidden = personalHiddenSql(w, scope);
  return hidden === 'false'
    ? 'j.fields'
    : `CASE WHEN ${hidden} THEN j.fields - ${w.param(personalFieldNames)}::text[] ELSE j.fields END`;
}

const assigneeNameSql = `CASE WHEN j.assignee_type = 'company' THEN ac.name
         WHEN j.assignee_type = 'agent' THEN ag.first_name || ' ' || ag.last_name END`;

/** The subject's name as this viewer may read it: empty where it names a person they lost. */
function subjectSql(w: Where, scope: JobScope) {
  const hidden = nameHiddenSql(w, scope);
  if (hidden === 'false') return 'j.subject_name';
  return `CASE WHEN ${hidden} THEN '' ELSE j.subject_name END`;
}

/**
 * The job's columns as `scope` may read them (see `personalHiddenSql`), in the order of the API's
 * `Job` (schemas/jobs.ts), money still in kobo.
 */
function jobColumns(w: Where, scope: JobScope): [string, string][] {
  const hidden = personalHiddenSql(w, scope);
  return [
    ['id', 'j.id'],
    ['code', 'j.code'],
    ['type', 'j.type'],
    ['status', 'j.status'],
    ['company_id', 'j.company_id'],
    ['company_name', 'c.name'],
    ['state', 'j.state'],
    ['lga', 'j.lga'],
    ['subject_name', subjectSql(w, scope)],
    ['fields', fieldsSql(w, scope)],
    ['personal_hidden', hidden],
    ['assignee_type', 'j.assignee_type'],
    ['assignee_id', 'coalesce(j.assignee_company_id, j.assignee_agent_id)'],
    ['assignee_name', assigneeNameSql],
    ['assigned_at', 'j.assigned_at'],
    ['due_at', 'j.due_at'],
    ['overdue', `coalesce(${overdueSql}, false)`],
    ['price_kobo', 'j.price_kobo'],
    ['fee_kobo', 'j.fee_kobo'],
    ['rating', 'j.rating'],
    ['created_at', 'j.created_at'],
    ['updated_at', 'j.updated_at'],
  ];
}

/** The rows a job's columns read besides `jobs j` itself. */
const jobJoins = `JOIN companies c ON c.id = j.company_id
  LEFT JOIN companies ac ON ac.id = j.assignee_company_id
  LEFT JOIN accounts ag ON ag.id = j.assignee_agent_id`;

function selectJob(w: Where, scope: JobScope) {
  const columns = jobColumns(w, scope).map(([name, sql]) => `${sql} AS ${name}`);
  return `SELECT ${columns.join(', ')} FROM jobs j ${jobJoins}`;
}

/** An instant as `Date.toISOString` writes it (milliseconds, UTC). */
const isoSql = (sql: string) =>
  `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Kobo as NGN, the number `koboToNgn` makes. */
const ngnSql = (sql: string) => `(${sql})::float8 / 100`;

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

function scopeWhere(w: Where, scope: JobScope) {
  if (scope.kind === 'company') {
    const c = w.param(scope.companyId);
    w.add(`(j.company_id = ${c} OR j.assignee_company_id = ${c})`);
  } else if (scope.kind === 'agent') {
    w.add(`j.assignee_agent_id = ${w.param(scope.agentId)}`);
  }
}

function filterWhere(w: Where, f: JobListFilter, scope: JobScope) {
  if (f.ids) w.add(`j.id = ANY(${w.param(f.ids)}::uuid[])`);
  if (f.status) w.add(`j.status = ${w.param(f.status)}`);
  if (f.type) w.add(`j.type = ${w.param(f.type)}`);
  if (f.state) w.add(`j.state = ${w.param(f.state)}`);
  if (f.lga) w.add(`lower(j.lga) = lower(${w.param(f.lga)})`);
  if (f.createdFrom) w.add(`j.created_at >= ${w.param(f.createdFrom)}`);
  if (f.createdBefore) w.add(`j.created_at < ${w.param(f.createdBefore)}`);
  if (f.ownerCompanyId) w.add(`j.company_id = ${w.param(f.ownerCompanyId)}`);
  if (f.assigneeId) {
    const a = w.param(f.assigneeId);
    w.add(`(j.assignee_company_id = ${a} OR j.assignee_agent_id = ${a})`);
  }
  if (f.overdue === true) w.add(overdueSql);
  if (f.overdue === false) {
    w.add(`NOT coalesce(${overdueSql}, false)`);
  }
  const q = f.q?.trim();
  if (q) w.add(searchSql(w, q, scope));
}

/** A search that looks like a job code: its unique index answers at once. */
const codePattern = /^(?:job-?)?0*(\d{1,9})$/i;

/** A search's condition: the subject's name contains `q`, or `q` is the job's code. */
function searchSql(w: Where, q: string, scope: JobScope) {
  // Searched as the viewer reads it: a hidden name must not be found by guessing it. Matched on
  // the column itself so that the trigram index answers (`subjectSql` would defeat it).
  const name = `(j.subject_name ILIKE ${w.param(containsPattern(q))} AND NOT ${nameHiddenSql(w, scope)})`;
  const code = codePattern.exec(q);
  return code ? `(j.code = ${w.param(`JOB-${code[1]!.padStart(6, '0')}`)} OR ${name})` : name;
}

/**
 * The scope as disjoint parts: a company's own jobs and those assigned to it, each read from its
 * own index (an OR of the two would visit every row's heap tuple). They never overlap: the
 * database refuses a job assigned to its owner (migration 0015). Saying so again in SQL
 * (`company_id <> $1`) made a plan for any values read the partner branch as empty where one
 * company owns every job, and scan the table for it.
 */
function branches(scope: JobScope): ((w: Where) => void)[] {
  if (scope.kind !== 'company') return [(w) => scopeWhere(w, scope)];
  return [
    (w) => w.add(`j.company_id = ${w.param(scope.companyId)}`),
    (w) => w.add(`j.assignee_company_id = ${w.param(scope.companyId)}`),
  ];
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

/** A total read from `job_counts` (kept by triggers) instead of counting the jobs themselves. */
function countersSql(params: unknown[], scope: JobScope, status: JobStatus | undefined) {
  const w = new Where(params);
  const parties = counterParties(scope);
  const kinds = w.param(parties.map((p) => p[0]));
  const ids = w.param(parties.map((p) => p[1]));
  if (status) w.add(`c.status = ${w.param(status)}`);
  return `(SELECT coalesce(sum(c.n), 0)::int
       FROM job_counts c
       JOIN unnest(${kinds}::text[], ${ids}::uuid[]) AS p (kind, id) ON c.party_kind = p.kind AND c.party_id = p.id
      ${w.sql})`;
}

/** How many jobs of the scope match the filter, as an SQL expression. */
function totalSql(params: unknown[], scope: JobScope, filter: JobListFilter) {
  if (isStatusOnly(filter)) return countersSql(params, scope, filter.status);
  const parts = branches(scope).map((b) => {
    const w = new Where(params);
    b(w);
    filterWhere(w, filter, scope);
    return `(SELECT count(*) FROM jobs j ${w.sql})`;
  });
  return `(${parts.join(' + ')})::int`;
}

/** The sort key as the viewer reads it (a hidden name must not show through the order). */
function sortKey(sort: JobSort, w: Where, scope: JobScope) {
  if (sort.field === 'subject_name') return subjectSql(w, scope);
  return `j.${sort.field === 'id' ? 'created_at' : sort.field}`;
}

function orderBy(key: string, sort: JobSort) {
  const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
  return `ORDER BY ${key} ${dir}, j.id ${dir}`;
}

/**
 * A free-text cell for COPY's CSV: empty is NULL, which COPY writes as an empty cell, as `csvCell`
 * does (an empty text it writes as `""`). Formulas are escaped on Node's side (`copyPageLines`).
 */
const csvTextSql = (value: string) => `nullif(${value}, '')`;

/** An instant as `csvCell` writes it: Lagos time to the nearest second, which spreadsheets read as a date. */
const csvTimeSql = (v: string) => `(${v} AT TIME ZONE ${csvTimeZone})::timestamp(0)`;

/** Kobo as the API's NGN number (`koboToNgn`: 1500, 1234.5). */
const csvNgnSql = (v: string) => `trim_scale(${v} / 100.0)`;

const kindLabelSql = `CASE j.type ${Object.entries(jobKindLabels)
  .map(([kind, label]) => `WHEN '${kind}' THEN '${label}'`)
  .join(' ')} END`;

/** The export's columns, in order: name, the cell's SQL as `scope` may read it, and whether it is free text. */
function csvColumns(w: Where, scope: JobScope): [string, string, boolean?][] {
  return [
    ['code', 'j.code'],
    ['type', kindLabelSql],
    ['status', 'j.status'],
    ['company_name', 'c.name', true],
    ['subject_name', subjectSql(w, scope), true],
    ['state', 'j.state', true],
    ['lga', 'j.lga', true],
    ['assignee_type', 'j.assignee_type'],
    ['assignee_name', assigneeNameSql, true],
    ['assigned_at', csvTimeSql('j.assigned_at')],
    ['due_at', csvTimeSql('j.due_at')],
    ['overdue', `CASE WHEN ${overdueSql} THEN 'yes' ELSE 'no' END`],
    ['price', csvNgnSql('j.price_kobo')],
    ['fee', csvNgnSql('j.fee_kobo')],
    ['rating', 'j.rating'],
    ['created_at', csvTimeSql('j.created_at')],
    ['updated_at', csvTimeSql('j.updated_at')],
  ];
}

/** The export's header cells: its columns, then the kind's fields asked for. */
export const jobCsvHeader = (kindFields: readonly string[]) => [
  ...csvColumns(new Where(), { kind: 'all' }).map(([name]) => name),
  ...kindFields,
];

/**
 * The cells of the job `j` for COPY, the kind's fields after the columns (see `jobCsvHeader`),
 * then its code again: the page's cursor, which `copyPageLines` drops.
 */
function csvCellsSql(w: Where, scope: JobScope, kindFields: readonly string[]) {
  const columns = csvColumns(w, scope);
  if (kindFields.length) {
    const fields = fieldsSql(w, scope);
    for (const f of kindFields) columns.push([f, `(${fields}) ->> ${w.param(f)}::text`, true]);
  }
  return [...columns.map(([, sql, text]) => (text ? csvTextSql(sql) : sql)), 'j.code'].join(', ');
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
) {
  const parts = branches(scope).map((b) => {
    const w = new Where(params);
    b(w);
    filterWhere(w, filter, scope);
    const key = sortKey(sort, w, scope);
    const matches = `SELECT j.id, ${key} AS sort_key FROM jobs j ${w.sql}`;
    if (filter.q) return matches;
    return `(${matches} ${orderBy(key, sort)} LIMIT ${w.param(offset + limit)})`;
  });
  const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
  const w = new Where(params);
  const window = `ORDER BY sort_key ${dir}, id ${dir} LIMIT ${w.param(limit)} OFFSET ${w.param(offset)}`;
  const union = parts.join(' UNION ALL ');
  return filter.q
    ? `matches AS MATERIALIZED (${union}), page AS (SELECT id, sort_key FROM matches ${window})`
    : `page AS (SELECT id, sort_key FROM (${union}) u ${window})`;
}

/** The column `checked`: what `check` says, in the same statement as the data. */
const checkColumn = (params: unknown[], check?: SqlCheck) =>
  check ? `, ${check(params)} AS checked` : '';

/**
 * The statement of a page of the list as JSON (`listPage`), exported for the benchmark's EXPLAIN.
 * Its plan is made once, for any values: each branch reads its own index in the list's order, a
 * search reads the trigram index first (`pageCtes`).
 */
export function listPageStatement(
  scope: JobScope,
  filter: JobListFilter,
  sort: JobSort,
  offset: number,
  limit: number,
  check?: SqlCheck,
) {
  const params: unknown[] = [];
  const ctes = pageCtes(params, scope, filter, sort, offset, limit);
  const total = filter.q ? '(SELECT count(*) FROM matches)::int' : totalSql(params, scope, filter);
  const w = new Where(params);
  const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
  const sql = `WITH ${ctes}
    SELECT ${total} AS total, (SELECT count(*) FROM page)::int AS rows,
      (${pageJsonSql(w, scope, dir)}) AS json${checkColumn(params, check)}`;
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
export function recentSearchStatement(
  scope: JobScope,
  filter: JobListFilter,
  sort: JobSort,
  offset: number,
  limit: number,
  check?: SqlCheck,
) {
  const params: unknown[] = [];
  const others = { ...filter, q: undefined };
  // Ids and sort keys alone, which each branch's index holds: read from the index only, whatever
  // a plan made for any values guesses of how many jobs a party has.
  const parts = branches(scope).map((b) => {
    const w = new Where(params);
    b(w);
    filterWhere(w, others, scope);
    const key = sortKey(sort, w, scope);
    return `(SELECT j.id, ${key} AS sort_key FROM jobs j ${w.sql}
              ${orderBy(key, sort)} LIMIT ${recentSearchRows})`;
  });
  const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
  const order = `ORDER BY sort_key ${dir}, id ${dir}`;
  const w = new Where(params);
  const hit = searchSql(w, filter.q!.trim(), scope);
  const sql = `WITH recent AS MATERIALIZED (
        SELECT r.id, r.sort_key, coalesce(${hit}, false) AS hit
          FROM (SELECT id, sort_key FROM (${parts.join(' UNION ALL ')}) u ${order}
                 LIMIT ${recentSearchRows}) r
          JOIN jobs j ON j.id = r.id),
      page AS (SELECT id, sort_key FROM recent WHERE hit ${order}
                LIMIT ${w.param(limit)} OFFSET ${w.param(offset)})
    SELECT (SELECT count(*) FROM recent)::int AS read, (SELECT count(*) FROM recent WHERE hit)::int AS hits,
      (SELECT count(*) FROM page)::int AS rows,
      (${pageJsonSql(w, scope, dir)}) AS json${checkColumn(params, check)}`;
  return { sql, params };
}

/** The CTE `page`'s jobs as the API's JSON array, in the page's order. */
function pageJsonSql(w: Where, scope: JobScope, dir: 'ASC' | 'DESC') {
  // json_agg of a row writes its columns by name, in order, without json_build_object's spaces.
  return `SELECT coalesce(json_agg(job ORDER BY p.sort_key ${dir}, p.id ${dir}), '[]')::text
         FROM page p JOIN jobs j ON j.id = p.id ${jobJoins}
         CROSS JOIN LATERAL (SELECT ${jobWireColumns(w, scope)}) AS job`;
}

/** Columns of a bulk insert, in the order of `insertMany`'s CSV. */
const bulkColumns = [
  'id',
  'type',
  'company_id',
  'created_by',
  'state',
  'lga',
  'subject_name',
  'fields',
  'price_kobo',
] as const;

/** A text value quoted for COPY's CSV format (never NULL). */
const copyText = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** A job's history: one row per move (or its creation, from null). */
async function insertEvents(
  events: { jobId: string; from: JobStatus | null; to: JobStatus; reason?: string | null }[],
  actorId: string | null,
  q: Queryable,
) {
  await q.query(
    `INSERT INTO job_events (job_id, actor_id, from_status, to_status, reason)
     SELECT j::uuid, $5::uuid, f, t, r
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u (j, f, t, r)`,
    [
      events.map((e) => e.jobId),
      events.map((e) => e.from),
      events.map((e) => e.to),
      events.map((e) => e.reason ?? null),
      actorId,
    ],
  );
}

export function createJobsRepository(db: Queryable) {
  return {
    /** One visible job, or undefined for an unknown id or another tenant's job. */
    async findVisible(id: string, scope: JobScope, q: Queryable = db) {
      const w = new Where([id]);
      w.add('j.id = $1');
      scopeWhere(w, scope);
      const r = await q.query<JobRow>(`${selectJob(w, scope)} ${w.sql}`, w.params);
      return r.rows[0];
    },

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
      scope: JobScope,
      filter: JobListFilter,
      sort: JobSort,
      offset: number,
      limit: number,
      check?: SqlCheck,
      q: Queryable = db,
    ): Promise<{ total: number | null; rows: number; json: string; checked?: boolean }> {
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
      const { sql, params } = listPageStatement(scope, filter, sort, offset, limit, check);
      const r = await q.queryPrepared<{
        total: number;
        rows: number;
        json: string;
        checked?: boolean;
      }>(sql, params);
      return r.rows[0]!;
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
     * Every matching job as CSV lines (see `jobCsvHeader`), in pages of `batch` rows that the
     * database writes with COPY. The next page is asked for as soon as one arrives, before Node
     * converts and sends it, and no further ahead. Sorted by creation (the usual order) it pages
     * by keyset, after the last row's code, until a page comes back short; otherwise the ids in the requested order come first,
     * then the rows by primary key. Either way the cost is linear in the rows, and no connection
     * is held between pages.
     */
    async *csvChunks(
      scope: JobScope,
      filter: JobListFilter,
      sort: JobSort,
      kindFields: readonly string[],
      batch = 10_000,
    ) {
      const none = Promise.resolve(Buffer.alloc(0));
      /** The page after `last` (the first without it). */
      let pageAfter: (last?: Buffer) => Promise<Buffer>;
      if (sort.field === 'id' || sort.field === 'created_at') {
        const cmp = sort.order === 'ASC' ? '>' : '<';
        pageAfter = (last) => {
          if (last && copyPageShort(last, batch)) return none;
          const w = new Where();
          scopeWhere(w, scope);
          filterWhere(w, filter, scope);
          if (last) {
            // The cursor's time is read in SQL: a JS Date would drop its microseconds.
            const code = w.param(copyPageCursor(last));
            const at = (column: string) =>
              `(SELECT cur.${column} FROM jobs cur WHERE cur.code = ${code})`;
            w.add(`(j.created_at, j.id) ${cmp} (${at('created_at')}, ${at('id')})`);
          }
          const order = orderBy(sortKey(sort, w, scope), sort);
          const cells = csvCellsSql(w, scope, kindFields);
          return db.copyTo(
            `SELECT ${cells} FROM jobs j ${jobJoins} ${w.sql} ${order} LIMIT ${w.param(batch)}`,
            w.params,
          );
        };
      } else {
        const w = new Where();
        scopeWhere(w, scope);
        filterWhere(w, filter, scope);
        const ids = (
          await db.query<{ id: string }>(
            `SELECT j.id FROM jobs j ${w.sql} ${orderBy(sortKey(sort, w, scope), sort)}`,
            w.params,
          )
        ).rows.map((r) => r.id);
        let from = 0;
        pageAfter = () => {
          if (from >= ids.length) return none;
          const byIds = new Where([ids.slice(from, from + batch)]);
          from += batch;
          const cells = csvCellsSql(byIds, scope, kindFields);
          const select = `SELECT ${cells} FROM jobs j ${jobJoins}
             JOIN unnest($1::uuid[]) WITH ORDINALITY AS o (id, n) ON o.id = j.id
            ORDER BY o.n`;
          return db.copyTo(select, byIds.params);
        };
      }
      let pending = pageAfter();
      for (;;) {
        const page = await pending;
        if (!page.length) return;
        pending = pageAfter(page);
        // A client that leaves mid-export ends this generator: the page it never awaits may fail.
        pending.catch(() => undefined);
        // One turn of the event loop lets the driver send that request (a pool hands out its
        // connection on the next tick) before this thread spends a few ms converting the page.
        await setImmediate();
        yield copyPageLines(page);
      }
    },

    async insert(job: NewJob, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields, price_kobo)
         VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8) RETURNING id`,
        [
          job.type,
          job.company_id,
          job.created_by,
          job.state,
          job.lga,
          job.subject_name,
          JSON.stringify(job.fields),
          job.price_kobo ?? null,
        ],
      );
      const id = r.rows[0]!.id;
      await insertEvents([{ jobId: id, from: null, to: 'pending' }], job.created_by, q);
      return id;
    },

    /**
     * Inserts many jobs and their first event (null → pending) with COPY, the fast path on PGlite
     * and PostgreSQL alike (DESIGN §6): ids are made here, unless given, so that the events can
     * name their jobs; codes come from the column default, in the order given. Returns their ids,
     * in order.
     */
    async insertMany(
      jobs: (NewJob & { id?: string })[],
      actorId: string,
      q: Queryable,
      batchSize = 20_000,
    ) {
      const all: string[] = [];
      for (let i = 0; i < jobs.length; i += batchSize) {
        const batch = jobs.slice(i, i + batchSize);
        const ids = batch.map((j) => j.id ?? randomUUID());
        all.push(...ids);
        let jobsCsv = '';
        let eventsCsv = '';
        batch.forEach((j, k) => {
          jobsCsv += `${ids[k]},${j.type},${j.company_id},${j.created_by},${copyText(j.state)},${copyText(j.lga)},${copyText(j.subject_name)},${copyText(JSON.stringify(j.fields))},${j.price_kobo ?? ''}\n`;
          eventsCsv += `${ids[k]},${actorId},pending\n`;
        });
        await q.copyFrom('jobs', bulkColumns, jobsCsv);
        await q.copyFrom('job_events', ['job_id', 'actor_id', 'to_status'], eventsCsv);
      }
      return all;
    },

    /** The price, fee and parties of these jobs, for refunds and fees. */
    async money(ids: string[], q: Queryable = db) {
      const r = await q.query<JobMoney>(
        `SELECT id, company_id, price_kobo::float8 AS price_kobo, fee_kobo::float8 AS fee_kobo,
                assignee_type, assignee_company_id, assignee_agent_id
           FROM jobs WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return r.rows;
    },

    async events(jobId: string, q: Queryable = db) {
      const r = await q.query<JobEventRow>(
        `SELECT e.id, e.actor_id, a.first_name || ' ' || a.last_name AS actor_name,
                e.from_status, e.to_status, e.reason, e.created_at
           FROM job_events e LEFT JOIN accounts a ON a.id = e.actor_id
          WHERE e.job_id = $1 ORDER BY e.id`,
        [jobId],
      );
      return r.rows;
    },

    async addAttachment(
      jobId: string,
      a: Omit<JobAttachmentRow, 'id' | 'created_at'>,
      q: Queryable = db,
    ) {
      await q.query(
        `INSERT INTO job_attachments (job_id, file_name, content_type, size_bytes, sha256, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [jobId, a.file_name, a.content_type, a.size_bytes, a.sha256, a.storage_key],
      );
    },

    async attachments(jobId: string, q: Queryable = db) {
      const r = await q.query<JobAttachmentRow>(
        `SELECT id, file_name, content_type, size_bytes, sha256, storage_key, created_at
           FROM job_attachments WHERE job_id = $1 ORDER BY created_at, file_name, id`,
        [jobId],
      );
      return r.rows;
    },

    /** The jobs, locked for a transition, in the order asked; unknown ids are left out. */
    async lockForMove(ids: string[], q: Queryable) {
      const r = await q.query<LockedJob>(
        `SELECT id, code, type, status, state, company_id, assignee_type, assignee_company_id,
                assignee_agent_id
           FROM jobs WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      return r.rows;
    },

    /** An agent's jobs in these statuses, locked for a transition, in id order. */
    async lockForMoveOfAgent(agentId: string, statuses: readonly JobStatus[], q: Queryable) {
      const r = await q.query<LockedJob>(
        `SELECT id, code, type, status, state, company_id, assignee_type, assignee_company_id,
                assignee_agent_id
           FROM jobs WHERE assignee_agent_id = $1 AND status = ANY($2::text[])
          ORDER BY id FOR UPDATE`,
        [agentId, statuses],
      );
      return r.rows;
    },

    /**
     * Writes checked moves: each job's new status (and rating, when given) and the moves' events.
     * Only services/jobMoves calls this: it checks every move against the state machine first.
     */
    async writeMoves(
      jobs: { id: string; status: JobStatus; rating: number | null }[],
      events: { jobId: string; from: JobStatus; to: JobStatus; reason: string | null }[],
      actorId: string | null,
      q: Queryable,
    ) {
      await q.query(
        `UPDATE jobs j SET status = u.status, rating = coalesce(u.rating, j.rating), updated_at = now()
           FROM unnest($1::uuid[], $2::text[], $3::int[]) AS u (id, status, rating)
          WHERE j.id = u.id`,
        [jobs.map((j) => j.id), jobs.map((j) => j.status), jobs.map((j) => j.rating)],
      );
      await insertEvents(events, actorId, q);
    },

    /**
     * Sets the assignee of jobs: assigned_at = now, due_at = now + the TAT's hours, fee from the
     * TAT's amount. The caller has checked that a TAT exists for every job; the status is
     * services/jobMoves' to write.
     */
    async setAssignee(
      ids: string[],
      assignee: { type: 'company' | 'agent'; id: string },
      q: Queryable,
    ) {
      await q.query(
        `UPDATE jobs j SET assignee_type = $2,
                assignee_company_id = CASE WHEN $2 = 'company' THEN $3::uuid END,
                assignee_agent_id = CASE WHEN $2 = 'agent' THEN $3::uuid END,
                assigned_at = now(), due_at = now() + make_interval(hours => t.tat_in_hours),
                fee_kobo = t.amount_kobo, updated_at = now()
           FROM tat_settings t
          WHERE j.id = ANY($1::uuid[]) AND t.state = j.state AND t.job_type = j.type
            AND t.audience = $2`,
        [ids, assignee.type, assignee.id],
      );
    },

    /** The (state, type) pairs among these jobs that have no TAT for the audience. */
    async missingTats(ids: string[], audience: 'company' | 'agent', q: Queryable) {
      const r = await q.query<{ state: string; type: JobKind }>(
        `SELECT DISTINCT j.state, j.type FROM jobs j
           LEFT JOIN tat_settings t ON t.state = j.state AND t.job_type = j.type AND t.audience = $2
          WHERE j.id = ANY($1::uuid[]) AND t.id IS NULL
          ORDER BY j.state, j.type`,
        [ids, audience],
      );
      return r.rows;
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
        branches(scope).map((b) => {
          const w = new Where(params);
          b(w);
          filterWhere(w, filter, scope);
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
        b(w);
        w.add(`j.created_at >= d.day AND j.created_at < d.day + interval '1 day'`);
        return `(SELECT count(*) FROM jobs j ${w.sql})`;
      });
      const r = await q.query<{ day: string; n: number }>(
        `SELECT to_char((d.day AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM-DD') AS day,
                (${counts.join(' + ')})::int AS n
           FROM generate_series(0, ${Math.trunc(days) - 1}) AS i,
                LATERAL (SELECT ${first}::timestamptz + i * interval '1 day' AS day) AS d`,
        params,
      );
      return r.rows;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
