import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { VIDEO_KINDS } from './video-rules.js';

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
