import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { profileRef, profiles, verificationType } from '../../access/schema.js';

/**
 * A request's life: `pending` until an admin decides; then `granted` (the badge is on the
 * profile), `rejected` (with the reason), or `withdrawn` by the requester. A granted request
 * becomes `revoked` when an admin takes the badge back later.
 */
export const verificationRequestStatus = pgEnum('verification_request_status', ['pending', 'granted', 'rejected', 'withdrawn', 'revoked']);

/**
 * A user's application for a verification badge (docs/product.md "Verification"): which badge,
 * links that back it, a message, and the admin's decision. One pending request per user.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    ...uuidPrimaryKey,
    userId: profileRef('user_id'),
    /** What was asked for: blue (identity) or red (earned). */
    badge: verificationType('badge').notNull(),
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    message: text('message').notNull().default(''),
    status: verificationRequestStatus('status').notNull().default('pending'),
    /** What the admin granted (may differ from what was asked for). */
    grantedBadge: verificationType('granted_badge'),
    /** Why it was rejected or revoked, in the admin's words; shown to the requester. */
    reason: text('reason').notNull().default(''),
    /** The admin who decided (or revoked); null once that account is gone. */
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    // One pending request per user, whatever races: the second insert fails.
    uniqueIndex('verification_requests_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('verification_requests_user_idx').on(t.userId, t.createdAt),
    // The admins' queue: pending requests, oldest first.
    index('verification_requests_status_idx').on(t.status, t.createdAt),
    check('verification_requests_badge_check', sql`${t.badge} <> 'none'`),
    check('verification_requests_granted_badge_check', sql`${t.grantedBadge} is null or ${t.grantedBadge} <> 'none'`),
  ],
);
