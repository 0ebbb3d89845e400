import { z } from 'zod';
import { BountyCardSchema } from './bounty-card.js';
import { CreatorSchema } from '../profiles/creator.js';
import { PaymentSchema, solAmount, TIP_CONTENT_TYPES, WalletAddressSchema } from '../payments/payments.js';
import { CreateVideoSchema } from '../videos/videos.js';
import { DESCRIPTION_MAX } from '../videos/video-rules.js';

// Bounties (docs/product.md "Bounties"): the rules both sides check, written once.

/** The reward a bounty may offer, in SOL. */
export const BOUNTY_MIN_SOL = '0.01';
export const BOUNTY_MAX_SOL = '1000';
/** The deadline: at least an hour ahead (time to make something), at most 90 days. */
export const BOUNTY_MIN_HOURS = 1;
export const BOUNTY_MAX_DAYS = 90;
/** After the deadline, the poster still has this long to approve a claim made in time. */
export const BOUNTY_REVIEW_DAYS = 7;
export const BOUNTY_DESCRIPTION_MIN = 10;
export const CLAIM_NOTE_MAX = 500;
/** Claims one creator may make on one bounty (each with different content). */
export const CLAIMS_PER_CREATOR = 3;
/** Open bounties one poster may have at once. */
export const OPEN_BOUNTIES_PER_POSTER = 20;

export const BOUNTY_STATUSES = ['open', 'claimed', 'paid', 'expired', 'cancelled'] as const;
export type BountyStatus = (typeof BOUNTY_STATUSES)[number];
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** What a claim can submit: one of the claimant's own streams, videos or shorts. */
export const CLAIM_CONTENT_TYPES = TIP_CONTENT_TYPES;
export type ClaimContentType = (typeof CLAIM_CONTENT_TYPES)[number];

const HOUR = 3_600_000;

/** `POST /api/bounties`. */
export const CreateBountySchema = z.object({
  title: CreateVideoSchema.shape.title,
  description: z
    .string()
    .trim()
    .min(BOUNTY_DESCRIPTION_MIN, `Describe what you want made (at least ${BOUNTY_DESCRIPTION_MIN} characters)`)
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  rewardSol: solAmount(BOUNTY_MIN_SOL, BOUNTY_MAX_SOL),
  deadline: z.iso
    .datetime({ offset: true, message: 'Choose a date and time' })
    .refine((v) => Date.parse(v) >= Date.now() + BOUNTY_MIN_HOURS * HOUR - 60_000, `The deadline must be at least ${BOUNTY_MIN_HOURS} hour from now`)
    .refine((v) => Date.parse(v) <= Date.now() + BOUNTY_MAX_DAYS * 24 * HOUR, `The deadline can be at most ${BOUNTY_MAX_DAYS} days from now`),
  category: CreateVideoSchema.shape.category,
});
export type CreateBountyInput = z.input<typeof CreateBountySchema>;

/** `GET /api/bounties`. */
export const BountyListQuerySchema = z.object({
  status: z.enum(BOUNTY_STATUSES).optional(),
  category: z.string().max(64).optional(),
});

/** `POST /api/bounties/:id/claims`: one of your own contents, with a short note for the poster. */
export const CreateClaimSchema = z.object({
  content: z.object({ type: z.enum(CLAIM_CONTENT_TYPES), id: z.guid('Choose one of your videos, shorts or streams') }),
  note: z.string().trim().max(CLAIM_NOTE_MAX, `A note can be at most ${CLAIM_NOTE_MAX} characters`).default(''),
});
export type CreateClaimInput = z.input<typeof CreateClaimSchema>;

/** `POST /api/bounties/:id/payment`: the poster pays the approved claim from this wallet. */
export const PayBountySchema = z.object({ fromWallet: WalletAddressSchema });

/** What a claim points at, as a card shows it. `title` is null once the content is gone. */
export const ClaimContentSchema = z.object({
  type: z.enum(CLAIM_CONTENT_TYPES),
  id: z.string(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type ClaimContent = z.infer<typeof ClaimContentSchema>;

export const BountyClaimSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  note: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  claimant: CreatorSchema,
  /** Whether the claimant has a public wallet the reward can be paid to. */
  claimantHasWallet: z.boolean(),
  content: ClaimContentSchema,
});
export type BountyClaim = z.infer<typeof BountyClaimSchema>;

/** A bounty's page: the card, its claims as this viewer may see them, and the reward's payment. */
export const BountyDetailSchema = BountyCardSchema.extend({
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  approvedClaimId: z.string().nullable(),
  /** Claims accepted now: open and before the deadline. */
  claimsOpen: z.boolean(),
  /** Until when the poster may approve a claim made in time. */
  reviewUntil: z.string(),
  /** Every claim, whoever made it. */
  claimCount: z.number().int(),
  /** The poster sees every claim; anyone else the approved one and their own. */
  claims: z.array(BountyClaimSchema),
  viewer: z.object({ isPoster: z.boolean() }),
  /** The reward's latest payment: the poster sees it in any state, the claimant once finalized. */
  payment: PaymentSchema.nullable(),
});
export type BountyDetail = z.infer<typeof BountyDetailSchema>;

/** A content of yours the claim dialog offers; `claimed` when it already claims this bounty. */
export const ClaimableContentSchema = ClaimContentSchema.extend({ title: z.string(), claimed: z.boolean(), createdAt: z.string() });
export type ClaimableContent = z.infer<typeof ClaimableContentSchema>;

export const BOUNTY_NOT_FOUND = 'This bounty does not exist';
export const CLAIM_NOT_FOUND = 'This claim does not exist';
export const CLAIM_NO_WALLET =
  'Link a Solana wallet before you claim: the reward is paid to your public wallet. Connect Phantom from the wallet button in the top bar (or Settings → Wallet).';
export const CLAIMANT_NO_WALLET = 'This creator has no linked Solana wallet any more, so the reward cannot be paid to them.';
export const CLAIM_OWN_BOUNTY = 'You cannot claim your own bounty.';
export const CLAIMS_CLOSED = 'This bounty no longer takes claims.';
export const CLAIM_DUPLICATE = 'This content already claims this bounty.';
export const CLAIM_NOT_YOURS = 'Claim with one of your own ready videos, shorts or streams.';
export const CLAIMS_TOO_MANY = `You can make at most ${CLAIMS_PER_CREATOR} claims on one bounty.`;
export const BOUNTY_POSTER_ONLY = 'Only the poster of this bounty can do that.';
export const BOUNTY_NOT_OPEN = 'This bounty is no longer open.';
export const BOUNTY_REVIEW_OVER = `The time to approve a claim ended ${BOUNTY_REVIEW_DAYS} days after the deadline.`;
export const BOUNTY_CANNOT_CANCEL = 'A bounty with an approved claim cannot be cancelled; pay the reward instead.';
export const BOUNTY_NOT_CLAIMED = 'Approve a claim before paying the reward.';
export const BOUNTY_ALREADY_PAID = 'This bounty’s reward is already paid.';
export const BOUNTY_PAYMENT_IN_FLIGHT = 'A payment of this reward is already on its way. Wait for it to be finalized or to fail.';
export const BOUNTY_PAYMENT_REPLACED = 'Replaced by a newer payment of this reward.';
export const BOUNTY_TOO_MANY_OPEN = `You can have at most ${OPEN_BOUNTIES_PER_POSTER} open bounties at once.`;

/** The deadline plus the review window: when an unapproved bounty expires at the latest. */
export const reviewEnd = (deadline: Date | string) => new Date(new Date(deadline).getTime() + BOUNTY_REVIEW_DAYS * 24 * HOUR);
