import { NOTIFICATIONS_PAGE } from '../../../shared/notifications/notification-rules';
import type { AppNotification } from '../../../shared/realtime/realtime';

/** What `GET /api/notifications` answers and the bell keeps: the 50 newest and the unread count. */
export interface NotificationList {
  notifications: AppNotification[];
  /** Over all notifications, not only the loaded ones. */
  unread: number;
}

/*
 * Each change to the list as a pure function, used both for this tab's own actions (optimistic
 * updates) and for the realtime events of other tabs and devices. Each is idempotent: this tab's
 * optimistic change and the server's echo of it count once.
 */

/** A new notification goes to the top and raises the count (docs/product.md §4); a repeat is ignored. */
export function addNotification(list: NotificationList, n: AppNotification): NotificationList {
  if (list.notifications.some((x) => x.id === n.id)) return list;
  return {
    notifications: [n, ...list.notifications].slice(0, NOTIFICATIONS_PAGE),
    unread: list.unread + (n.isRead ? 0 : 1),
  };
}

/**
 * Marks `ids` read ('all' for every one). `missed` tells whether an id was not among the loaded
 * notifications, whose count then only the server knows.
 */
export function markNotificationsRead(list: NotificationList, ids: readonly string[] | 'all'): { list: NotificationList; missed: boolean } {
  if (ids === 'all') {
    return { list: { notifications: list.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })), unread: 0 }, missed: false };
  }
  const wanted = new Set(ids);
  let newlyRead = 0;
  const notifications = list.notifications.map((n) => {
    if (!wanted.has(n.id)) return n;
    wanted.delete(n.id);
    if (n.isRead) return n;
    newlyRead++;
    return { ...n, isRead: true };
  });
  return { list: { notifications, unread: Math.max(0, list.unread - newlyRead) }, missed: wanted.size > 0 };
}

/** Drops one notification; an unread one lowers the count. */
export function removeNotification(list: NotificationList, id: string): NotificationList {
  const gone = list.notifications.find((n) => n.id === id);
  if (!gone) return list;
  return {
    notifications: list.notifications.filter((n) => n.id !== id),
    unread: Math.max(0, list.unread - (gone.isRead ? 0 : 1)),
  };
}
