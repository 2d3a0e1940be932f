import KeyIcon from '@mui/icons-material/Key';
import { guardedViews } from '../../layout/Guarded';
import { ApiKeyList } from './ApiKeyList';
import type { ApiKey } from './types';

/** The `api-keys` resource's props: `<Resource name="api-keys" {...apiKeys} />` in both areas. */
export default {
  ...guardedViews('api-keys', { list: ApiKeyList }),
  icon: KeyIcon,
  recordRepresentation: (key: ApiKey) => key.name,
};
