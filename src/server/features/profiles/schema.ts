import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
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
