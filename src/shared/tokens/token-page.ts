import { z } from 'zod';
import { StreamCardSchema } from '../live/streams.js';
import { VideoCardSchema } from '../videos/video-card.js';
import { CreatorSchema } from '../profiles/creator.js';

/** Who tipped most on a token's streams, on Glint (finalized tips). */
export const TokenTipperSchema = z.object({
  creator: CreatorSchema,
  /** Exact SOL, as a decimal string. */
  sol: z.string(),
  tips: z.number().int(),
});
export type TokenTipper = z.infer<typeof TokenTipperSchema>;

/** `/token/{mint}`: everything on Glint about one token (`GET /api/tokens/{mint}/content`). */
export const TokenContentSchema = z.object({
  live: z.array(StreamCardSchema),
  upcoming: z.array(StreamCardSchema),
  replays: z.array(StreamCardSchema),
  /** Videos and shorts whose title or description names the token's address. */
  videos: z.array(VideoCardSchema),
  shorts: z.array(VideoCardSchema),
  tippers: z.array(TokenTipperSchema),
});
export type TokenContent = z.infer<typeof TokenContentSchema>;
