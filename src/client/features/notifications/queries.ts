import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../lib/toast';
import { useSession } from '../auth/session';
import { api } from '../../lib/api';
import { markNotificationsRead, removeNotification, type NotificationList } from './cache';

export const notificationKeys = {
  all: ['notifications'] as const,
  /** Per account, so a change of account never shows the previous one's list for a moment. */
  list: (userId: string) => [...notificationKeys.all, userId] as const,
};

/** The signed-in person's 50 newest notifications and unread count; nothing for a guest. */
export function useNotifications() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.list(user?.id ?? ''),
    queryFn: ({ signal }) => api<NotificationList>('/api/notifications', { signal }),
    enabled: !!user,
  });
}

/**
 * Changes the cached list of the signed-in person through `update`, for an optimistic change or a
 * realtime event. Returns what was there before, for a rollback.
 */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  return useCallback(
    (update: (list: NotificationList) => NotificationList) => {
      if (!userId) return undefined;
      const key = notificationKeys.list(userId);
      const previous = queryClient.getQueryData<NotificationList>(key);
      if (previous) queryClient.setQueryData<NotificationList>(key, update(previous));
      return previous;
    },
    [queryClient, userId],
  );
}

/** An optimistic change to the list that is put back, with a toast, if the server refuses it. */
function useOptimisticNotifications<TVars>(
  request: (vars: TVars) => Promise<unknown>,
  update: (list: NotificationList, vars: TVars) => NotificationList,
  failure: string,
) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = notificationKeys.list(user?.id ?? '');
  return useMutation({
    mutationFn: request,
    onMutate: async (vars: TVars) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationList>(key);
      if (previous) queryClient.setQueryData<NotificationList>(key, update(previous, vars));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(failure, { description: error.message });
    },
  });
}

/** Marks one read (docs/product.md §4: a click on it does, before it navigates). */
export function useMarkNotificationRead() {
  return useOptimisticNotifications(
    (id: string) => api(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    (list, id) => markNotificationsRead(list, [id]).list,
    'Could not mark the notification read',
  );
}

export function useMarkAllNotificationsRead() {
  return useOptimisticNotifications(
    () => api('/api/notifications/read-all', { method: 'POST' }),
    (list) => markNotificationsRead(list, 'all').list,
    'Could not mark your notifications read',
  );
}

export function useDeleteNotification() {
  return useOptimisticNotifications(
    (id: string) => api(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    removeNotification,
    'Could not delete the notification',
  );
}

/** Asks the server again (after a reconnect, when events may have been missed): one account's list, or every one cached. */
export function refetchNotifications(queryClient: QueryClient, userId?: string) {
  return queryClient.invalidateQueries({ queryKey: userId ? notificationKeys.list(userId) : notificationKeys.all });
}
