import { z } from 'zod';
import { CreatorSchema } from '../profiles/creator.js';
import { DEFAULT_BOARD, DEFAULT_WINDOW, LEADERBOARD_BOARDS, LEADERBOARD_WINDOWS } from './leaderboard-rules.js';

export * from './leaderboard-rules.js';

/** `GET /api/leaderboards?board=&window=`; a missing value takes the default, a wrong one is a 400. */
export const LeaderboardQuerySchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS).default(DEFAULT_BOARD),
  window: z.enum(LEADERBOARD_WINDOWS).default(DEFAULT_WINDOW),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** See `RankChange` in ./leaderboard-rules.ts. */
export const RankChangeSchema = z.union([z.number().int(), z.literal('new')]).nullable();

export const LeaderboardEntrySchema = z.object({
  /** 1 for the first; ties are broken by username, so every rank is held by one person. */
  rank: z.number().int().positive(),
  creator: CreatorSchema,
  /** SOL as an exact decimal ("1.5") on the SOL boards, else a whole count ("42"). */
  value: z.string(),
  change: RankChangeSchema,
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardSchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  window: z.enum(LEADERBOARD_WINDOWS),
  /** The window: after `from` (null for all time) up to `to`, when the board was computed. */
  from: z.string().nullable(),
  to: z.string(),
  entries: z.array(LeaderboardEntrySchema),
  /** The signed-in viewer on this board, in the top list or not; rank null with nothing counted yet. Null for guests. */
  me: LeaderboardEntrySchema.extend({ rank: z.number().int().positive().nullable() }).nullable(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
