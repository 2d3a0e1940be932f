import { Avatar } from '@mui/material';
import { fetchBlob } from '../../httpClient/httpClient';
import { useAuthorizedBlobUrl } from '../jobs/useAuthorizedBlobUrl';

/** An applicant's or agent's photo: it needs the bearer token, so it comes as a Blob. */
export const AgentPhoto = ({ url, name }: { url: string | null; name: string }) => {
  const photo = useAuthorizedBlobUrl(url, () => fetchBlob(url!, { accept: 'image/*' }));
  return (
    <Avatar
      src={photo.url ?? undefined}
      alt={name}
      sx={{ width: 96, height: 96 }}
      variant="rounded"
    >
      {name.slice(0, 1)}
    </Avatar>
  );
};
