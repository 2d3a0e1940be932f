import type { ComponentType } from 'react';
import { CanAccess, Menu } from 'react-admin';

/**
 * An entry of the area's menu: the right it needs as `resource.action` (authProvider.canAccess;
 * left out for whoever may not use it), where it goes, its text `app.menu.<label>`, its icon.
 */
export type MenuEntry = [
  can: `${string}.${string}`,
  to: string,
  label: string,
  icon: ComponentType,
];

/** Menu entries, each behind its right. */
export const MenuEntries = ({ entries }: { entries: MenuEntry[] }) =>
  entries.map(([can, to, label, Icon]) => {
    const [resource, action] = can.split('.') as [string, string];
    return (
      <CanAccess key={label} resource={resource} action={action}>
        <Menu.Item to={to} primaryText={`app.menu.${label}`} leftIcon={<Icon />} />
      </CanAccess>
    );
  });
