import PeopleIcon from '@mui/icons-material/People';
import { guardedViews } from '../../layout/Guarded';
import { UserCreate } from './UserCreate';
import { UserList } from './UserList';
import type { User } from './types';

/**
 * The `users` resource's props: `<Resource name="users" {...users}>{userResourceRoutes}</Resource>`.
 * The list also answers at users/users and the view at users/profile/{adminId} (spec §2).
 */
export default {
  ...guardedViews('users', { list: UserList, create: UserCreate }),
  icon: PeopleIcon,
  recordRepresentation: (user: User) => user.full_name,
};

export { userResourceRoutes } from './userRoutes';
