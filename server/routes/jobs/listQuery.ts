import { Type } from 'typebox';
import { jobKinds } from '../../../reference/jobKinds';
import { startOfLagosDay } from '../../../reference/lagosTime';
import { badRequest } from '../../errors';
import { jobSortFields } from '../../schemas/jobs';
import { type JobListFilter, type JobSort } from '../../repositories/jobs';
import {
  FilterBoolean,
  FilterId,
  FilterOneOf,
  FilterState,
  FilterText,
  ListFilter,
  filterField,
  listSpec,
  notText,
  parseListQuery as parseSpecQuery,
} from '../../services/listFilter';
import { jobStatuses } from '../../services/jobStateMachine';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** A day that exists (not 2026-02-30), from year 1900: year 0 is out of the database's range. */
export function isCalendarDay(d: string): boolean {
  if (!day.test(d) || Number(d.slice(0, 4)) < 1900) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

/** Midnight starting a Lagos day as an instant, or a 400. */
export const lagosMidnight = (d: string) => {
  const t = startOfLagosDay(d);
  if (Number.isNaN(t.getTime())) throw badRequest(`${d} is not a date (yyyy-MM-dd)`);
  return t;
};

/** A Lagos day of a filter (`yyyy-MM-dd`), as the instant starting it or, for `end`, ending it. */
export const FilterLagosDay = (edge: 'start' | 'end') =>
  filterField(
    Type.Codec(Type.Refine(Type.String(), isCalendarDay))
      .Decode((d) => {
        const start = lagosMidnight(d);
        return edge === 'start' ? start : new Date(start.getTime() + 24 * 3600 * 1000);
      })
      .Encode((t) => t.toISOString().slice(0, 10)),
    (v) => notText(v) ?? 'must be a date as yyyy-MM-dd',
  );

/** `GET /jobs`: its sorts and `filter`; a bad key is a 400 naming it. */
export const jobList = listSpec({
  resource: 'jobs',
  noun: 'Jobs',
  sortFields: jobSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    status: FilterOneOf(jobStatuses),
    type: FilterOneOf(jobKinds),
    state: FilterState(),
    lga: FilterText(),
    created_from: FilterLagosDay('start'),
    created_to: FilterLagosDay('end'),
    assignee_id: FilterId(),
    company_id: FilterId(),
    overdue: FilterBoolean(),
    q: FilterText(),
  }),
});

/** The jobs list's `sort`, `range` and `filter` query parameters, checked. */
export function parseListQuery(query: { sort?: string; range?: string; filter?: string }) {
  const { offset, limit, sort, filter: f } = parseSpecQuery(jobList, query);
  const filter: JobListFilter = {
    status: f.status,
    type: f.type,
    state: f.state,
    lga: f.lga,
    createdFrom: f.created_from,
    createdBefore: f.created_to,
    assigneeId: f.assignee_id,
    ownerCompanyId: f.company_id,
    overdue: f.overdue,
    q: f.q,
    ids: f.id,
  };
  const jobSort: JobSort = sort;
  return { sort: jobSort, offset, limit, filter };
}
