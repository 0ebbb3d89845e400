import { z } from 'zod';
import { CaptionTrackSchema } from '../videos/captions.js';

// The sharing schemas; rules and texts without zod are in ./sharing-rules.ts.
export * from './sharing-rules.js';

/** `GET /api/oembed`: a Glint address and how big the embed may be. */
export const OEmbedQuerySchema = z.object({
  url: z.string().trim().min(1).max(2048),
  format: z.enum(['json', 'xml']).default('json'),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** The oEmbed 1.0 answer of type `video` (https://oembed.com §2.3.4). */
export const OEmbedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('video'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type OEmbed = z.infer<typeof OEmbedSchema>;

/** What the embed page is given with its HTML: the item as a guest may see it, nothing more. */
export const EmbedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['long', 'short', 'stream']),
  /** `playable`: plays; `paid`: priced (no media address); `scheduled`/`ended`: a stream not live; `unavailable`: none to show. */
  state: z.enum(['playable', 'paid', 'scheduled', 'ended', 'unavailable']),
  title: z.string(),
  /** The page on Glint the embed links to. */
  watchPath: z.string(),
  poster: z.string().nullable(),
  hlsUrl: z.string().nullable(),
  live: z.boolean(),
  durationSeconds: z.number().int().nullable(),
  /** A free video's captions (a replay's too). */
  captions: z.array(CaptionTrackSchema),
  priceUsdc: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  creator: z.object({ username: z.string(), displayName: z.string() }).nullable(),
});
export type EmbedItem = z.infer<typeof EmbedItemSchema>;
