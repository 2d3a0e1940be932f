import { useGetList } from 'react-admin';
import type { Company } from './types';

/**
 * Every company as a choice of a job's owner (provider staff creating jobs): all of them, not
 * only the partners Assign Job offers. A company without a name goes by its user code.
 */
export function useOwnerCompanyChoices() {
  const { data = [], isPending } = useGetList<Company>('companies', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return {
    choices: data.map((c) => ({ id: c.id, name: c.name ?? c.code ?? c.id })),
    isPending,
  };
}
