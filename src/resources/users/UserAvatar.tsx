import { Avatar } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useAuthorizedBlobUrl } from '../jobs/useAuthorizedBlobUrl';

/** A user's picture, or their initials. */
export const UserAvatar = ({
  user,
  size = 64,
}: {
  user: { first_name: string; last_name: string; picture_url?: string | null };
  size?: number;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const picture = useAuthorizedBlobUrl(user.picture_url ?? null, () =>
    dataProvider.getPicture(user.picture_url!),
  );
  return (
    <Avatar src={picture.url ?? undefined} sx={{ width: size, height: size }}>
      {user.first_name.charAt(0)}
      {user.last_name.charAt(0)}
    </Avatar>
  );
};
