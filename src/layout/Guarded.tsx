import type { ReactNode } from 'react';
import { AccessDenied, CanAccess } from 'react-admin';

/** A screen behind its right (authProvider.canAccess): others see "access denied", and no call. */
export const Guarded = ({
  resource,
  action,
  children,
}: {
  resource: string;
  action: string;
  children: ReactNode;
}) => (
  <CanAccess resource={resource} action={action} accessDenied={<AccessDenied />}>
    {children}
  </CanAccess>
);
