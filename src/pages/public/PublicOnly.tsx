import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { areaHome, readSession } from '../../authProvider';

/** Spec §2: a signed-in user opening a public page goes to their area's dashboard. */
export const PublicOnly = ({ children }: { children: ReactNode }) => {
  const session = readSession();
  return session ? <Navigate to={areaHome(session.account.area)} replace /> : children;
};
