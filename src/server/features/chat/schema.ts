import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, ownedBy, takenDown, takenDownIndex, uuidPrimaryKey } from '../../platform/db/columns.js';
import { profileRef, profiles, user, userRef } from '../../access/schema.js';
import { livestreams } from '../live/schema.js';

/** A live stream's chat (docs/product.md "Live chat"); a moderated message is kept, marked deleted. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    ...uuidPrimaryKey,
    streamId: ownedBy('stream_id', () => livestreams.id),
    userId: userRef('user_id'),
    body: text('body').notNull(),
    ...createdAt,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
    /** Removed by a moderator from a report (also marked deleted); restoring clears both. */
    ...takenDown,
    /** A tip's message: the verified amount, shown highlighted (the tip is in `payments`). */
    tipLamports: bigint('tip_lamports', { mode: 'bigint' }),
    /** The author held the stream's token when they sent it (as last read: a badge, never a wait). */
    holder: boolean('holder').notNull().default(false),
    /** The author may link (the creator, platform staff): only then are its addresses clickable. */
    linksAllowed: boolean('links_allowed').notNull().default(false),
    /** The author moderated the creator's chats when they sent it (a badge, as `holder` is). */
    channelModerator: boolean('channel_moderator').notNull().default(false),
    /** A blocked word held it for a moderator: only they (and its author) see it until it is approved. */
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    index('chat_messages_stream_created_idx').on(t.streamId, t.createdAt),
    index('chat_messages_user_created_idx').on(t.userId, t.createdAt),
    takenDownIndex('chat_messages_taken_down_idx', t.takenDownAt),
  ],
);

/**
 * A user kept out of a creator's chats (every stream of that channel): until a time (a timeout)
 * or for good (`until` null, a ban). Lifting it deletes the row.
 */
export const chatBans = pgTable(
  'chat_bans',
  {
    channelId: profileRef('channel_id'),
    userId: userRef('user_id'),
    until: timestamp('until', { withTimezone: true }),
    byId: text('by_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);

/** What a stream's chat asks of those who write in it, set by its creator. No row: anyone signed in. */
export const chatRules = pgTable('chat_rules', {
  streamId: ownedBy('stream_id', () => livestreams.id).primaryKey(),
  /** Holders only: of this token (a stream given another token is open again), at least this many whole tokens (as typed), and in base units. */
  holdersMint: text('holders_mint'),
  holdersMinimum: text('holders_minimum'),
  holdersMinimumUnits: text('holders_minimum_units'),
  /** Slow mode: one message per chatter every so many seconds. */
  slowSeconds: integer('slow_seconds'),
  /** Followers only: followed the creator for at least so many minutes (0: any follower). */
  followersMinutes: integer('followers_minutes'),
  /** The message pinned above the chat (by the creator or a moderator), until unpinned or deleted. */
  pinnedMessageId: uuid('pinned_message_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Someone a creator appointed to moderate their chats (every stream of that channel): they delete,
 * time out, ban, lift and set modes there, and nowhere else. Removing them deletes the row.
 */
export const channelModerators = pgTable(
  'channel_moderators',
  {
    channelId: profileRef('channel_id'),
    userId: userRef('user_id'),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('channel_moderators_user_idx').on(t.userId)],
);

/**
 * Blocked words: the platform's list (`channel_id` null, one row) and each channel's (one row per
 * creator), with what a match does in that channel's chats: refused, or held for a moderator; and
 * the domains a channel lets everyone link to.
 */
export const chatFilters = pgTable(
  'chat_filters',
  {
    ...uuidPrimaryKey,
    channelId: text('channel_id').references(() => profiles.id, { onDelete: 'cascade' }),
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hold: boolean('hold').notNull().default(false),
    /** Domains whose links anyone's messages may carry in this channel's chats (and its comments). */
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_filters_channel_idx').on(sql`coalesce(${t.channelId}, '')`)],
);
