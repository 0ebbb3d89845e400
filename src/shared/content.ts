import { z } from 'zod';
import { DisplayNameSchema } from './auth.js';
import { VIDEO_KINDS } from './video-rules.js';

/** The creator shown on a card. */
export const CreatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  verificationType: z.enum(['none', 'blue', 'red']),
});
export type Creator = z.infer<typeof CreatorSchema>;

export const StreamCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  status: z.enum(['scheduled', 'live', 'ended']),
  thumbnailUrl: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  viewerCount: z.number().int(),
  peakViewers: z.number().int(),
  token: z.object({ mint: z.string(), symbol: z.string().nullable(), name: z.string().nullable() }).nullable(),
  creator: CreatorSchema,
});
export type StreamCard = z.infer<typeof StreamCardSchema>;

/** A stream's page: its card and what the creator wrote about it. */
export const StreamDetailSchema = StreamCardSchema.extend({
  description: z.string(),
  tags: z.array(z.string()),
  /** The live playlist while the stream is live and media is arriving. */
  hlsUrl: z.string().nullable(),
  /** The replay once the recording is a video. */
  recordingVideoId: z.string().nullable(),
  /** Whether viewers may clip it: its creator's "Clips" setting (the creator always may). */
  clipsAllowed: z.boolean(),
});
export type StreamDetail = z.infer<typeof StreamDetailSchema>;
/** The page of a stream that does not exist (or no longer does). */
export const STREAM_NOT_FOUND = 'This stream is not available';

export const VideoCardSchema = z.object({
  id: z.string(),
  kind: z.enum(VIDEO_KINDS),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  publishedAt: z.string().nullable(),
  /** Pay-per-view price in USDC (a badge on the card), or null when free. */
  priceUsdc: z.string().nullable(),
  creator: CreatorSchema,
});
export type VideoCard = z.infer<typeof VideoCardSchema>;

export const BountyCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Reward in SOL as a decimal string, exact (no float rounding). */
  rewardSol: z.string(),
  deadline: z.string(),
  category: z.string(),
  status: z.enum(['open', 'claimed', 'paid', 'expired', 'cancelled']),
  poster: CreatorSchema,
});
export type BountyCard = z.infer<typeof BountyCardSchema>;

/** `?category=` as the API takes it: a category slug or name. */
export const CategoryQuerySchema = z.object({
  category: z.string().max(64).optional(),
});

export const HomeFeedSchema = z.object({
  /** The slug of the category the feed is filtered by, or null for everything. */
  category: z.string().nullable(),
  live: z.array(StreamCardSchema),
  upcoming: z.array(StreamCardSchema),
  recent: z.array(StreamCardSchema),
  videos: z.array(VideoCardSchema),
  shorts: z.array(VideoCardSchema),
  bounties: z.array(BountyCardSchema),
  /** Newest videos and live streams of creators the viewer follows (signed-in viewers). */
  following: z.array(VideoCardSchema),
});
export type HomeFeed = z.infer<typeof HomeFeedSchema>;

export const StreamListQuerySchema = z.object({
  status: z.enum(['live', 'scheduled', 'ended']).default('live'),
  /** Only streams with a token ("Pump Streams"). */
  pump: z.enum(['true', 'false']).optional(),
  category: z.string().max(64).optional(),
});

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

export const SearchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
});

export const SearchResultsSchema = z.object({
  q: z.string(),
  users: z.array(CreatorSchema),
  streams: z.array(StreamCardSchema),
  videos: z.array(VideoCardSchema),
  shorts: z.array(VideoCardSchema),
  bounties: z.array(BountyCardSchema),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

const LAMPORTS_PER_SOL = 1_000_000_000n;

/** 1_500_000_000n -> "1.5"; exact, trailing zeros trimmed. */
export function lamportsToSol(lamports: bigint): string {
  const negative = lamports < 0n;
  const abs = negative ? -lamports : lamports;
  const whole = abs / LAMPORTS_PER_SOL;
  const frac = (abs % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** "1.5" -> 1_500_000_000n; throws on more than 9 decimals or a malformed number. */
export function solToLamports(sol: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,9}))?$/.exec(sol.trim());
  if (!m) throw new Error(`Not a SOL amount: ${sol}`);
  return BigInt(m[1]!) * LAMPORTS_PER_SOL + BigInt((m[2] ?? '').padEnd(9, '0'));
}

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
