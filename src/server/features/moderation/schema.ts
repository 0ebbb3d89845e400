import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { REPORT_REASONS, REPORT_TARGETS } from '../../../shared/moderation/moderation.js';
import { userRef } from '../../access/schema.js';

export const reportReason = pgEnum('report_reason', REPORT_REASONS);

export const reportTarget = pgEnum('report_target', REPORT_TARGETS);

export const reportStatus = pgEnum('report_status', ['open', 'actioned', 'dismissed']);

/**
 * A user's report of a video or short, a stream, a comment, a live-chat message or a profile
 * (docs/product.md "Reports and moderation"). Open until a moderator decides; every open report of
 * one item is decided together. One open report per reporter and item, held by a unique index.
 */
export const reports = pgTable(
  'reports',
  {
    ...uuidPrimaryKey,
    reporterId: userRef('reporter_id'),
    targetType: reportTarget('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Whose the item is (the profile's own user for a profile), found by the server when reported. */
    ownerId: userRef('owner_id'),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull().default(''),
    status: reportStatus('status').notNull().default('open'),
    ...createdAt,
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
