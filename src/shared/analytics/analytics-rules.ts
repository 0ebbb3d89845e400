/** Rules of the Creator Studio's analytics both sides use: periods, sources, the playback report's rhythm. */

/** How often a playing video reports its position (and once more on pause, end and leaving). */
export const PLAYBACK_REPORT_SECONDS = 5;
/** Raw playback reports are kept this long; the roll-ups keep the counts. */
export const RAW_REPORT_DAYS = 30;
/** A report credits at most the wall-clock time since the session's last one, plus this slack. */
export const REPORT_SLACK_SECONDS = 2;
/** Points of the retention curve: one per hundredth of the video. */
export const RETENTION_POINTS = 100;

export const ANALYTICS_PERIODS = ['7d', '28d', '90d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: AnalyticsPeriod = '28d';
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '7d': 'Last 7 days', '28d': 'Last 28 days', '90d': 'Last 90 days', all: 'All time' };
/** Days in a period; null for all time. */
export const PERIOD_DAYS: Record<AnalyticsPeriod, number | null> = { '7d': 7, '28d': 28, '90d': 90, all: null };

/** Where a view came from. `other`: anywhere else in Glint (a related video, a bounty, a list). */
export const VIEW_SOURCES = ['home', 'search', 'shorts', 'profile', 'notification', 'external', 'embed', 'other'] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];
export const VIEW_SOURCE_LABELS: Record<ViewSource, string> = {
  home: 'Home',
  search: 'Search',
  shorts: 'Shorts feed',
  profile: 'Profile',
  notification: 'Notification',
  external: 'External link or direct',
  embed: 'Embedded player',
  other: 'Elsewhere in Glint',
};

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a moment, in UTC (the roll-ups' days are UTC days). */
export const dayOf = (at: Date | number): string => new Date(typeof at === 'number' ? at : at.getTime()).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The days a period covers, ending today, and the same number of days before it (null for all
 * time, which starts at `firstDay`).
 */
export function periodRange(
  period: AnalyticsPeriod,
  today: string,
  firstDay: string,
): { from: string; to: string; previous: { from: string; to: string } | null } {
  const days = PERIOD_DAYS[period];
  if (days === null) return { from: firstDay < today ? firstDay : today, to: today, previous: null };
  const from = addDays(today, -(days - 1));
  return { from, to: today, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

/** The change from `previous` to `current` in percent, rounded; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** Rows as CSV (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    // A leading =, +, - or @ would be a formula in a spreadsheet: it is written as text.
    const safe = /^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/**
 * Where a view came from, by the screen the viewer was on before the watch page (null: the watch
 * page was the first one opened, from a link elsewhere or typed in).
 */
export function viewSourceFromPath(previous: string | null, productSlug: string): ViewSource {
  if (previous === null) return 'external';
  const path = previous.replace(/\/+$/, '') || '/';
  const first = path.split('/')[1] ?? '';
  if (['/', '/app', '/trending', '/recent', '/upcoming', '/streams', `/${productSlug}`].includes(path)) return 'home';
  if (first === 'search') return 'search';
  if (first === 'shorts') return 'shorts';
  if (first === 'profile') return 'profile';
  return 'other';
}
