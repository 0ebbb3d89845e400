import { z } from 'zod';
import { CreatorSchema } from './content.js';
import { LIVESTREAM_CONTENT_TYPE, LONG_VIDEO_CONTENT_TYPE } from './product.js';
import { paths } from './routes.js';

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(['follow', 'donation', 'like', 'comment', 'share', 'bounty_claim']),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  contentId: z.string().nullable(),
  contentType: z.string().nullable(),
  actor: CreatorSchema.nullable(),
});
export type AppNotification = z.infer<typeof NotificationSchema>;

/**
 * Every realtime event, by name, with its payload: one typed map for the server and the client
 * (docs/architecture.md), so a renamed event breaks the build, not production.
 */
export interface RealtimeEvents {
  /** Sent once a socket is authenticated; after a reconnect the client catches up by refetching. */
  hello: { userId: string };
  'notification.created': AppNotification;
  'notification.read': { ids: string[] | 'all' };
  'notification.deleted': { id: string };
  /** The owner's video moved on while it is made ready: progress, ready, or failed with why. */
  'video.processing': VideoProcessingEvent;
}

export interface VideoProcessingEvent {
  id: string;
  status: 'processing' | 'ready' | 'failed';
  percent: number;
  failureReason: string | null;
}
export type RealtimeEventName = keyof RealtimeEvents;
export interface RealtimeMessage<K extends RealtimeEventName = RealtimeEventName> {
  event: K;
  data: RealtimeEvents[K];
}

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
    default:
      return n.actor ? `/profile/${encodeURIComponent(n.actor.username)}` : undefined;
  }
}
