import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LONG_VIDEO_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { NOTIFICATIONS_PAGE, notificationTarget } from '../../../shared/notifications/notification-rules.js';
import type { AppNotification } from '../../../shared/realtime/realtime.js';
import type { VideoKind } from '../../../shared/videos/video-rules.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { notifications } from './schema.js';
import { notFound } from '../../platform/http/errors.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import { hasBlocked, notBlockedBy } from '../../access/blocks.js';
import type { Realtime } from '../../platform/realtime/hub.js';
import type { Push } from './push.js';

export type NotificationType = AppNotification['type'];

export interface NotifyInput {
  userId: string;
  actorId: string;
  type: NotificationType;
  contentId?: string;
  /** livestream, short_video or glint_video (docs/product.md §3). */
  contentType?: string;
  /** The content's title, for the message. */
  contentTitle?: string;
  /** SOL amount, for donations and paid bounties. */
  amountSol?: string;
  /** For `bounty_claim`: a claim made (to the poster), approved or paid (to the claimant). */
  bountyEvent?: BountyEvent;
}

export type BountyEvent = 'claimed' | 'approved' | 'paid';

/** The words of each kind of notification; `actor` is the display name of who did it. */
export function notificationText(type: NotificationType, actor: string, contentTitle?: string, amountSol?: string, bountyEvent: BountyEvent = 'claimed') {
  const what = contentTitle ? `“${contentTitle}”` : 'your content';
  switch (type) {
    case 'follow':
      return { title: 'New follower', message: `${actor} started following you` };
    case 'like':
      return { title: 'New like', message: `${actor} liked ${what}` };
    case 'comment':
      return { title: 'New comment', message: `${actor} commented on ${what}` };
    case 'share':
      return { title: 'New share', message: `${actor} shared ${what}` };
    case 'donation':
      return { title: 'New tip', message: `${actor} tipped you ${amountSol ?? ''} SOL`.replace('  ', ' ') };
    case 'bounty_claim':
      // One type, three moments of a claim (docs/product.md "Bounties").
      if (bountyEvent === 'approved') return { title: 'Claim approved', message: `${actor} approved your claim on ${what}` };
      if (bountyEvent === 'paid') return { title: 'Bounty paid', message: `${actor} paid you ${amountSol ?? ''} SOL for ${what}`.replace('  ', ' ') };
      return { title: 'Bounty claimed', message: `${actor} claimed your bounty ${what}` };
  }
}

export const contentTypeOfVideo = (kind: VideoKind) => (kind === 'short' ? 'short_video' : LONG_VIDEO_CONTENT_TYPE);

