import type { ReactNode } from 'react';
import { AccessDenied, CanAccess } from 'react-admin';
import { Route } from 'react-router-dom';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

const guarded = (action: string, page: ReactNode) => (
  <CanAccess resource="users" action={action} accessDenied={<AccessDenied />}>
    {page}
  </CanAccess>
);

/** The spec's addresses of the people screens, under the `users` resource. */
export const userResourceRoutes = (
  <>
    <Route path="users" element={guarded('list', <UserList />)} />
    <Route path="profile/:adminId" element={guarded('show', <UserShow />)} />
  </>
);
