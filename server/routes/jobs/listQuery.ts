import { findState } from '../../../reference/locations';
import { isJobKind } from '../../../reference/jobKinds';
import { badRequest } from '../../errors';
import { jobSortFields } from '../../schemas/jobs';
import { type JobListFilter, type JobSort } from '../../repositories/jobs';
import {
  filterText,
  parseFilterObject,
  parseIds,
  parseRange,
  parseSort,
  uuidPattern,
} from '../../services/listParams';
import { jobStatuses, type JobStatus } from '../../services/jobStateMachine';

const day = /^\d{4}-\d{2}-\d{2}$/;

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

/** The jobs list's `sort`, `range` and `filter` query parameters, checked. */
export function parseListQuery(query: { sort?: string; range?: string; filter?: string }) {
  const sort: JobSort = parseSort(query.sort, jobSortFields, ['created_at', 'DESC'], 'Jobs');
  const { offset, limit } = parseRange(query.range);
  return { sort, offset, limit, filter: parseFilter(parseFilterObject(query.filter)) };
}

export function parseFilter(f: Record<string, unknown>): JobListFilter {
  const out: JobListFilter = {};
  const text = (k: string) => filterText(f, k);
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
    if (!uuidPattern.test(v)) throw badRequest(`filter.${k} must be an id`);
    out[key] = v;
  }
  if (f.overdue !== undefined && f.overdue !== null && f.overdue !== '') {
    if (f.overdue === true || f.overdue === 'true') out.overdue = true;
    else if (f.overdue === false || f.overdue === 'false') out.overdue = false;
    else throw badRequest('filter.overdue must be true or false');
  }
  out.q = text('q');
  if (f.id !== undefined) out.ids = parseIds(f.id);
  return out;
}