export async function withActor(db: Db, rows: (typeof notifications.$inferSelect)[]): Promise<AppNotification[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.actorId).filter((x): x is string => !!x))];
  const actors = ids.length
    ? await db
        .select(creatorColumns)
        .from(profilesTable)
        .where(
          sql`${profilesTable.id} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
    : [];
  const byId = new Map(actors.map((a) => [a.id, a]));
  return rows.map((r) => toAppNotification(r, (r.actorId && byId.get(r.actorId)) || null));
}

const toAppNotification = (r: typeof notifications.$inferSelect, actor: AppNotification['actor']): AppNotification => ({
  id: r.id,
  type: r.type,
  title: r.title,
  message: r.message,
  isRead: r.isRead,
  createdAt: r.createdAt.toISOString(),
  contentId: r.contentId,
  contentType: r.contentType,
  actor,
});

/**
 * A notice in its own words: from Glint itself (a moderation decision), with no actor; or about
 * what a creator did to something you asked about (a stream you are reminded of was moved or
 * cancelled), with the creator as its actor.
 */
export interface NoticeInput {
  userId: string;
  actorId?: string | null;
  title: string;
  message: string;
  contentId?: string | null;
  contentType?: string | null;
}

/**
 * The type a notice is stored under. SPEC.md's notification types are a closed list with none for
 * the platform speaking; `comment` (words addressed to you about your content or your report) is
 * the least surprising of them, and the missing actor tells it apart (docs/product.md "Reports and
 * moderation").
 */
export const NOTICE_TYPE: NotificationType = 'comment';

export interface Notifier {
  notify(input: NotifyInput): Promise<AppNotification | undefined>;
  notice(input: NoticeInput): Promise<AppNotification>;
}

/**
 * Creates notifications: never for your own actions, and a like (or share) of the same content by
 * the same person only once, so toggling does not spam. Each new one is pushed in realtime and,
 * for users away from the site, as a web push.
 */
export function createNotifier(db: Db, realtime: Realtime, push: Push, log: FastifyBaseLogger, changed: (userId: string) => void = () => {}): Notifier {
  return {
    async notify(input) {
      if (input.userId === input.actorId) return undefined;
      // Nothing reaches you from an account you blocked: no bell, no push.
      if (await hasBlocked(db, input.userId, input.actorId)) return undefined;
      if (input.type === 'like' || input.type === 'share' || input.type === 'follow') {
        const conditions = [eq(notifications.userId, input.userId), eq(notifications.actorId, input.actorId), eq(notifications.type, input.type)];
        if (input.contentId) conditions.push(eq(notifications.contentId, input.contentId));
        const [dupe] = await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(...conditions))
          .limit(1);
        if (dupe) return undefined;
      }
      const [actor] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, input.actorId));
      const text = notificationText(input.type, actor?.displayName ?? 'Someone', input.contentTitle, input.amountSol, input.bountyEvent);
      const [row] = await db
        .insert(notifications)
        .values({
          userId: input.userId,
          actorId: input.actorId,
          type: input.type,
          ...text,
          contentId: input.contentId ?? null,
          contentType: input.contentType ?? null,
        })
        .returning();
      return deliver(row!);
    },
    async notice(input) {
      const [row] = await db
        .insert(notifications)
        .values({
          userId: input.userId,
          actorId: input.actorId ?? null,
          type: NOTICE_TYPE,
          title: input.title,
          message: input.message,
          contentId: input.contentId ?? null,
          contentType: input.contentType ?? null,
        })
        .returning();
      return deliver(row!);
    },
  };

  /** Pushes a new notification in realtime and, for users away from the site, as a web push. */
  async function deliver(row: typeof notifications.$inferSelect): Promise<AppNotification> {
    const [n] = await withActor(db, [row]);
    changed(row.userId);
    await realtime.publish(row.userId, 'notification.created', n!);
    void push
      .send(row.userId, { title: n!.title, body: n!.message, id: n!.id, url: notificationTarget(n!) })
      .catch((err) => log.warn({ err }, 'web push failed'));
    return n!;
  }
}

/**
 * Where an account's notifications are kept in the read cache. Any public write drops them with the
 * rest; what changes them without one is dropped here (a new one, one read or deleted) and, on the
 * other servers, when the realtime event for that account arrives (`notificationsChangedBy`).
 */
export const notificationsKey = (userId: string) => `notifications:${userId}`;

/** A realtime event to an account that changes its notifications. */
export const notificationsChangedBy = (event: string) => event.startsWith('notification.');

/** The newest page of an account's notifications with their actors, and how many are unread: one statement. */
export async function listNotifications(db: Db, userId: string) {
  const rows = await db
    .select({
      n: notifications,
      actor: creatorColumns,
      unread: sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and not ${notifications.isRead} and (${notifications.actorId} is null or ${notBlockedBy(userId, notifications.actorId)}))`,
    })
    .from(notifications)
    .leftJoin(profilesTable, eq(profilesTable.id, notifications.actorId))
    // What an account the user blocked did is not shown (nor counted), and comes back if they unblock it.
    .where(and(eq(notifications.userId, userId), or(isNull(notifications.actorId), notBlockedBy(userId, notifications.actorId))))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATIONS_PAGE);
  // No notification at all: none unread either.
  return { notifications: rows.map((r) => toAppNotification(r.n, r.actor)), unread: Number(rows[0]?.unread ?? 0) };
}

/** Marks one of your notifications read; someone else's is "not found". */
export async function markRead(db: Db, realtime: Realtime, userId: string, id: string) {
  if (!isUuid(id)) throw notFound('This notification does not exist');
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!updated.length) throw notFound('This notification does not exist');
  await realtime.publish(userId, 'notification.read', { ids: [id] });
}

export async function markAllRead(db: Db, realtime: Realtime, userId: string) {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  await realtime.publish(userId, 'notification.read', { ids: 'all' });
}

export async function deleteNotification(db: Db, realtime: Realtime, userId: string, id: string) {
  if (!isUuid(id)) throw notFound('This notification does not exist');
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!deleted.length) throw notFound('This notification does not exist');
  await realtime.publish(userId, 'notification.deleted', { id });
}

export type { Push } from './push.js';
