import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { VIDEO_KINDS } from '../../../../shared/videos/video-rules.js';
import { user } from './auth.js';
import { profiles } from './profiles.js';

export const streamStatus = pgEnum('stream_status', ['scheduled', 'live', 'ended']);
export const videoKind = pgEnum('video_kind', VIDEO_KINDS);
/** `held`: processed while its owner was suspended or banned; published when the owner is in good standing again. */
export const videoStatus = pgEnum('video_status', ['uploading', 'processing', 'ready', 'failed', 'removed', 'held']);
export const visibility = pgEnum('visibility', ['public', 'unlisted']);
export const bountyStatus = pgEnum('bounty_status', ['open', 'claimed', 'paid', 'expired', 'cancelled']);

/** A live stream, scheduled, live or ended (docs/product.md "Livestream"). */
export const livestreams = pgTable(
  'livestreams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('livestreams_status_idx').on(t.status),
    index('livestreams_owner_idx').on(t.ownerId),
    index('livestreams_taken_down_idx')
      .on(t.takenDownAt)
      .where(sql`${t.takenDownAt} is not null`),
  ],
);

/**
 * Sockets in a stream's room on one server instance; the stream's viewer count is the sum over
 * instances whose row is fresh (a dead instance stops refreshing and stops counting).
 */
export const streamViewerCounts = pgTable(
  'stream_viewer_counts',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => livestreams.id, { onDelete: 'cascade' }),
    instance: text('instance').notNull(),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.instance] })],
);

/** A creator's stream key for RTMP ingest: only its SHA-256 is kept, the key is shown once. */
export const streamKeys = pgTable('stream_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** "Notify me" on an upcoming stream: the user hears when it goes live, follower or not. */
export const streamReminders = pgTable(
  'stream_reminders',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => livestreams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/** A long video (under the product's section, `/{product}`) or a short (`/shorts`) (docs/product.md "Video"). */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: videoKind('kind').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    durationSeconds: integer('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    thumbnailUrl: text('thumbnail_url'),
    /** Frames picked by processing for the owner to choose a thumbnail from. */
    thumbnailCandidates: text('thumbnail_candidates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Storage key of the HLS master playlist once ready. */
    hlsKey: text('hls_key'),
    /** Storage key of the preview sprite and its tiling. */
    sprite: jsonb('sprite').$type<{ key: string; interval: number; columns: number; rows: number; tileWidth: number; tileHeight: number }>(),
    /** The uploaded original (tus upload id) while it is processed. */
    sourceKey: text('source_key'),
    processingPercent: real('processing_percent').notNull().default(0),
    failureReason: text('failure_reason'),
    /** A clip of a live stream: the stream it was cut from. */
    sourceStreamId: uuid('source_stream_id').references(() => livestreams.id, { onDelete: 'set null' }),
    /**
     * A clip: who pressed Clip. Shown as "Clipped by", nothing more: the clip is the stream
     * creator's (`ownerId`), so only they edit, price, delete, claim bounties with or are tipped for it.
     */
    clippedById: text('clipped_by_id').references(() => profiles.id, { onDelete: 'set null' }),
    status: videoStatus('status').notNull().default('uploading'),
    visibility: visibility('visibility').notNull().default('public'),
    /**
     * Pay-per-view: the price in micro-USDC (1 USDC = 1_000_000), or null when free. A priced
     * video's HLS and preview sprite live under the private `paid/<id>/` prefix (see x402).
     */
    priceMicroUsdc: integer('price_micro_usdc'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Removed by a moderator: hidden everywhere, its media kept so it can be restored. Not the
     * `removed` status, which is the owner's own delete (its media is gone).
     */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_kind_status_idx').on(t.kind, t.status),
    index('videos_owner_idx').on(t.ownerId),
    index('videos_clipped_by_idx')
      .on(t.clippedById, t.createdAt)
      .where(sql`${t.clippedById} is not null`),
    index('videos_taken_down_idx')
      .on(t.takenDownAt)
      .where(sql`${t.takenDownAt} is not null`),
  ],
);

/** A bounty posted by a user (docs/product.md "Bounty"). Rewards are in lamports (1 SOL = 1e9). */
export const bounties = pgTable(
  'bounties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    posterId: text('poster_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    rewardLamports: bigint('reward_lamports', { mode: 'bigint' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    status: bountyStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim the poster approved (the bounty is `claimed` until its reward is paid). */
    approvedClaimId: uuid('approved_claim_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('bounties_status_idx').on(t.status),
    index('bounties_status_deadline_idx').on(t.status, t.deadline),
    index('bounties_poster_idx').on(t.posterId),
  ],
);

export const videoLikes = pgTable(
  'video_likes',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);

export const videoComments = pgTable(
  'video_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Removed by a moderator: hidden, kept, restorable. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
  },
  (t) => [
    index('video_comments_video_idx').on(t.videoId, t.createdAt),
    index('video_comments_taken_down_idx')
      .on(t.takenDownAt)
      .where(sql`${t.takenDownAt} is not null`),
  ],
);

/**
 * One row per viewer per video per window: a view counts once a window, not once a reload. Shares
 * are counted the same way under a `share:` viewer key. View rows are kept with the time they
 * counted for the leaderboards' windows (`VIEW_HISTORY_DAYS`), share rows only while they dedupe.
 */
export const videoViews = pgTable(
  'video_views',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** When it counted. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.viewerKey, t.windowStart] }),
    // Leaderboards: views in a window, credited to the video's owner; and the pruning of old views.
    index('video_views_viewed_at_idx')
      .on(t.viewedAt, t.videoId)
      .where(sql`${t.viewerKey} not like 'share:%'`),
    // The pruning of share rows once their window is over.
    index('video_views_shares_idx')
      .on(t.windowStart)
      .where(sql`${t.viewerKey} like 'share:%'`),
  ],
);

/** Where a signed-in viewer stopped, to resume there. */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);
