import { badRequest } from '../../errors';
import type { TransactionFilter } from '../../repositories/transactions';
import {
  transactionKinds,
  transactionSortFields,
  transactionStatuses,
} from '../../schemas/transactions';
import { isCalendarDay, lagosMidnight, parseJson, parseRange, parseSort } from '../jobs/listQuery';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `filter` of a money list: every key checked, a bad one is a 400 naming it. */
export function textFilter(raw: unknown) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('filter must be a JSON object');
  }
  const f = raw as Record<string, unknown>;
  const text = (k: string) => {
    const v = f[k];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.includes('\0')) {
      throw badRequest(`filter.${k} must be a string`);
    }
    return v;
  };
  const oneOf = (k: string, values: readonly string[]) => {
    const v = text(k);
    if (v !== undefined && !values.includes(v)) {
      throw badRequest(`filter.${k} must be one of: ${values.join(', ')}`);
    }
    return v;
  };
  const id = (k: string) => {
    const v = text(k);
    if (v !== undefined && !uuid.test(v)) throw badRequest(`filter.${k} must be an id`);
    return v;
  };
  const ids =
    f.id === undefined
      ? undefined
      : ([] as unknown[])
          .concat(f.id)
          .filter((i): i is string => typeof i === 'string' && uuid.test(i));
  return { f, text, oneOf, id, ids };
}

/** ra-data-simple-rest's `sort`, `range` and `filter` of `GET /transactions`. */
export function parseTransactionQuery(query: { sort?: string; range?: string; filter?: string }) {
  const { text, oneOf, id, ids } = textFilter(parseJson('filter', query.filter) ?? {});
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
    sort: parseSort(query.sort, transactionSortFields, 'Transactions'),
    ...parseRange(query.range),
    filter,
  };
}
