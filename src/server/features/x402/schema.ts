import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { user } from '../../access/schema.js';
import { videos } from '../videos/schema.js';

/** `settling` while the facilitator settles it (it holds the buyer's place), `settled` once paid. */
export const purchaseStatus = pgEnum('video_purchase_status', ['settling', 'settled']);

/**
 * A pay-per-view purchase over x402: who paid (the account, or no one for a script without one),
 * from which wallet, to which, how much, and the transaction that settled it. A settled purchase by
 * an account is that account's entitlement to the video.
 */
export const videoPurchases = pgTable(
  'video_purchases',
  {
    ...uuidPrimaryKey,
    /**
     * Null once the video's creator deleted their account: the sale stays in the ledger, anonymous,
     * with its amount (docs/product.md "Your data").
     */
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** The signed-in buyer; null for a buyer without an account (a script paying over HTTP). */
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    payerWallet: text('payer_wallet').notNull(),
    payTo: text('pay_to').notNull(),
    /** The SPL mint paid in (USDC of the cluster) and the CAIP-2 network. */
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    amountMicroUsdc: integer('amount_micro_usdc').notNull(),
    /** SHA-256 of the payment transaction's message: the same payment can be presented once. */
    paymentKey: text('payment_key').notNull(),
    /** The settlement transaction's signature. */
    transaction: text('transaction'),
    status: purchaseStatus('status').notNull().default('settling'),
    ...createdAt,
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('video_purchases_payment_key_idx').on(t.paymentKey),
    uniqueIndex('video_purchases_transaction_idx').on(t.transaction),
    // One purchase per account and video, settling or settled: a second one is refused before any
    // money moves, even when two tabs pay at once.
    uniqueIndex('video_purchases_buyer_video_idx')
      .on(t.buyerId, t.videoId)
      .where(sql`${t.buyerId} is not null`),
    index('video_purchases_video_idx').on(t.videoId, t.status),
  ],
);
