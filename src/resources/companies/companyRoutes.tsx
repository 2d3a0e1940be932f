import { Route } from 'react-router-dom';
import { Guarded } from '../../layout/Guarded';
import { CompanyList } from './CompanyList';
import { CompanyShow } from './CompanyShow';
import { companyRoutePaths } from './paths';

/** Company management and company information, each behind its right (authProvider.canAccess). */
export const companyCustomRoutes = (
  <>
    <Route
      path={companyRoutePaths.list}
      element={
        <Guarded resource="companies" action="list">
          <CompanyList />
        </Guarded>
      }
    />
    <Route
      path={companyRoutePaths.show}
      element={
        <Guarded resource="companies" action="show">
          <CompanyShow />
        </Guarded>
      }
    />
  </>
);
