const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Largest unit first; a span is told in the largest unit it reaches. */
const UNITS: readonly [ms: number, name: string][] = [
  [YEAR, 'year'],
  [MONTH, 'month'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
];

function toMs(date: Date | string | number): number {
  return date instanceof Date ? date.getTime() : new Date(date).getTime();
}

/** `ms` (at least a minute) in the largest unit it fully reaches: "5 minutes", "1 day". */
function span(ms: number, round: (n: number) => number): string {
  const [size, name] = UNITS.find(([size]) => ms >= size) ?? [MINUTE, 'minute'];
  const n = Math.max(1, round(ms / size));
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}

/**
 * How long ago `date` was, the way docs/product.md §9 shows times ('x minutes ago'):
 * "just now" under a minute (and for dates in the future, which only clock skew produces),
 * then "1 minute ago", "5 minutes ago", "2 hours ago", "3 days ago", "4 months ago", "1 year ago".
 * Counts are whole units, rounded down.
 */
export function timeAgo(date: Date | string | number, now: Date | number = Date.now()): string {
  const ms = toMs(now) - toMs(date);
  if (!(ms >= MINUTE)) return 'just now';
  return `${span(ms, Math.floor)} ago`;
}

/**
 * How long until `date`, for upcoming streams and deadlines: "in 3 hours", "in 1 minute",
 * "in 2 days". Counts are rounded to the nearest unit ("in 3 hours" at 2 h 50 min).
 * Under a minute it is "in less than a minute"; a date already passed is "now".
 */
export function timeUntil(date: Date | string | number, now: Date | number = Date.now()): string {
  const ms = toMs(date) - toMs(now);
  if (!(ms > 0)) return 'now';
  if (ms < MINUTE) return 'in less than a minute';
  return `in ${span(ms, Math.round)}`;
}
