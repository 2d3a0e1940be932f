import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import {
  CanAccess,
  Form,
  SaveButton,
  TextInput,
  required,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { PermissionChoices } from './PermissionChoices';
import type { User, UserChange } from './types';

/** One tab's form: saves its fields with `PUT /users/{id}` and refreshes the user. */
const TabForm = ({
  user,
  fields,
  editable,
}: {
  user: User;
  fields: (keyof UserChange)[];
  editable: boolean;
}) => {
  const [update] = useUpdate<User>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const save = (values: Record<string, unknown>) =>
    update(
      'users',
      {
        id: user.id,
        data: Object.fromEntries(fields.map((f) => [f, values[f]])),
        previousData: user,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('app.users.saved', { type: 'success' }),
        onError: notifyError,
      },
    );
  const canEdit = editable && (user.role === 'sub-admin' || fields[0] !== 'permissions');
  return (
    <Form record={user} onSubmit={save}>
      <Stack sx={{ p: 2, maxWidth: 560 }}>
        {fields.includes('permissions') ? (
          <PermissionChoices source="permissions" />
        ) : (
          <>
            <TextInput source="first_name" validate={required()} />
            <TextInput source="last_name" validate={required()} />
            <TextInput source="phone" validate={required()} />
            <TextInput source="address" />
          </>
        )}
        {canEdit && (
          <CanAccess resource="users" action="edit">
            <Box>
              <SaveButton label="app.users.save" />
            </Box>
          </CanAccess>
        )}
      </Stack>
    </Form>
  );
};

/**
 * The user view's Personal Information and Permissions tabs, each editing and saving its part;
 * read-only unless `editable` (the signed-in user may change this one).
 */
export const UserEditTabs = ({ user, editable }: { user: User; editable: boolean }) => {
  const [tab, setTab] = useState(0);
  const translate = useTranslate();
  return (
    <>
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)}>
        <Tab label={translate('app.users.personal_information')} />
        <Tab label={translate('app.users.permissions')} />
      </Tabs>
      {tab === 0 ? (
        <TabForm
          key="personal"
          user={user}
          fields={['first_name', 'last_name', 'phone', 'address']}
          editable={editable}
        />
      ) : (
        <TabForm key="permissions" user={user} fields={['permissions']} editable={editable} />
      )}
    </>
  );
};
