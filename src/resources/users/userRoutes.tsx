import { Route } from 'react-router-dom';
import { guarded } from '../../layout/Guarded';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** The spec's addresses of the people screens, under the `users` resource. */
export const userResourceRoutes = (
  <>
    <Route path="users" element={guarded('users', 'list', <UserList />)} />
    <Route path="profile/:id" element={guarded('users', 'show', <UserShow />)} />
  </>
);
