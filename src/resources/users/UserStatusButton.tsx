import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { User } from './types';

/**
 * DISABLE or ACTIVATE (spec §4): sends 0 or 1, toasts, and `onDone` reloads the user. Failures
 * are only logged (spec §8).
 */
export const UserStatusButton = ({ user, onDone }: { user: User; onDone: () => void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const active = user.status === 1;
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.setUserStatus({ id: user.id, status: active ? 0 : 1 }),
    onSuccess: () => {
      notify('app.notifications.sub_admin_status_changed', { type: 'success' });
      onDone();
    },
    onError: (error) => console.error('changing the user status failed', error),
  });
  return (
    <Button
      variant="contained"
      color={active ? 'error' : 'success'}
      disabled={isPending}
      onClick={() => mutate()}
    >
      {translate(active ? 'app.users.disable' : 'app.users.activate')}
    </Button>
  );
};
