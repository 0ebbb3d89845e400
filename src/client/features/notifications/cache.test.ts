import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../shared/realtime/realtime';
import { addNotification, markNotificationsRead, removeNotification, type NotificationList } from './cache';

const note = (id: string, isRead = false): AppNotification => ({
  id,
  type: 'follow',
  title: 'New follower',
  message: 'Someone started following you',
  isRead,
  createdAt: new Date(0).toISOString(),
  contentId: null,
  contentType: null,
  actor: null,
});

const list = (...notifications: AppNotification[]): NotificationList => ({
  notifications,
  unread: notifications.filter((n) => !n.isRead).length,
});

describe('addNotification', () => {
  it('puts a new one at the top and raises the count, once', () => {
    const next = addNotification(list(note('a', true), note('b')), note('c'));
    expect(next.notifications.map((n) => n.id)).toEqual(['c', 'a', 'b']);
    expect(next.unread).toBe(2);
    expect(addNotification(next, note('c'))).toBe(next);
  });

  it('keeps the 50 newest', () => {
    const many = list(...Array.from({ length: 50 }, (_, i) => note(`n${i}`, true)));
    const next = addNotification(many, note('new'));
    expect(next.notifications).toHaveLength(50);
    expect(next.notifications[0]!.id).toBe('new');
    expect(next.notifications.at(-1)!.id).toBe('n48');
  });
});

describe('markNotificationsRead', () => {
  it('lowers the count by the ones that were unread, and counts a repeat once', () => {
    const first = markNotificationsRead(list(note('a'), note('b'), note('c', true)), ['a', 'c']);
    expect(first.list.unread).toBe(1);
    expect(first.list.notifications.map((n) => n.isRead)).toEqual([true, false, true]);
    expect(first.missed).toBe(false);
    expect(markNotificationsRead(first.list, ['a']).list.unread).toBe(1);
  });

  it('reads all, including ones beyond the loaded 50', () => {
    const { list: next } = markNotificationsRead({ notifications: [note('a')], unread: 70 }, 'all');
    expect(next).toEqual({ notifications: [note('a', true)], unread: 0 });
  });

  it('says when an id was not loaded', () => {
    const { list: next, missed } = markNotificationsRead({ notifications: [note('a')], unread: 5 }, ['zzz']);
    expect(missed).toBe(true);
    expect(next.unread).toBe(5);
  });
});

describe('removeNotification', () => {
  it('drops it and lowers the count only for an unread one', () => {
    const start = list(note('a'), note('b', true));
    expect(removeNotification(start, 'a')).toEqual(list(note('b', true)));
    expect(removeNotification(start, 'b').unread).toBe(1);
    expect(removeNotification(start, 'x')).toBe(start);
  });
});
