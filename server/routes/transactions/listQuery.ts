import { Type } from 'typebox';
import type { TransactionFilter } from '../../repositories/transactions';
import {
  payeeTypes,
  transactionKinds,
  transactionSortFields,
  transactionStatuses,
} from '../../schemas/transactions';
import {
  filterField,
  FilterId,
  FilterOneOf,
  ListFilter,
  notText,
  listSpec,
  parseListQuery,
} from '../../services/listFilter';
import { FilterLagosDay } from '../jobs/listQuery';

/** The longest name searched for: a payee's name is far shorter. */
export const payeeSearchMax = 100;

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
    payee_type: FilterOneOf(payeeTypes),
    payee_id: FilterId(),
    payee: filterField(
      Type.String({ maxLength: payeeSearchMax, pattern: '^[^\\u0000]*$' }),
      (v) => notText(v) ?? `must be at most ${payeeSearchMax} characters`,
    ),
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
    payeeType: f.payee_type,
    payeeId: f.payee_id,
    payee: f.payee,
    ids: f.id,
    createdFrom: f.created_from,
    createdBefore: f.created_to,
  };
  return { sort, offset, limit, filter };
}
