import { badRequest } from '../../errors';
import type { TransactionFilter } from '../../repositories/transactions';
import {
  transactionKinds,
  transactionSortFields,
  transactionStatuses,
} from '../../schemas/transactions';
import {
  filterIds,
  filterText,
  parseFilterObject,
  parseRange,
  parseSort,
  uuidPattern,
} from '../../services/listParams';
import { isCalendarDay, lagosMidnight } from '../jobs/listQuery';

/** `filter` of a money list: every key checked, a bad one is a 400 naming it. */
export function moneyFilter(text: string | undefined) {
  const f = parseFilterObject(text);
  const oneOf = (k: string, values: readonly string[]) => {
    const v = filterText(f, k);
    if (v !== undefined && !values.includes(v)) {
      throw badRequest(`filter.${k} must be one of: ${values.join(', ')}`);
    }
    return v;
  };
  const id = (k: string) => {
    const v = filterText(f, k);
    if (v !== undefined && !uuidPattern.test(v)) throw badRequest(`filter.${k} must be an id`);
    return v;
  };
  return { text: (k: string) => filterText(f, k), oneOf, id, ids: filterIds(f) };
}

/** ra-data-simple-rest's `sort`, `range` and `filter` of `GET /transactions`. */
export function parseTransactionQuery(query: { sort?: string; range?: string; filter?: string }) {
  const { text, oneOf, id, ids } = moneyFilter(query.filter);
  const filter: TransactionFilter = {
    kind: oneOf('kind', transactionKinds),
    status: oneOf('status', transactionStatuses),
    companyId: id('company_id'),
    agentId: id('agent_id'),
    jobId: id('job_id'),
    ids,
  };
  for (const [k, key] of [
    ['created_from', 'createdFrom'],
    ['created_to', 'createdBefore'],
  ] as const) {
    const d = text(k);
    if (!d) continue;
    if (!isCalendarDay(d)) throw badRequest(`filter.${k} must be a date as yyyy-MM-dd`);
    const start = lagosMidnight(d);
    filter[key] = key === 'createdFrom' ? start : new Date(start.getTime() + 24 * 3600 * 1000);
  }
  return {
    sort: parseSort(query.sort, transactionSortFields, ['created_at', 'DESC'], 'Transactions'),
    ...parseRange(query.range),
    filter,
  };
}
