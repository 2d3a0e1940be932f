import type { ComponentType, ReactNode } from 'react';
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

type Views = Partial<Record<'list' | 'create' | 'edit' | 'show', ComponentType>>;

/**
 * A `<Resource>`'s views, each behind the right of its action like every other screen.
 * react-admin's own check in `<List>` still sends the list's request while it redirects.
 */
export function guardedViews<V extends Views>(resource: string, views: V): V {
  const out: Views = { ...views };
  for (const action of ['list', 'create', 'edit', 'show'] as const) {
    const View = views[action];
    if (!View) continue;
    const GuardedView = () => (
      <Guarded resource={resource} action={action}>
        <View />
      </Guarded>
    );
    GuardedView.displayName = `Guarded(${View.displayName ?? View.name})`;
    out[action] = GuardedView;
  }
  return out as V;
}
