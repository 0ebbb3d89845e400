import { z } from 'zod';
import { BADGES } from './badges.js';
import { CreatorSchema } from '../profiles/creator.js';
import { LINK_MAX_LENGTH, LINKS_MAX } from '../profiles/profiles.js';

export { BADGE_NAME, BADGES, VERIFICATION_TEXT, type Badge } from './badges.js';

export const VERIFICATION_MESSAGE_MAX = 1000;
export const VERIFICATION_REASON_MAX = 500;

export const VERIFICATION_STATUSES = ['pending', 'granted', 'rejected', 'withdrawn', 'revoked'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

const LinkSchema = z
  .url('Links must be full web addresses')
  .max(LINK_MAX_LENGTH, `Links must be at most ${LINK_MAX_LENGTH} characters`)
  .refine((u) => /^https?:\/\//.test(u), 'Links must start with http:// or https://');

/** What a user files from their settings: the badge, links that back it, and a message. */
export const VerificationRequestInputSchema = z.object({
  badge: z.enum(BADGES, 'Choose the blue or the red badge'),
  links: z.array(LinkSchema).max(LINKS_MAX, `At most ${LINKS_MAX} links`).default([]),
  message: z.string().trim().min(1, 'Tell the admins why you should have it').max(VERIFICATION_MESSAGE_MAX, `At most ${VERIFICATION_MESSAGE_MAX} characters`),
});
export type VerificationRequestInput = z.input<typeof VerificationRequestInputSchema>;

/** A request as its author sees it, with the decision and the admin's reason. */
export const VerificationRequestSchema = z.object({
  id: z.string(),
  badge: z.enum(BADGES),
  links: z.array(z.string()),
  message: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  grantedBadge: z.enum(BADGES).nullable(),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VerificationRequest = z.infer<typeof VerificationRequestSchema>;

/** GET /api/verification: your badge now and your latest request (null if you never filed one). */
export const MyVerificationSchema = z.object({
  verificationType: z.enum(['none', 'blue', 'red']),
  request: VerificationRequestSchema.nullable(),
});
export type MyVerification = z.infer<typeof MyVerificationSchema>;

/** A pending request as the admins see it: who asks, and a little about them. */
export const AdminVerificationRequestSchema = VerificationRequestSchema.extend({
  user: CreatorSchema,
  followers: z.number().int(),
  joinedAt: z.string(),
});
export type AdminVerificationRequest = z.infer<typeof AdminVerificationRequestSchema>;

export const VerifiedAccountSchema = CreatorSchema.extend({
  /** When the badge was granted through a request; null for badges given before requests existed. */
  since: z.string().nullable(),
});
export type VerifiedAccount = z.infer<typeof VerifiedAccountSchema>;

export const VerifiedListQuerySchema = z.object({ q: z.string().trim().max(64).default('') });

export const GrantVerificationSchema = z.object({ badge: z.enum(BADGES, 'Choose the blue or the red badge') });

/** A rejection or a revocation: the reason is required, and the requester reads it. */
export const VerificationReasonSchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason: the person reads it').max(VERIFICATION_REASON_MAX, `At most ${VERIFICATION_REASON_MAX} characters`),
});
