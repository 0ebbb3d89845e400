import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { notificationTarget } from '../../../shared/notifications/notification-rules';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { addNotification, markNotificationsRead, removeNotification } from './cache';
import { refetchNotifications, useMarkNotificationRead, useUpdateNotifications } from './queries';

/**
 * Keeps the cached notifications true to the server's realtime events: new ones at the top (with
 * a toast), reads and deletions from other tabs and devices, and a catch-up after each (re)connect.
 * Renders nothing; mounted once inside the realtime provider.
 */
export function NotificationsSync() {
  const queryClient = useQueryClient();
  const update = useUpdateNotifications();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();

  // Whatever happened while the socket was down is only on the server. Only the list of whom the
  // socket says it is: a guest's socket (just after a sign-out) asks for nothing, so a list of the
  // account that left is not fetched once more, refused with a 401.
  useRealtimeEvent('hello', ({ userId }) => {
    if (userId) void refetchNotifications(queryClient, userId);
  });

  useRealtimeEvent('notification.created', (n) => {
    update((list) => addNotification(list, n));
    const target = notificationTarget(n);
    toast(n.title, {
      id: `notification-${n.id}`,
      description: n.message,
      action: target
        ? {
            label: 'View',
            onClick: () => {
              markRead.mutate(n.id);
              void navigate(target);
            },
          }
        : undefined,
    });
  });

  useRealtimeEvent('notification.read', ({ ids }) => {
    let missed = false;
    update((list) => {
      const result = markNotificationsRead(list, ids);
      missed = result.missed;
      return result.list;
    });
    if (missed) void refetchNotifications(queryClient);
  });

  useRealtimeEvent('notification.deleted', ({ id }) => {
    update((list) => removeNotification(list, id));
  });

  return null;
}
