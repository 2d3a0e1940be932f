import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** Under `messages`, so react-admin's refresh (and anything invalidating messages) reloads it. */
const unreadCountKey = ['messages', 'unreadCount'] as const;
/** New messages show in the menu within this long without a reload. */
const refreshEveryMs = 60_000;

/** The inbox's unread count, for the menu badge. */
export function useUnreadCount() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: unreadCountKey,
    queryFn: () => dataProvider.unreadMessageCount(),
    refetchInterval: refreshEveryMs,
  });
  return data ?? 0;
}

/** Reloads the unread count and the lists (a message was just read), not the message itself. */
export function useRefreshUnread() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unreadCountKey }),
        queryClient.invalidateQueries({ queryKey: ['messages', 'getList'] }),
      ]),
    [queryClient],
  );
}
