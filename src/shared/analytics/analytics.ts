import { z } from 'zod';
import { ANALYTICS_PERIODS, DEFAULT_PERIOD, VIEW_SOURCES } from './analytics-rules.js';

export * from './analytics-rules.js';

/**
 * `POST /api/analytics/playback`: where a playback is, reported every few seconds while it plays,
 * on pause and end, and with sendBeacon when the page goes. `playbackId` names one playback of one
 * page (drawn by the browser); the server knows who is watching.
 */
export const PlaybackReportSchema = z.object({
  videoId: z.uuid(),
  playbackId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  positionSeconds: z.number().min(0).max(100_000),
});
export type PlaybackReport = z.infer<typeof PlaybackReportSchema>;

export const ViewSourceSchema = z.enum(VIEW_SOURCES);

/** `POST /api/videos/{id}/view`'s body: where the viewer came from, when the page knows. */
export const ViewBodySchema = z.object({ source: ViewSourceSchema.optional() }).default({});

export const AnalyticsQuerySchema = z.object({ period: z.enum(ANALYTICS_PERIODS).default(DEFAULT_PERIOD) });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** One day of a creator's channel. Amounts are exact decimals as strings (SOL, USDC). */
export const AnalyticsDaySchema = z.object({
  day: z.string(),
  views: z.number().int(),
  viewers: z.number().int(),
  watchSeconds: z.number(),
  followersGained: z.number().int(),
  followersLost: z.number().int(),
  tipsSol: z.string(),
  bountySol: z.string(),
  salesUsdc: z.string(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const AnalyticsTotalsSchema = z.object({
  views: z.number().int(),
  watchSeconds: z.number(),
  /** Watch time over views, in seconds (0 without views). */
  averageViewSeconds: z.number(),
  followersGained: z.number().int(),
  followersLost: z.number().int(),
  tipsSol: z.string(),
  bountySol: z.string(),
  salesUsdc: z.string(),
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;

export const TopContentSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  kind: z.enum(['long', 'short']),
  views: z.number().int(),
  watchSeconds: z.number(),
  /** The count the video's public page shows (all time). */
  publicViews: z.number().int(),
});
export type TopContent = z.infer<typeof TopContentSchema>;

export const EarningSchema = z.object({
  day: z.string(),
  kind: z.enum(['tip', 'bounty', 'sale']),
  /** What it was for: a video, a short, a stream, the profile, a bounty. */
  itemType: z.string(),
  itemId: z.string().nullable(),
  itemTitle: z.string(),
  amount: z.string(),
  currency: z.enum(['SOL', 'USDC']),
});
export type Earning = z.infer<typeof EarningSchema>;

export const AnalyticsOverviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  from: z.string(),
  to: z.string(),
  days: z.array(AnalyticsDaySchema),
  totals: AnalyticsTotalsSchema,
  /** The same number of days just before; null for all time. */
  previous: z.object({ from: z.string(), to: z.string(), totals: AnalyticsTotalsSchema }).nullable(),
  sources: z.array(z.object({ source: ViewSourceSchema, views: z.number().int() })),
  top: z.array(TopContentSchema),
  /** Every tip, bounty reward and sale of the period, by day and item. */
  earnings: z.array(EarningSchema),
  /** When the roll-up last ran: reports after it are not counted yet. */
  rolledUpAt: z.string().nullable(),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const RetentionSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  durationSeconds: z.number().nullable(),
  /** Viewers who started it in the period (each counted once a day). */
  viewers: z.number().int(),
  /** The share (0 to 1) still watching at each hundredth of the video. */
  points: z.array(z.object({ percent: z.number().int(), share: z.number() })),
});
export type Retention = z.infer<typeof RetentionSchema>;
