import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { userRef } from '../../access/schema.js';
import { bounties } from '../bounties/schema.js';

/** What a payment is for: a tip to a creator (a donation), or a bounty's reward to its claimant. */
export const paymentKind = pgEnum('payment_kind', ['tip', 'bounty']);

/**
 * A payment's life: `created` (the intent: who, to which wallet, how much), `pending` (the payer
 * reported a signature, not seen on chain yet), `confirmed` (seen at `confirmed` and it matches),
 * `finalized` (seen at `finalized`: recorded, it counts), `failed` (with the reason).
 */
export const paymentStatus = pgEnum('payment_status', ['created', 'pending', 'confirmed', 'finalized', 'failed']);

/**
 * A SOL transfer between two accounts that Glint verifies on chain before it counts
 * (docs/product.md "Donation", "Bounty"). The memo of the transaction carries the payment's id.
 */
export const payments = pgTable(
  'payments',
  {
    ...uuidPrimaryKey,
    kind: paymentKind('kind').notNull(),
    payerId: userRef('payer_id'),
    payeeId: userRef('payee_id'),
    /** The wallet the payer said they pay from (the transfer's source must be it). */
    payerWallet: text('payer_wallet').notNull(),
    /** The payee's public wallet when the intent was made: the transfer's destination. */
    payeeWallet: text('payee_wallet').notNull(),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    /** The tipper's message (tips only), shown in the live chat and the creator's bell. */
    message: text('message').notNull().default(''),
    /** What was tipped: `livestream`, `glint_video`, `short_video`, or null for a profile. */
    contentType: text('content_type'),
    contentId: text('content_id'),
    bountyId: uuid('bounty_id').references(() => bounties.id, { onDelete: 'cascade' }),
    claimId: uuid('claim_id'),
    status: paymentStatus('status').notNull().default('created'),
    /** The transaction the payer reported; it is theirs only once verified (the partial unique index below). */
    signature: text('signature'),
    failure: text('failure'),
    ...createdAt,
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  },
  (t) => [
    // A signature pays for one thing, once: the transaction it names was seen paying this payment
    // (confirmed or finalized). A signature only reported (pending) or refused (failed) reserves
    // nothing, so reporting someone else's transaction first cannot keep it from its payment.
    uniqueIndex('payments_verified_signature_idx')
      .on(t.signature)
      .where(sql`${t.status} in ('confirmed', 'finalized')`),
    index('payments_signature_idx').on(t.signature),
    // Leaderboards: SOL received and given in a window, finalized payments only.
    index('payments_payee_finalized_idx')
      .on(t.payeeId, t.finalizedAt)
      .where(sql`${t.status} = 'finalized'`),
    index('payments_payer_finalized_idx')
      .on(t.payerId, t.finalizedAt)
      .where(sql`${t.status} = 'finalized'`),
    index('payments_finalized_at_idx')
      .on(t.finalizedAt)
      .where(sql`${t.status} = 'finalized'`),
    index('payments_status_idx').on(t.status, t.submittedAt),
    index('payments_bounty_idx').on(t.bountyId),
  ],
);
