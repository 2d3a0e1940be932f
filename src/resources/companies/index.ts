import BusinessIcon from '@mui/icons-material/Business';
import { CompanyList } from './CompanyList';
import type { Company } from './types';

/**
 * The `companies` resource's props (`<Resource name="companies" {...companies} />`). Its screens
 * live at the spec's addresses (users/companies, users/companies/{id}): ./companyRoutes.tsx.
 */
export default {
  icon: BusinessIcon,
  recordRepresentation: (c: Company) => c.name ?? c.code ?? c.id,
};

export { CompanyList };
export { companyCustomRoutes } from './companyRoutes';
