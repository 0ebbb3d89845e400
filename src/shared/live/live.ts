import { z } from 'zod';
import { CreateVideoSchema, DESCRIPTION_MAX, TagsField } from '../videos/videos.js';
import { SOLANA_ADDRESS } from '../tokens/token-rules.js';

/** How far ahead a stream may be scheduled. */
export const SCHEDULE_MAX_DAYS = 90;

/**
 * A Pump Stream's token: its mint address. Its name and symbol are read from the chain; a symbol
 * or name sent along (older clients typed them) is accepted and ignored.
 */
export const StreamTokenSchema = z.object({
  mint: z.string().trim().regex(SOLANA_ADDRESS, 'Enter the token’s mint address'),
  symbol: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
});

/** When a stream starts: in the future (a minute's slack for the clock), at most 90 days ahead. */
const ScheduledAtField = z.iso
  .datetime({ offset: true, message: 'Choose a date and time' })
  .refine((v) => Date.parse(v) > Date.now() - 60_000, 'Choose a time in the future')
  .refine((v) => Date.parse(v) < Date.now() + SCHEDULE_MAX_DAYS * 86_400_000, `Schedule at most ${SCHEDULE_MAX_DAYS} days ahead`);

/** `POST /api/streams`: a stream to go live with now, or scheduled (then it is Upcoming). */
export const CreateStreamSchema = z.object({
  title: CreateVideoSchema.shape.title,
  description: CreateVideoSchema.shape.description,
  category: CreateVideoSchema.shape.category,
  tags: CreateVideoSchema.shape.tags,
  scheduledAt: ScheduledAtField.nullable().default(null),
  /** Set for a Pump Stream. */
  token: StreamTokenSchema.nullable().default(null),
});
export type CreateStreamInput = z.input<typeof CreateStreamSchema>;

/**
 * `PATCH /api/streams/{id}`: the creator changes what the stream says about itself, any of it,
 * with the create form's rules and messages. `token: null` makes it an ordinary stream again.
 */
export const UpdateStreamSchema = z.object({
  title: CreateVideoSchema.shape.title.optional(),
  description: z.string().trim().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`).optional(),
  category: CreateVideoSchema.shape.category.optional(),
  tags: TagsField.optional(),
  token: StreamTokenSchema.nullable().optional(),
});
export type UpdateStreamInput = z.input<typeof UpdateStreamSchema>;

/** `POST /api/streams/{id}/reschedule`: a new start for an upcoming stream, checked as at creation. */
export const RescheduleStreamSchema = z.object({ scheduledAt: ScheduledAtField });
export type RescheduleStreamInput = z.input<typeof RescheduleStreamSchema>;

export const STREAM_NOT_UPCOMING = 'Only an upcoming stream can be rescheduled or cancelled';
export const STREAM_NOT_LIVE = 'This stream is not live';
export const STREAM_END_FIRST = 'End the stream before deleting it';
/** Why a publisher was cut off when its creator ended the stream from its page. */
export const STREAM_ENDED_BY_CREATOR = 'You ended this stream';

/** What OBS needs: the server address and, right after it is made, the key (shown once). */
export const StreamKeyInfoSchema = z.object({
  server: z.string(),
  hasKey: z.boolean(),
  /** Only in the answer that created it. */
  key: z.string().nullable(),
});
export type StreamKeyInfo = z.infer<typeof StreamKeyInfoSchema>;

export const STREAM_KEY_PREFIX = 'live_';

/** "Notify me" on an upcoming stream: whether the signed-in user will hear when it goes live. */
export const StreamReminderSchema = z.object({ reminded: z.boolean() });
export type StreamReminder = z.infer<typeof StreamReminderSchema>;
export const REMINDER_NOT_UPCOMING = 'This stream is not upcoming any more';
export const REMINDER_OWN_STREAM = 'You go live on this stream yourself';

/**
 * A clip: the last 15 to 60 seconds of a live stream, made by a viewer or its creator into a short.
 * The short is the stream creator's; the viewer who made it is credited ("Clipped by").
 */
export const CLIP_MIN_SECONDS = 15;
export const CLIP_MAX_SECONDS = 60;
export const CLIP_LENGTHS = [15, 30, 60] as const;
export const CLIPS_PER_WINDOW = 5;
export const CLIP_WINDOW_MINUTES = 10;
export const CreateClipSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(CLIP_MIN_SECONDS, `A clip is at least ${CLIP_MIN_SECONDS} seconds`)
    .max(CLIP_MAX_SECONDS, `A clip is at most ${CLIP_MAX_SECONDS} seconds`),
  title: CreateVideoSchema.shape.title,
});
export type CreateClipInput = z.output<typeof CreateClipSchema>;
export const ClipCreatedSchema = z.object({ videoId: z.string() });
export const CLIP_NOT_LIVE = 'Clips can be made while the stream is live';
export const CLIP_TOO_MANY = `You can make ${CLIPS_PER_WINDOW} clips every ${CLIP_WINDOW_MINUTES} minutes. Try again in a few minutes.`;
export const CLIPS_OFF = 'The creator has turned off clips for their streams';
export const CLIP_GONE = 'The last seconds of the stream were not available any more. Try a new clip.';
/** The description a clip's short gets. */
export const CLIP_FROM = (streamTitle: string) => `Clipped from the live stream “${streamTitle}”`;

/**
 * Going live from the browser: MediaRecorder's WebM over a WebSocket at `/api/live/ingest`. The
 * formats a browser may send, best first; the server takes no other.
 */
export const BROWSER_INGEST_MIMES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=h264,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8',
  'video/webm;codecs=h264',
  'video/webm;codecs=vp9',
  'video/webm',
] as const;
export type BrowserIngestMime = (typeof BROWSER_INGEST_MIMES)[number];

export const BrowserIngestQuerySchema = z.object({
  streamId: z.guid(),
  mime: z.enum(BROWSER_INGEST_MIMES),
});
export type BrowserIngestQuery = z.infer<typeof BrowserIngestQuerySchema>;

/** The largest binary message the ingest socket takes (a MediaRecorder slice is far smaller). */
export const INGEST_MAX_MESSAGE_BYTES = 1024 * 1024;
/** What a browser records at: 2.5 Mbps of video, 128 kbps of audio. */
export const BROWSER_VIDEO_BITS_PER_SECOND = 2_500_000;
export const BROWSER_AUDIO_BITS_PER_SECOND = 128_000;

/** Messages the ingest socket sends: send media from now on, and the stream can be watched. */
export type IngestStatusMessage = { type: 'ready'; session: number } | { type: 'live' };

/**
 * Close codes of the ingest socket. The browser retries after `encoderStopped`, `stalled` and a
 * dropped connection; the others need the creator (sign in, another stream, a better connection).
 */
export const INGEST_CLOSE = {
  /** Stop streaming, as asked. */
  done: 1000,
  signedOut: 4401,
  unverified: 4403,
  /** No such stream of yours, or it has ended. */
  notFound: 4404,
  /** No media for too long, or the server could not keep up. */
  stalled: 4408,
  /** Another connection (a second tab, OBS) took over this stream. */
  replaced: 4409,
  /** More data than a live stream needs. */
  tooMuch: 4413,
  notWebm: 4415,
  /** Too many streams or attempts at once. */
  tooMany: 4429,
  /** The account is suspended or banned, or a moderator removed the stream (the reason says which). */
  restricted: 4423,
  encoderStopped: 4500,
} as const;
