import { index, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { userRef } from '../../access/schema.js';

export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
    // Leaderboards: follows made in a window, counted per followee.
    index('follows_created_idx').on(t.createdAt, t.followeeId),
  ],
);

/**
 * Every follow (+1) and unfollow (-1) as it happened, so the studio can show followers lost as well
 * as gained (a removed follow leaves no row in `follows`).
 */
export const followChanges = pgTable(
  'follow_changes',
  {
    followeeId: userRef('followee_id'),
    change: smallint('change').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('follow_changes_at_idx').on(t.at)],
);
