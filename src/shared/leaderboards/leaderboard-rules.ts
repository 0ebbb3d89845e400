/**
 * Leaderboard boards, windows and pure rules, shared by the API and the screen (docs/product.md
 * "Leaderboards"). The zod schemas are in ./leaderboards.ts, so the screen can do without them.
 */

/** Top creators by SOL received, top supporters by SOL given, most viewed, most followed. */
export const LEADERBOARD_BOARDS = ['creators', 'supporters', 'viewed', 'followed'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

export const LEADERBOARD_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];

export const DEFAULT_BOARD: LeaderboardBoard = 'creators';
export const DEFAULT_WINDOW: LeaderboardWindow = '7d';

/** How many people a board lists. */
export const LEADERBOARD_SIZE = 50;

const HOUR = 3600_000;
/** The length of each window but all time. */
export const WINDOW_MS: Record<Exclude<LeaderboardWindow, 'all'>, number> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

/**
 * How long counted views are kept with their time: the longest window and the window before it
 * (for the rank change), and a day to spare. Older view rows are pruned.
 */
export const VIEW_HISTORY_DAYS = 61;

/** What a board's value counts. */
export type LeaderboardUnit = 'sol' | 'views' | 'follows';
export const BOARD_UNIT: Record<LeaderboardBoard, LeaderboardUnit> = { creators: 'sol', supporters: 'sol', viewed: 'views', followed: 'follows' };

export interface WindowBounds {
  /** Counted: after `from` (exclusive); null for all time. */
  from: Date | null;
  /** The window of the same length before it, for the rank change; null for all time. */
  previousFrom: Date | null;
}

/** The window ending at `now` and the one of the same length before it. */
export function windowBounds(window: LeaderboardWindow, now: Date): WindowBounds {
  if (window === 'all') return { from: null, previousFrom: null };
  const ms = WINDOW_MS[window];
  return { from: new Date(now.getTime() - ms), previousFrom: new Date(now.getTime() - 2 * ms) };
}

/**
 * A rank change: places moved up since the previous window of the same length (negative: down,
 * 0: the same), 'new' when not ranked then; null where there is no previous window (all time).
 */
export type RankChange = number | 'new' | null;

/** The change as a screen reader says it (the marker shows an arrow and a number). */
export function rankChangeText(change: RankChange): string {
  if (change === null) return '';
  if (change === 'new') return 'New on this board';
  if (change === 0) return 'Same rank as the previous period';
  const n = Math.abs(change);
  return `${change > 0 ? 'Up' : 'Down'} ${n} ${n === 1 ? 'place' : 'places'} from the previous period`;
}
