import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counts of the API's rate limits, one row per limit and key (`support:addr:203.0.113.7`,
 * `x402-rpc:user:<id>`) for the current fixed window. Every instance counts here, so a limit holds
 * however many servers share the database; rows whose window is over are swept away.
 */
export const rateLimits = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the window ends: the next request after it starts a new window at 1. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_expires_at_idx').on(t.expiresAt)],
);
