import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, timestamps, uuidPrimaryKey } from '../../platform/db/columns.js';
import { profileRef } from '../../access/schema.js';
import { videos, visibility } from '../videos/schema.js';

/**
 * A viewer's playlist (docs/product.md "Playlists"): public (on their profile), unlisted (by its
 * link) or private (theirs alone). Each person's "Watch later" is a private playlist of theirs
 * made on first use, which they cannot rename, publish or delete.
 */
export const playlists = pgTable(
  'playlists',
  {
    ...uuidPrimaryKey,
    ownerId: profileRef('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    // No default: PostgreSQL refuses 'private' as one in the transaction that runs every migration
    // of a new database, where 0021 only just added that value to the type.
    visibility: visibility('visibility').notNull(),
    watchLater: boolean('watch_later').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('playlists_owner_idx').on(t.ownerId, t.updatedAt),
    uniqueIndex('playlists_watch_later_idx')
      .on(t.ownerId)
      .where(sql`${t.watchLater}`),
  ],
);

/** A video in a playlist, at its place in the order (0 first). */
export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: ownedBy('playlist_id', () => playlists.id),
    videoId: ownedBy('video_id', () => videos.id),
    position: integer('position').notNull(),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('playlist_items_order_idx').on(t.playlistId, t.position),
    index('playlist_items_video_idx').on(t.videoId),
  ],
);
