import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { user, userRef } from '../../access/schema.js';

export const notificationType = pgEnum('notification_type', ['follow', 'donation', 'like', 'comment', 'share', 'bounty_claim']);

/** docs/product.md §3 notifications. */
export const notifications = pgTable(
  'notifications',
  {
    ...uuidPrimaryKey,
    userId: userRef('user_id'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    contentId: text('content_id'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/** Web push subscriptions of a user's browsers. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: userRef('user_id'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...createdAt,
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
