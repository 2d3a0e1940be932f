import { useBasename } from 'react-admin';

/** Where the people screens live in the current area (spec §2: users/users, users/create…). */
export function useUserPaths() {
  const basename = useBasename();
  return {
    list: `${basename}/users/users`,
    create: `${basename}/users/create`,
    profile: (id: string) => `${basename}/users/profile/${encodeURIComponent(id)}`,
    message: (id: string) => `${basename}/messages/create?recipient_id=${encodeURIComponent(id)}`,
  };
}
