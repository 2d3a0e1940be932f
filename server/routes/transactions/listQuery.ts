import type { TransactionFilter } from '../../repositories/transactions';
import {
  transactionKinds,
  transactionSortFields,
  transactionStatuses,
} from '../../schemas/transactions';
import {
  FilterId,
  FilterOneOf,
  ListFilter,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { FilterLagosDay } from '../jobs/listQuery';

/** `GET /transactions`: its sorts and `filter`; a bad key is a 400 naming it. */
export const transactionList = listSpec({
  resource: 'transactions',
  noun: 'Transactions',
  sortFields: transactionSortFields,
  defaultSort: ['created_at', 'DESC'],
  filter: ListFilter({
    kind: FilterOneOf(transactionKinds),
    status: FilterOneOf(transactionStatuses),
    company_id: FilterId(),
    agent_id: FilterId(),
    job_id: FilterId(),
    created_from: FilterLagosDay('start'),
    created_to: FilterLagosDay('end'),
  }),
});

/** ra-data-simple-rest's `sort`, `range` and `filter` of `GET /transactions`. */
export function parseTransactionQuery(query: { sort?: string; range?: string; filter?: string }) {
  const { offset, limit, sort, filter: f } = parseListQuery(transactionList, query);
  const filter: TransactionFilter = {
    kind: f.kind,
    status: f.status,
    companyId: f.company_id,
    agentId: f.agent_id,
    jobId: f.job_id,
    ids: f.id,
    createdFrom: f.created_from,
    createdBefore: f.created_to,
  };
  return { sort, offset, limit, filter };
}
