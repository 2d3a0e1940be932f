import { CheckboxGroupInput, useTranslate } from 'react-admin';
import { heldLabels, permissionGrants } from '../../../reference/permissions';
import { useAccount } from '../../authProvider/useAccount';

/**
 * The permission checkboxes (reference/permissions.ts): only the labels the signed-in user holds,
 * since the server refuses to grant any other. Labels no module uses yet say so.
 */
export const PermissionChoices = ({
  source,
  label = 'resources.users.fields.permissions',
}: {
  source: string;
  label?: string;
}) => {
  const account = useAccount();
  const translate = useTranslate();
  const choices = account
    ? heldLabels(account).map((label) => ({
        id: label,
        name:
          permissionGrants[label] === null
            ? `${label} ${translate('app.users.no_module_yet')}`
            : label,
      }))
    : [];
  return <CheckboxGroupInput source={source} label={label} choices={choices} row={false} />;
};
