import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { User } from './types';

/** Status 1 is active; anything else reads 'Unactive' (spec §3). */
export const UserStatusChip = ({ user }: { user: Pick<User, 'status'> }) => {
  const translate = useTranslate();
  const active = user.status === 1;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={translate(active ? 'app.users.active' : 'app.users.unactive')}
    />
  );
};
