import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from '../../platform/db/columns.js';
import { profileRef, userRef } from '../../access/schema.js';

export const bountyStatus = pgEnum('bounty_status', ['open', 'claimed', 'paid', 'expired', 'cancelled']);

/** A bounty posted by a user (docs/product.md "Bounty"). Rewards are in lamports (1 SOL = 1e9). */
export const bounties = pgTable(
  'bounties',
  {
    ...uuidPrimaryKey,
    posterId: profileRef('poster_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    rewardLamports: bigint('reward_lamports', { mode: 'bigint' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    status: bountyStatus('status').notNull().default('open'),
    ...createdAt,
    /** The claim the poster approved (the bounty is `claimed` until its reward is paid). */
    approvedClaimId: uuid('approved_claim_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('bounties_status_idx').on(t.status),
    index('bounties_status_deadline_idx').on(t.status, t.deadline),
    index('bounties_poster_idx').on(t.posterId),
  ],
);

export const claimStatus = pgEnum('bounty_claim_status', ['pending', 'approved', 'rejected']);

/** A creator's claim on a bounty: one of their own videos, shorts or streams. */
export const bountyClaims = pgTable(
  'bounty_claims',
  {
    ...uuidPrimaryKey,
    bountyId: uuid('bounty_id')
      .notNull()
      .references(() => bounties.id, { onDelete: 'cascade' }),
    claimantId: userRef('claimant_id'),
    /** `livestream`, `glint_video` or `short_video`. */
    contentType: text('content_type').notNull(),
    contentId: text('content_id').notNull(),
    note: text('note').notNull().default(''),
    status: claimStatus('status').notNull().default('pending'),
    ...createdAt,
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('bounty_claims_one_per_content_idx').on(t.bountyId, t.contentId), index('bounty_claims_claimant_idx').on(t.claimantId)],
);
