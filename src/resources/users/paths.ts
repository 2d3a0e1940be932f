import { useBasename } from 'react-admin';
import { areaOfBasename } from '../jobs/paths';

/** Where the people screens live in the current area (spec §2: users/users, users/create…). */
export function useUserPaths() {
  const basename = useBasename();
  return {
    area: areaOfBasename(basename),
    list: `${basename}/users/users`,
    create: `${basename}/users/create`,
    profile: (id: string) => `${basename}/users/profile/${encodeURIComponent(id)}`,
    message: (id: string) => `${basename}/messages/create?recipient_id=${encodeURIComponent(id)}`,
  };
}
