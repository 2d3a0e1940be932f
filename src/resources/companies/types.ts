/** The company as the API answers it (server/schemas/companies.ts). */
export type { Company, CompanyDetails } from '../../../server/schemas/companies';
