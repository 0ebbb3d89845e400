import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { StreamCardSchema } from '../live/streams.js';
import { VideoCardSchema } from '../videos/video-card.js';
import { BountyCardSchema } from '../bounties/bounty-card.js';

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
