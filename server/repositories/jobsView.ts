import type { JobStatus } from '../services/jobStateMachine';
import { personalFieldNames, personalSubjectKinds, type JobKind } from '../../reference/jobKinds';
import type { jobSortFields } from '../schemas/jobs';
import { openJobStatuses } from '../../reference/jobStatuses';
import { containsPattern, sqlStrings, Where } from './sqlWhere';

/**
 * A job as its viewer may read it: whose jobs a user sees (the scope), the columns with the
 * subject's personal fields hidden where the viewer lost them, and the list's filter, search and
 * sort. The SQL pieces the jobs repository's reads share.
 */

/** Whose jobs a user sees: all (provider staff), a company's (owned or assigned), an agent's. */
export type JobScope =
  { kind: 'all' } | { kind: 'company'; companyId: string } | { kind: 'agent'; agentId: string };

/**
 * How a part of a scope reads what is hidden: as the scope does, or as `assigned`, the jobs
 * assigned to the viewer (a partner company or an agent). A job is never assigned to its owner,
 * so there what the viewer lost is decided by the job alone, with no parameter: the sort key is
 * then the expression the assignees' indexes hold (migration 0034).
 */
export type KeyScope = JobScope | { kind: 'assigned' };

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

/**
 * Overdue: not yet submitted and past its deadline. The one statement of it (the API's `overdue`,
 * the filter, the counts); its shape matches the partial index jobs_due_idx.
 */
export const overdueSql = `(j.status IN (${sqlStrings(openJobStatuses)}) AND j.due_at < now())`;

/**
 * Whether the viewer has lost the subject's personal fields (reference/jobKinds.ts `personal`):
 * one who sees the job only as its assignee (a partner company, an agent) once it declined the
 * job or the job was cancelled. A reassigned job leaves the old assignee's scope altogether.
 * The one statement of it: every read of jobs (lists, detail, export, files) goes through it.
 */
function personalHiddenSql(w: Where, scope: KeyScope) {
  const ended = `j.status IN ('declined', 'cancelled')`;
  if (scope.kind === 'company') return `(${ended} AND j.company_id <> ${w.param(scope.companyId)})`;
  if (scope.kind === 'agent' || scope.kind === 'assigned') return `(${ended})`;
  return 'false';
}

/** Whether the subject's name is one this viewer lost (a person's name, see `personalHiddenSql`). */
function nameHiddenSql(w: Where, scope: KeyScope) {
  const hidden = personalHiddenSql(w, scope);
  if (hidden === 'false') return 'false';
  // The kinds as literals: the assignees' name indexes hold this expression (migration 0034).
  return `(${hidden} AND j.type IN (${sqlStrings(personalSubjectKinds)}))`;
}

/** The kind's fields as `scope` may read them (see `personalHiddenSql`). */
export function fieldsSql(w: Where, scope: JobScope) {
  const hidden = personalHiddenSql(w, scope);
  return hidden === 'false'
    ? 'j.fields'
    : `CASE WHEN ${hidden} THEN j.fields - ${w.param(personalFieldNames)}::text[] ELSE j.fields END`;
}

export const assigneeNameSql = `CASE WHEN j.assignee_type = 'company' THEN ac.name
         WHEN j.assignee_type = 'agent' THEN ag.first_name || ' ' || ag.last_name END`;

/** The subject's name as this viewer may read it: empty where it names a person they lost. */
export function subjectSql(w: Where, scope: KeyScope) {
  const hidden = nameHiddenSql(w, scope);
  if (hidden === 'false') return 'j.subject_name';
  return `CASE WHEN ${hidden} THEN '' ELSE j.subject_name END`;
}

/**
 * The job's columns as `scope` may read them (see `personalHiddenSql`), in the order of the API's
 * `Job` (schemas/jobs.ts), money still in kobo.
 */
export function jobColumns(w: Where, scope: JobScope): [string, string][] {
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
export const jobJoins = `JOIN companies c ON c.id = j.company_id
  LEFT JOIN companies ac ON ac.id = j.assignee_company_id
  LEFT JOIN accounts ag ON ag.id = j.assignee_agent_id`;

export function selectJob(w: Where, scope: JobScope) {
  const columns = jobColumns(w, scope).map(([name, sql]) => `${sql} AS ${name}`);
  return `SELECT ${columns.join(', ')} FROM jobs j ${jobJoins}`;
}

/**
 * The job is someone's: not one of a bulk import still writing its jobs (migration 0029,
 * `services/jobCreation.ts` `importJobs`). Every read of jobs goes through it: `scopeWhere`, and
 * the list's branches (`noImportStagingSql`).
 */
export const visibleJobSql = `(j.import_id IS NULL
  OR j.import_id NOT IN (SELECT i.id FROM job_imports i WHERE i.staging))`;

/**
 * No import is staging: then every job is visible. Uncorrelated, so the database decides it once
 * per statement; a list reads its ids from the index alone under it, where `visibleJobSql` would
 * visit every row's heap tuple (a deep page of 100,000 ids).
 */
export const noImportStagingSql = 'NOT EXISTS (SELECT 1 FROM job_imports i WHERE i.staging)';
export const importStagingSql = 'EXISTS (SELECT 1 FROM job_imports i WHERE i.staging)';

/** Whose jobs a user sees, as a condition, visible or not (see `scopeWhere`). */
export function partyWhere(w: Where, scope: JobScope) {
  if (scope.kind === 'company') {
    const c = w.param(scope.companyId);
    w.add(`(j.company_id = ${c} OR j.assignee_company_id = ${c})`);
  } else if (scope.kind === 'agent') {
    w.add(`j.assignee_agent_id = ${w.param(scope.agentId)}`);
  }
}

/** The jobs a user sees: their party's, and visible. */
export function scopeWhere(w: Where, scope: JobScope) {
  w.add(visibleJobSql);
  partyWhere(w, scope);
}

export function filterWhere(w: Where, f: JobListFilter, scope: JobScope) {
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
export const codePattern = /^(?:job-?)?0*(\d{1,9})$/i;

/** A search's condition: the subject's name contains `q`, or `q` is the job's code. */
export function searchSql(w: Where, q: string, scope: JobScope) {
  // Searched as the viewer reads it: a hidden name must not be found by guessing it. Matched on
  // the column itself so that the trigram index answers (`subjectSql` would defeat it).
  const name = `(j.subject_name ILIKE ${w.param(containsPattern(q))} AND NOT ${nameHiddenSql(w, scope)})`;
  const code = codePattern.exec(q);
  return code ? `(j.code = ${w.param(`JOB-${code[1]!.padStart(6, '0')}`)} OR ${name})` : name;
}

/** The sort key as the viewer reads it (a hidden name must not show through the order). */
export function sortKey(sort: JobSort, w: Where, scope: KeyScope) {
  if (sort.field === 'subject_name') return subjectSql(w, scope);
  return `j.${sort.field === 'id' ? 'created_at' : sort.field}`;
}

export function orderBy(key: string, sort: JobSort) {
  const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
  return `ORDER BY ${key} ${dir}, j.id ${dir}`;
}
