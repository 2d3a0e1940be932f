import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorMessages } from './errorMessages';

/** Shows a failed call the way spec §8 says: one error toast per message, queued one at a time. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      for (const message of errorMessages(error)) notify(message, { type: 'error' });
    },
    [notify],
  );
}
