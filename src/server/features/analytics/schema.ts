import { date, doublePrecision, index, integer, pgTable, primaryKey, real, smallint, text, timestamp, bigint, uuid } from 'drizzle-orm/pg-core';
import { profileRef, userRef } from '../../access/schema.js';
import { ownedBy } from '../../platform/db/columns.js';
import { videos } from '../videos/schema.js';

/**
 * Raw playback reports: where one playback (`playbackId`, drawn by the page) of a video was, and
 * when. Written by the heartbeat route, read only by the roll-up job, kept `RAW_REPORT_DAYS`.
 * The owner's own playbacks are never written.
 */
export const playbackReports = pgTable(
  'analytics_playback_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: the check cost each row as much as the insert itself (the heartbeat's write),
    // and a deleted video's cascade scanned every report. A deleted video's reports are read by
    // nothing (the roll-up joins the videos) and go with the 30-day prune.
    videoId: uuid('video_id').notNull(),
    /** `u:{account}` or a hash of a guest's address and browser, as the view counter keys them. */
    viewerKey: text('viewer_key').notNull(),
    playbackId: text('playback_id').notNull(),
    positionSeconds: real('position_seconds').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_playback_reports_reported_idx').on(t.reportedAt)],
);

/** A video's day: counted views (the public counter's), distinct viewers, watch time. */
export const videoDaily = pgTable(
  'analytics_video_daily',
  {
    videoId: ownedBy('video_id', () => videos.id),
    ownerId: profileRef('owner_id'),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    watchSeconds: doublePrecision('watch_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day] }), index('analytics_video_daily_owner_idx').on(t.ownerId, t.day)],
);

/** A creator's day over all their videos: views, distinct viewers, watch time, follows gained and lost. */
export const creatorDaily = pgTable(
  'analytics_creator_daily',
  {
    ownerId: userRef('owner_id'),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    watchSeconds: doublePrecision('watch_seconds').notNull().default(0),
    followersGained: integer('followers_gained').notNull().default(0),
    followersLost: integer('followers_lost').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] })],
);

/** A creator's counted views of a day by where they came from. */
export const sourceDaily = pgTable(
  'analytics_source_daily',
  {
    ownerId: userRef('owner_id'),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day, t.source] })],
);

/**
 * Audience retention, per video and day: how many viewers played through each hundredth
 * (`point`, 0 to 99) of the video, and (point -1) how many started it.
 */
export const retentionDaily = pgTable(
  'analytics_retention_daily',
  {
    videoId: ownedBy('video_id', () => videos.id),
    day: date('day', { mode: 'string' }).notNull(),
    point: smallint('point').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day, t.point] })],
);

/** Where the roll-up job got to: the days from this moment's (less a margin) are rolled up again. */
export const rollupState = pgTable('analytics_rollup_state', {
  id: smallint('id').primaryKey(),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull(),
});
