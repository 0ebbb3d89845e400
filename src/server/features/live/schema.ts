import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, listing, ownedBy, takenDown, takenDownIndex, uuidPrimaryKey } from '../../platform/db/columns.js';
import { profileRef, profiles, userRef } from '../../access/schema.js';

export const streamStatus = pgEnum('stream_status', ['scheduled', 'live', 'ended']);

/** A live stream, scheduled, live or ended (docs/product.md "Livestream"). */
export const livestreams = pgTable(
  'livestreams',
  {
    ...uuidPrimaryKey,
    ownerId: profileRef('owner_id'),
    ...listing,
    thumbnailUrl: text('thumbnail_url'),
    status: streamStatus('status').notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    viewerCount: integer('viewer_count').notNull().default(0),
    peakViewers: integer('peak_viewers').notNull().default(0),
    tokenMint: text('token_mint'),
    tokenSymbol: text('token_symbol'),
    tokenName: text('token_name'),
    recordingVideoId: uuid('recording_video_id'),
    /** Incremented on every publish: each ingest session writes its own media and timers check it. */
    liveSession: integer('live_session').notNull().default(0),
    /** Media is arriving right now (between a publish and its end). */
    publishing: boolean('publishing').notNull().default(false),
    /** Where the current live playlist is served (`/live/<id>/<session>/index.m3u8`), on the ingesting instance. */
    hlsPath: text('hls_path'),
    /** Which server ingests the current session: its segments (for clips) and recording are on its disk. */
    ingestInstance: text('ingest_instance'),
    /** Removed by a moderator (docs/product.md "Reports and moderation"): hidden, kept, restorable. */
    ...takenDown,
    ...createdAt,
  },
  (t) => [
    index('livestreams_status_idx').on(t.status),
    index('livestreams_owner_idx').on(t.ownerId),
    takenDownIndex('livestreams_taken_down_idx', t.takenDownAt),
  ],
);

/**
 * Each ingest session of a stream (a publisher connected until it left): the recording joins them
 * in order, so a moment of the stream is found in its replay by adding up the sessions before it.
 */
export const streamSessions = pgTable(
  'stream_sessions',
  {
    streamId: ownedBy('stream_id', () => livestreams.id),
    session: integer('session').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while it goes on (or when the instance died: the stream's end stands for it). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.session] })],
);

/**
 * Sockets in a stream's room on one server instance; the stream's viewer count is the sum over
 * instances whose row is fresh (a dead instance stops refreshing and stops counting).
 */
export const streamViewerCounts = pgTable(
  'stream_viewer_counts',
  {
    streamId: ownedBy('stream_id', () => livestreams.id),
    instance: text('instance').notNull(),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.instance] })],
);

/**
 * A live stream's viewers minute by minute, for its creator's chart: the most counted in each
 * minute in which the count was taken (a minute without a row kept the count before it).
 */
export const streamViewerSamples = pgTable(
  'stream_viewer_samples',
  {
    streamId: ownedBy('stream_id', () => livestreams.id),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.minute] })],
);

/** A creator's stream key for RTMP ingest: only its SHA-256 is kept, the key is shown once. */
export const streamKeys = pgTable('stream_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  ...createdAt,
});

/** "Notify me" on an upcoming stream: the user hears when it goes live, follower or not. */
export const streamReminders = pgTable(
  'stream_reminders',
  {
    streamId: ownedBy('stream_id', () => livestreams.id),
    userId: userRef('user_id'),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);
