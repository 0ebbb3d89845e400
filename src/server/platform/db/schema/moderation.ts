import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_TARGETS } from '../../../../shared/moderation/moderation.js';
import { user } from './auth.js';

export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportTarget = pgEnum('report_target', REPORT_TARGETS);
export const reportStatus = pgEnum('report_status', ['open', 'actioned', 'dismissed']);
export const sanctionKind = pgEnum('sanction_kind', ['suspension', 'ban']);

/**
 * A user's report of a video or short, a stream, a comment, a live-chat message or a profile
 * (docs/product.md "Reports and moderation"). Open until a moderator decides; every open report of
 * one item is decided together. One open report per reporter and item, held by a unique index.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    targetType: reportTarget('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Whose the item is (the profile's own user for a profile), found by the server when reported. */
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull().default(''),
    status: reportStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The moderator who decided (kept as text: the audit log has the rest, and outlives accounts). */
    resolvedById: text('resolved_by_id'),
    /** What was decided: `remove`, `warn`, `suspend`, `ban` or `dismiss`. */
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('reports_one_open_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    // The reporter's rate limit: their reports of the last hour.
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
  ],
);

/**
 * A suspension (until a time) or a ban (no end) of an account; lifting it deletes the row, and
 * a suspension whose time has passed no longer counts. The history is in the audit log.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: sanctionKind('kind').notNull(),
    /** The end of a suspension; null for a ban. */
    until: timestamp('until', { withTimezone: true }),
    reason: text('reason').notNull().default(''),
    byId: text('by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sanctions_kind_created_idx').on(t.kind, t.createdAt)],
);
