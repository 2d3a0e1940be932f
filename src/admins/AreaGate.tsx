import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { areaHome, readSession, type Area } from '../authProvider';

/**
 * Sends a signed-in user who opens the other area to their own dashboard, before that area's
 * code is even loaded. Signed-out users go through: the area's `requireAuth` sends them to
 * /login and remembers where they were.
 */
export const AreaGate = ({ area, children }: { area: Area; children: ReactNode }) => {
  const session = readSession();
  if (session && session.account.area !== area) {
    return <Navigate to={areaHome(session.account.area)} replace />;
  }
  return children;
};
