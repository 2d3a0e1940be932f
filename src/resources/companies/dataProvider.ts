import type { ResourcePart } from '../../dataProvider/resourcePart';
import { apiJson } from '../../httpClient/httpClient';
import type { Company, CompanyDetails } from './types';

const enc = encodeURIComponent;

/**
 * The `companies` resource beyond simple-rest: company information is the spec's
 * `GET /user/company-details/{id}` (getOne with `meta.view === 'details'`), marking a partner is a
 * PATCH of `is_partner` only, and suspending or reactivating is a PATCH of its `/status` (update
 * with a `status` in the data).
 */
export const companiesPart: ResourcePart = {
  async getOne(params, rest) {
    if (params.meta?.view !== 'details') return rest(params);
    return {
      data: await apiJson<CompanyDetails>(`/user/company-details/${enc(String(params.id))}`),
    };
  },
  async update(params) {
    const data = params.data as Partial<Pick<Company, 'is_partner' | 'status'>>;
    const id = enc(String(params.id));
    const company = data.status
      ? await apiJson<Company>(`/companies/${id}/status`, {
          method: 'PATCH',
          body: { status: data.status },
        })
      : await apiJson<Company>(`/companies/${id}`, {
          method: 'PATCH',
          body: { is_partner: Boolean(data.is_partner) },
        });
    return { data: { ...params.previousData, ...company } };
  },
};
