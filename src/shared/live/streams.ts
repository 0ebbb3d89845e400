import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { SOLANA_ADDRESS, StreamTokenViewSchema } from '../tokens/tokens.js';

// Rules without zod live in ./stream-rules.ts, so screens that only need them do not load the schema library.
export * from './stream-rules.js';

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
  /** A Pump Stream's token, as the chain names it, with whether the streamer is proven behind it. */
  token: StreamTokenViewSchema.nullable(),
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
/**
 * How a stream did, for its creator (Studio): its viewers and chat minute by minute from the
 * moment it went live to its end (or now), and the tips sent to it while it was on.
 */
export const StreamStatsSchema = z.object({
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** One per minute, oldest first; the last day of a longer stream. */
  minutes: z.array(z.object({ at: z.string(), viewers: z.number().int(), chatMessages: z.number().int() })),
  peakViewers: z.number().int(),
  /** Viewers averaged over its minutes, to one decimal. */
  averageViewers: z.number(),
  chatMessages: z.number().int(),
  tips: z.array(z.object({ at: z.string(), sol: z.string(), from: CreatorSchema.pick({ username: true, displayName: true }).nullable(), message: z.string() })),
  tipsSol: z.string(),
});
export type StreamStats = z.infer<typeof StreamStatsSchema>;

/** The page of a stream that does not exist (or no longer does). */
export const STREAM_NOT_FOUND = 'This stream is not available';

export const StreamListQuerySchema = z.object({
  status: z.enum(['live', 'scheduled', 'ended']).default('live'),
  /** Only streams with a token ("Pump Streams"). */
  pump: z.enum(['true', 'false']).optional(),
  /** Only streams about this token (its mint address). */
  token: z.string().regex(SOLANA_ADDRESS, 'Enter the token’s mint address').optional(),
  category: z.string().max(64).optional(),
});
