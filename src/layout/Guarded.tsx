import type { ComponentType, ReactNode } from 'react';
import { AccessDenied, CanAccess, ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';

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

/** A custom route's page behind its right. */
export const guarded = (resource: string, action: string, page: ReactNode) => (
  <Guarded resource={resource} action={action}>
    {page}
  </Guarded>
);

/**
 * A resource's list and show screens at addresses of their own (`<CustomRoutes>`), each behind its
 * right and in the resource's context, which custom routes do not give.
 */
export const listShowRoutes = (
  resource: string,
  paths: { list: string; show: string },
  List: ComponentType,
  Show: ComponentType,
) => (
  <>
    {(
      [
        ['list', paths.list, List],
        ['show', paths.show, Show],
      ] as const
    ).map(([action, path, Page]) => (
      <Route
        key={action}
        path={path}
        element={
          <ResourceContextProvider value={resource}>
            {guarded(resource, action, <Page />)}
          </ResourceContextProvider>
        }
      />
    ))}
  </>
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
