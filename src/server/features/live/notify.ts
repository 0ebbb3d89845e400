import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIVESTREAM_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { notificationTarget } from '../../../shared/notifications/notification-rules.js';
import type { Db } from '../../platform/db/client.js';
import { follows } from '../profiles/schema.js';
import { livestreams, streamReminders } from './schema.js';
import { notifications } from '../notifications/schema.js';
import { profiles } from '../../access/schema.js';
import { withActor } from '../notifications/service.js';
import type { Push } from '../notifications/service.js';
import type { Realtime } from '../../platform/realtime/hub.js';
import type { Notifier } from '../notifications/service.js';
import { whenUtc } from './page-meta.js';

/** The bell's words for "a creator you follow, or a stream you asked about, is live". */
export function liveNotificationText(creator: string, title: string) {
  return { title: 'Live now', message: `${creator} is live: “${title}”` };
}

/** The bell's words for "a stream you asked to be reminded of starts at another time"; the time in UTC, the same for everyone. */
export function rescheduledNotificationText(creator: string, title: string, scheduledAt: Date) {
  return { title: 'Stream rescheduled', message: `${creator} moved “${title}” to ${whenUtc(scheduledAt.toISOString())}` };
}

/** The bell's words for "a stream you asked to be reminded of will not happen". */
export function cancelledNotificationText(creator: string, title: string) {
  return { title: 'Stream cancelled', message: `${creator} cancelled “${title}”` };
}

/**
 * Tells each person who pressed "Notify me" on the stream, in the bell (realtime) and by web push,
 * with the creator as the actor: that it moved (the reminder stays, for the new time) or that it
 * will not happen (`linked: false` when the stream is gone, so the notification opens nothing).
 * One at a time: reminders are a stream's few interested viewers, not its whole audience.
 */
export async function tellReminderHolders(
  notifier: Pick<Notifier, 'notice'>,
  log: FastifyBaseLogger,
  stream: { id: string; ownerId: string },
  holders: string[],
  text: { title: string; message: string },
  linked = true,
): Promise<void> {
  for (const userId of holders) {
    await notifier
      .notice({ userId, actorId: stream.ownerId, ...text, contentId: linked ? stream.id : null, contentType: linked ? LIVESTREAM_CONTENT_TYPE : null })
      .catch((err: unknown) => log.warn({ err, stream: stream.id }, 'live: a reminder holder was not told'));
  }
}

/** Sends to at most this many web pushes at once, so a big audience does not open thousands of sockets. */
const PUSH_CONCURRENCY = 16;
/** Notifications are read back, published and pushed this many at a time. */
const BATCH = 500;

/**
 * Tells the creator's followers and everyone who pressed "Notify me" that the stream is live: one
 * notification each, in the bell (realtime) and by web push. A stream tells each person once, however
 * often its publisher reconnects, and a retried job sends nobody a second one.
 */
export async function notifyLive(db: Db, realtime: Realtime, push: Push, log: FastifyBaseLogger, streamId: string): Promise<number> {
  const [stream] = await db
    .select({ id: livestreams.id, ownerId: livestreams.ownerId, title: livestreams.title, status: livestreams.status, creator: profiles.displayName })
    .from(livestreams)
    .innerJoin(profiles, eq(profiles.id, livestreams.ownerId))
    .where(eq(livestreams.id, streamId));
  if (stream?.status !== 'live') return 0;
  const text = liveNotificationText(stream.creator, stream.title);
  // The notification type is the product's fixed "share": the creator shares their stream with you.
  const inserted = await db.execute(sql`
    insert into ${notifications} (user_id, actor_id, type, title, message, content_id, content_type)
    select audience.user_id, ${stream.ownerId}, 'share', ${text.title}, ${text.message}, ${stream.id}, ${LIVESTREAM_CONTENT_TYPE}
    from (select follower_id as user_id from ${follows} where followee_id = ${stream.ownerId}
          union select user_id from ${streamReminders} where stream_id = ${stream.id}) as audience
    where audience.user_id <> ${stream.ownerId} and not exists (
      select 1 from ${notifications} n where n.user_id = audience.user_id and n.content_id = ${stream.id}
        and n.type = 'share' and n.actor_id = ${stream.ownerId})
    returning id`);
  await db.delete(streamReminders).where(eq(streamReminders.streamId, stream.id));
  const ids = (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, ids.slice(i, i + BATCH)));
    const owner = new Map(rows.map((r) => [r.id, r.userId]));
    const batch = await withActor(db, rows);
    for (const n of batch) await realtime.publish(owner.get(n.id)!, 'notification.created', n);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const n = batch[next++]!;
        await push
          .send(owner.get(n.id)!, { title: n.title, body: n.message, id: n.id, url: notificationTarget(n) })
          .catch((err: unknown) => log.warn({ err }, 'web push failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, batch.length) }, worker));
  }
  return ids.length;
}
