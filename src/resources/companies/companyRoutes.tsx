import { listShowRoutes } from '../../layout/Guarded';
import { CompanyList } from './CompanyList';
import { CompanyShow } from './CompanyShow';
import { companyRoutePaths } from './paths';

/** Company management and company information, each behind its right (authProvider.canAccess). */
export const companyCustomRoutes = listShowRoutes(
  'companies',
  companyRoutePaths,
  CompanyList,
  CompanyShow,
);
