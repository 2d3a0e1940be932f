import { useBasename } from 'react-admin';

/** Company management and company information (spec §2), admin area. */
export const companyRoutePaths = { list: '/users/companies', show: '/users/companies/:id' };

export function useCompanyPaths() {
  const basename = useBasename();
  return {
    list: `${basename}${companyRoutePaths.list}`,
    show: (id: string) => `${basename}/users/companies/${encodeURIComponent(id)}`,
  };
}
