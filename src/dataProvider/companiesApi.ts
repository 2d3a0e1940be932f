import { apiUrl, httpClient } from '../httpClient/httpClient';
import type { Company, CompanyDetails } from '../resources/companies/types';

const enc = encodeURIComponent;

/**
 * The `companies` resource beyond simple-rest: company information is the spec's
 * `GET /user/company-details/{id}`, marking a partner is a PATCH of `is_partner` only, and
 * suspending or reactivating is a PATCH of its `/status`.
 */
export const companiesApi = {
  async details(id: string): Promise<CompanyDetails> {
    const { json } = await httpClient(`${apiUrl}/user/company-details/${enc(id)}`);
    return json as CompanyDetails;
  },
  async setPartner(id: string, isPartner: boolean): Promise<Company> {
    const { json } = await httpClient(`${apiUrl}/companies/${enc(id)}`, {
      method: 'PATCH',
      body: JSON.stringify({ is_partner: isPartner }),
    });
    return json as Company;
  },
  async setStatus(id: string, status: Company['status']): Promise<Company> {
    const { json } = await httpClient(`${apiUrl}/companies/${enc(id)}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status }),
    });
    return json as Company;
  },
};
