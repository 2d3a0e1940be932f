import { AccessDenied, CanAccess } from 'react-admin';
import { Route } from 'react-router-dom';
import { CompanyList } from './CompanyList';
import { CompanyShow } from './CompanyShow';
import { companyRoutePaths } from './paths';

/** Company management and company information, each behind its right (authProvider.canAccess). */
export const companyCustomRoutes = (
  <>
    <Route
      path={companyRoutePaths.list}
      element={
        <CanAccess resource="companies" action="list" accessDenied={<AccessDenied />}>
          <CompanyList />
        </CanAccess>
      }
    />
    <Route
      path={companyRoutePaths.show}
      element={
        <CanAccess resource="companies" action="show" accessDenied={<AccessDenied />}>
          <CompanyShow />
        </CanAccess>
      }
    />
  </>
);
