/**
 * Notification rules both sides use: page size, the unread badge, where a click goes. The zod
 * schema is in ./realtime.ts: the header's bell needs these rules on every page, and a module that
 * builds schemas when it loads would bring zod into the web app's first load.
 */
import { BOUNTY_CONTENT_TYPE, LIVESTREAM_CONTENT_TYPE, LONG_VIDEO_CONTENT_TYPE } from '../platform/product.js';
import type { AppNotification } from '../realtime/realtime.js';
import { paths } from '../platform/routes.js';

/** docs/product.md §9: 50 notifications per load; the badge says 9+ above 9. */
export const NOTIFICATIONS_PAGE = 50;
export function unreadBadge(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 9 ? '9+' : String(count);
}

/** docs/product.md §4: where clicking a notification goes. */
export function notificationTarget(n: Pick<AppNotification, 'type' | 'contentId' | 'contentType' | 'actor'>): string | undefined {
  if (n.type === 'follow') return n.actor ? `/profile/${encodeURIComponent(n.actor.username)}` : undefined;
  if (!n.contentId) return n.actor ? `/profile/${encodeURIComponent(n.actor.username)}` : undefined;
  switch (n.contentType) {
    case LIVESTREAM_CONTENT_TYPE:
      return `/stream/${n.contentId}`;
    case 'shortvideo':
    case 'short_video':
      return `/shorts?video=${encodeURIComponent(n.contentId)}`;
    case LONG_VIDEO_CONTENT_TYPE:
      return paths.video({ id: n.contentId });
    case BOUNTY_CONTENT_TYPE:
      return paths.bounty(n.contentId);
    default:
      return n.actor ? `/profile/${encodeURIComponent(n.actor.username)}` : undefined;
  }
}
