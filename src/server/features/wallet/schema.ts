import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { userRef } from '../../access/schema.js';

/** A Solana wallet linked to an account (docs/product.md §3 profile_wallets). One account per wallet. */
export const profileWallets = pgTable(
  'profile_wallets',
  {
    userId: userRef('user_id'),
    walletAddress: text('wallet_address').notNull(),
    ...createdAt,
  },
  (t) => [uniqueIndex('profile_wallets_address_idx').on(t.walletAddress), index('profile_wallets_user_idx').on(t.userId)],
);

/** Message uuids already accepted, kept until the message would be stale anyway: no replays. */
export const walletNonces = pgTable('wallet_nonces', {
  uuid: text('uuid').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
