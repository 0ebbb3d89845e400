import { z } from 'zod';
import { StreamCardSchema } from '../live/streams.js';
import { VideoCardSchema } from '../videos/video-card.js';
import { BountyCardSchema } from '../bounties/bounty-card.js';

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

/** `GET /api/following`: what the creators a signed-in viewer follows have now: live, newest videos and shorts. */
export const FollowingFeedSchema = z.object({
  /** How many creators the viewer follows (none: the page says how to start). */
  follows: z.number().int(),
  live: z.array(StreamCardSchema),
  videos: z.array(VideoCardSchema),
  shorts: z.array(VideoCardSchema),
});
export type FollowingFeed = z.infer<typeof FollowingFeedSchema>;
