import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AreaMenu } from './AreaMenu';

/** react-admin's responsive layout (drawer menu on phones), with the areas' menu. */
export const AreaLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AreaMenu}>{children}</Layout>
);
