import { findState } from '../../../reference/locations';
import { isJobKind } from '../../../reference/jobKinds';
import { badRequest } from '../../errors';
import {
  jobSortFields,
  type JobListFilter,
  type JobSort,
  type JobSortField,
} from '../../repositories/jobs';
import { jobStatuses, type JobStatus } from '../../services/jobStateMachine';

const maxPage = 1000;
/** Far past any real list, and safe: a huge OFFSET (1e300) fails in the database. */
const maxRangeIndex = 1_000_000_000;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = /^\d{4}-\d{2}-\d{2}$/;

export function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

/** A day that exists (not 2026-02-30), from year 1900: year 0 is out of the database's range. */
export function isCalendarDay(d: string): boolean {
  if (!day.test(d) || Number(d.slice(0, 4)) < 1900) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

/** Midnight starting a Lagos day (UTC+1 all year) as an instant. */
export const lagosMidnight = (d: string) => {
  const t = new Date(`${d}T00:00:00+01:00`);
  if (Number.isNaN(t.getTime())) throw badRequest(`${d} is not a date (yyyy-MM-dd)`);
  return t;
};

/** ra-data-simple-rest's `sort`, `range` and `filter` query parameters, checked. */
export function parseListQuery(query: { sort?: string; range?: string; filter?: string }) {
  const sort: JobSort = parseSort<JobSortField>(query.sort, jobSortFields, 'Jobs');

  const { offset, limit } = parseRange(query.range);

  return { sort, offset, limit, filter: parseFilter(parseJson('filter', query.filter) ?? {}) };
}

/** ra-data-simple-rest's `range` ([first, last], inclusive) as offset and limit. */
export function parseRange(range: string | undefined) {
  const rangeRaw = parseJson('range', range) ?? [0, 24];
  if (
    !Array.isArray(rangeRaw) ||
    !Number.isInteger(rangeRaw[0]) ||
    !Number.isInteger(rangeRaw[1]) ||
    rangeRaw[0] < 0 ||
    rangeRaw[1] < rangeRaw[0] ||
    rangeRaw[1] > maxRangeIndex
  ) {
    throw badRequest(
      `range must be [first, last], whole numbers with 0 <= first <= last <= ${maxRangeIndex}`,
    );
  }
  const offset = rangeRaw[0] as number;
  const limit = Math.min((rangeRaw[1] as number) - offset + 1, maxPage);

  return { offset, limit };
}

/** A `sort` of ["field","ASC"|"DESC"] over one of `fields`. */
export function parseSort<F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  what: string,
): { field: F; order: 'ASC' | 'DESC' } {
  const raw = parseJson('sort', sort) ?? ['created_at', 'DESC'];
  if (!Array.isArray(raw) || typeof raw[0] !== 'string') {
    throw badRequest('sort must be ["field","ASC"|"DESC"]');
  }
  if (!fields.includes(raw[0] as F)) {
    throw badRequest(`${what} cannot be sorted by ${raw[0]}; use one of: ${fields.join(', ')}`);
  }
  return {
    field: raw[0] as F,
    order: String(raw[1] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
  };
}

export function parseFilter(raw: unknown): JobListFilter {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('filter must be a JSON object');
  }
  const f = raw as Record<string, unknown>;
  const out: JobListFilter = {};
  const text = (k: string) => {
    const v = f[k];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') throw badRequest(`filter.${k} must be a string`);
    if (v.includes('\0')) throw badRequest(`filter.${k} must not contain a NUL character`);
    return v;
  };
  const status = text('status');
  if (status) {
    if (!jobStatuses.includes(status as JobStatus)) {
      throw badRequest(`filter.status must be one of: ${jobStatuses.join(', ')}`);
    }
    out.status = status as JobStatus;
  }
  const type = text('type');
  if (type) {
    if (!isJobKind(type))
      throw badRequest('filter.type must be one of: address, business_address, business, product');
    out.type = type;
  }
  const state = text('state');
  if (state) {
    const s = findState(state);
    if (!s) throw badRequest(`filter.state "${state}" is not a Nigerian state`);
    out.state = s.alias;
  }
  out.lga = text('lga');
  for (const [k, key] of [
    ['created_from', 'createdFrom'],
    ['created_to', 'createdBefore'],
  ] as const) {
    const d = text(k);
    if (!d) continue;
    if (!isCalendarDay(d)) throw badRequest(`filter.${k} must be a date as yyyy-MM-dd`);
    const start = lagosMidnight(d);
    out[key] = key === 'createdFrom' ? start : new Date(start.getTime() + 24 * 3600 * 1000);
  }
  for (const [k, key] of [
    ['assignee_id', 'assigneeId'],
    ['company_id', 'ownerCompanyId'],
  ] as const) {
    const v = text(k);
    if (!v) continue;
    if (!uuid.test(v)) throw badRequest(`filter.${k} must be an id`);
    out[key] = v;
  }
  if (f.overdue !== undefined && f.overdue !== null && f.overdue !== '') {
    if (f.overdue === true || f.overdue === 'true') out.overdue = true;
    else if (f.overdue === false || f.overdue === 'false') out.overdue = false;
    else throw badRequest('filter.overdue must be true or false');
  }
  out.q = text('q');
  if (f.id !== undefined) {
    const ids = ([] as unknown[]).concat(f.id);
    out.ids = ids.filter((i): i is string => typeof i === 'string' && uuid.test(i));
  }
  return out;
}
