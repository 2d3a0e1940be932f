import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Guarded } from '../../layout/Guarded';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

const guarded = (action: string, page: ReactNode) => (
  <Guarded resource="users" action={action}>
    {page}
  </Guarded>
);

/** The spec's addresses of the people screens, under the `users` resource. */
export const userResourceRoutes = (
  <>
    <Route path="users" element={guarded('list', <UserList />)} />
    <Route path="profile/:id" element={guarded('show', <UserShow />)} />
  </>
);
