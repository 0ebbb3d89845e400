import { z } from 'zod';
import { CreatorSchema } from './creator.js';
import { StreamCardSchema } from '../live/streams.js';
import { VideoCardSchema } from '../videos/video-card.js';
import { BountyCardSchema } from '../bounties/bounty-card.js';
import { DisplayNameSchema } from '../auth/auth.js';

export const PublicProfileSchema = CreatorSchema.extend({
  bio: z.string(),
  links: z.array(z.string()),
  bannerUrl: z.string().nullable(),
  followers: z.number().int(),
  following: z.number().int(),
  followedByMe: z.boolean(),
  publicWalletAddress: z.string().nullable(),
  roles: z.array(z.enum(['admin', 'moderator'])),
  createdAt: z.string(),
  streams: z.array(StreamCardSchema),
  videos: z.array(VideoCardSchema),
  shorts: z.array(VideoCardSchema),
  bounties: z.array(BountyCardSchema),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const BIO_MAX = 500;
export const LINKS_MAX = 5;
export const LINK_MAX_LENGTH = 2000;

/** Profile edits: the account's display-name rule, a bio, and a few web links. */
export const ProfileUpdateSchema = z.object({
  displayName: DisplayNameSchema.optional(),
  bio: z.string().trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`).optional(),
  links: z
    .array(
      z
        .url('Links must be full web addresses')
        .max(LINK_MAX_LENGTH, `Links must be at most ${LINK_MAX_LENGTH} characters`)
        .refine((u) => /^https?:\/\//.test(u), 'Links must start with http:// or https://'),
    )
    .max(LINKS_MAX, `At most ${LINKS_MAX} links`)
    .optional(),
  /** Viewers may clip my live streams (the "Clips" setting, on by default). */
  allowClips: z.boolean().optional(),
});

export const BLOCK_SELF = 'You cannot block yourself.';

/** Someone the viewer blocked, and since when. */
export const BlockedAccountSchema = z.object({ user: CreatorSchema, since: z.string() });
export type BlockedAccount = z.infer<typeof BlockedAccountSchema>;
/** `GET /api/profile/blocked`: the accounts you blocked, newest first. */
export const BlockedAccountsSchema = z.object({ blocked: z.array(BlockedAccountSchema) });
export const BlockStateSchema = z.object({ blocked: z.boolean() });
