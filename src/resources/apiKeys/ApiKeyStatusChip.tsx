import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiKey } from './types';

export const ApiKeyStatusChip = ({ apiKey }: { apiKey: Pick<ApiKey, 'status'> }) => {
  const translate = useTranslate();
  const active = apiKey.status === 'active';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={translate(`app.api_keys.status.${apiKey.status}`)}
    />
  );
};
