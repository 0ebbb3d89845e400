import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

export const streamStatus = pgEnum('stream_status', ['scheduled', 'live', 'ended']);
export const videoKind = pgEnum('video_kind', ['long', 'short']);
export const videoStatus = pgEnum('video_status', ['uploading', 'processing', 'ready', 'failed', 'removed']);
export const visibility = pgEnum('visibility', ['public', 'unlisted']);
export const bountyStatus = pgEnum('bounty_status', ['open', 'claimed', 'paid', 'expired', 'cancelled']);

/** A live stream, scheduled, live or ended (PRODUCT.md "Livestream"). */
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
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('livestreams_status_idx').on(t.status), index('livestreams_owner_idx').on(t.ownerId)],
);

/** A long video (`/glint`) or a short (`/shorts`) (PRODUCT.md "Video"). */
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
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    durationSeconds: integer('duration_seconds'),
    thumbnailUrl: text('thumbnail_url'),
    status: videoStatus('status').notNull().default('uploading'),
    visibility: visibility('visibility').notNull().default('public'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('videos_kind_status_idx').on(t.kind, t.status), index('videos_owner_idx').on(t.ownerId)],
);

/** A bounty posted by a user (PRODUCT.md "Bounty"). Rewards are in lamports (1 SOL = 1e9). */
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
  },
  (t) => [index('bounties_status_idx').on(t.status)],
);
