import { DeleteWithConfirmButton, useRecordContext } from 'react-admin';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { ApiKey } from './types';

/**
 * Revoke (`DELETE /api-keys/{id}`) after a confirmation: the key is refused from its next request
 * on. The row stays, shown as revoked; a revoked key has no button.
 */
export const ApiKeyRevokeButton = () => {
  const record = useRecordContext<ApiKey>();
  const notifyError = useNotifyError();
  if (!record || record.status !== 'active') return null;
  return (
    <DeleteWithConfirmButton
      label="app.api_keys.revoke"
      confirmTitle="app.api_keys.revoke_title"
      confirmContent="app.api_keys.revoke_body"
      translateOptions={{ name: record.name }}
      mutationMode="pessimistic"
      redirect={false}
      successMessage="app.api_keys.revoked"
      mutationOptions={{ onError: notifyError }}
    />
  );
};
