import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { user, userRef } from '../../access/schema.js';

/**
 * An account its owner asked to delete (docs/product.md "Your data"): it is erased once
 * `deleteAfter` has passed, unless they sign in before. A sign-in sets `cancelledAt`; the row then
 * only waits for the person to have been told ("Your account deletion was cancelled").
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    deleteAfter: timestamp('delete_after', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('account_deletions_due_idx').on(t.deleteAfter)],
);

export const dataExportStatus = pgEnum('data_export_status', ['preparing', 'ready', 'failed', 'expired']);

/**
 * A download of everything Glint holds about one person, made by a background job. The zip lives
 * under a key the server made (`exports/<id>/…`, never public) until `expiresAt`, then it is deleted.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    ...uuidPrimaryKey,
    userId: userRef('user_id'),
    status: dataExportStatus('status').notNull().default('preparing'),
    /** 0–100 while it is prepared. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    ...createdAt,
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // One export at a time per person: a second request while one is prepared is refused here too.
    uniqueIndex('data_exports_one_preparing_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'preparing'`),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
