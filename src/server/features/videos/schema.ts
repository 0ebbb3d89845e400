import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, real, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, listing, ownedBy, takenDown, takenDownIndex, textList, timestamps, uuidPrimaryKey } from '../../platform/db/columns.js';
import { VIDEO_KINDS, VISIBILITIES } from '../../../shared/videos/video-rules.js';
import { profileRef, profiles, userRef } from '../../access/schema.js';
import { livestreams } from '../live/schema.js';

export const videoKind = pgEnum('video_kind', VIDEO_KINDS);

/** `held`: processed while its owner was suspended or banned; published when the owner is in good standing again. */
export const videoStatus = pgEnum('video_status', ['uploading', 'processing', 'ready', 'failed', 'removed', 'held']);

/** docs/product.md "Visibility": `private` is its owner's alone, its playable media in the private area. */
export const visibility = pgEnum('visibility', VISIBILITIES);

/** A long video (under the product's section, `/{product}`) or a short (`/shorts`) (docs/product.md "Video"). */
export const videos = pgTable(
  'videos',
  {
    ...uuidPrimaryKey,
    ownerId: profileRef('owner_id'),
    kind: videoKind('kind').notNull(),
    ...listing,
    durationSeconds: integer('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    thumbnailUrl: text('thumbnail_url'),
    /** Frames picked by processing for the owner to choose a thumbnail from. */
    thumbnailCandidates: textList('thumbnail_candidates'),
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
    ...takenDown,
    ...createdAt,
  },
  (t) => [
    index('videos_kind_status_idx').on(t.kind, t.status),
    index('videos_owner_idx').on(t.ownerId),
    index('videos_clipped_by_idx')
      .on(t.clippedById, t.createdAt)
      .where(sql`${t.clippedById} is not null`),
    takenDownIndex('videos_taken_down_idx', t.takenDownAt),
  ],
);

export const videoLikes = pgTable(
  'video_likes',
  {
    videoId: ownedBy('video_id', () => videos.id),
    userId: userRef('user_id'),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);

export const videoComments = pgTable(
  'video_comments',
  {
    ...uuidPrimaryKey,
    videoId: ownedBy('video_id', () => videos.id),
    userId: userRef('user_id'),
    body: text('body').notNull(),
    ...createdAt,
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Removed by a moderator: hidden, kept, restorable. */
    ...takenDown,
    /** A reply: the comment it answers (always a top-level one: replies are one level deep). */
    parentId: uuid('parent_id').references((): AnyPgColumn => videoComments.id, { onDelete: 'cascade' }),
    /** A top-level comment's replies shown (not removed by a moderator). */
    replies: integer('replies').notNull().default(0),
    /** The video's creator pinned it above the others (one per video) or hearted it. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    heartedAt: timestamp('hearted_at', { withTimezone: true }),
  },
  (t) => [
    index('video_comments_video_idx').on(t.videoId, t.createdAt),
    index('video_comments_parent_idx').on(t.parentId, t.createdAt),
    takenDownIndex('video_comments_taken_down_idx', t.takenDownAt),
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
    videoId: ownedBy('video_id', () => videos.id),
    viewerKey: text('viewer_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** When it counted. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the viewer came from (`VIEW_SOURCES`), when the page said; the studio's sources chart. */
    source: text('source'),
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
/** Someone who paused their watch history: while the row is there, nothing they watch is recorded. */
export const watchHistoryPauses = pgTable('watch_history_pauses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  ...createdAt,
});

/** Where each signed-in viewer stopped in each video (resume), which is also their watch history. */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: userRef('user_id'),
    videoId: ownedBy('video_id', () => videos.id),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index('video_progress_user_updated_idx').on(t.userId, t.updatedAt)],
);

/**
 * A video's captions in one language, as the WebVTT Glint made of the creator's file (SRT or
 * WebVTT, converted and checked on upload). Kept in the database, small text, and served by the
 * video's own route so a priced or private video's captions go only to those who may watch it.
 */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: ownedBy('video_id', () => videos.id),
    /** A BCP 47 language tag (`en`, `pt-BR`), one track per language. */
    language: text('language').notNull(),
    /** What the CC menu calls it ("English", "English (SDH)"). */
    label: text('label').notNull(),
    vtt: text('vtt').notNull(),
    cueCount: integer('cue_count').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] })],
);
