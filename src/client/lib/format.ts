import { findCategory } from '../../shared/categories/categories';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234 -> "1.2K". */
export function formatCount(n: number): string {
  return compact.format(n);
}

/** `views` with its noun: "1 view", "1.2K views". */
export function formatViews(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'view' : 'views'}`;
}

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A category slug as the API returns it -> its display name ("meme-coins" -> "Meme Coins"). */
export function categoryName(slugOrName: string): string {
  return findCategory(slugOrName)?.name ?? slugOrName;
}

/** "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU" -> "7xKX…gAsU". */
export function shortAddress(address: string, keep = 4): string {
  return address.length <= keep * 2 + 1 ? address : `${address.slice(0, keep)}…${address.slice(-keep)}`;
}

/** Up to two initials from a display name, for avatars without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * A date format in the reader's locale, made on first use and kept: `toLocaleString` with options
 * builds a new formatter on every call, which a feed of cards paid for dozens of times a render.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (iso) => {
    const date = new Date(iso);
    // A formatter throws on an invalid date, where `toLocaleString` said so.
    if (Number.isNaN(date.getTime())) return 'Invalid Date';
    return (format ??= new Intl.DateTimeFormat(undefined, options)).format(date);
  };
}

/** Full local date and time, for `title` attributes beside relative times. */
export const formatDateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** "Sat, Nov 22, 2:45 AM": when a scheduled stream starts. */
export const formatSchedule = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "March 2026". */
export const formatMonthYear = dateFormat({ month: 'long', year: 'numeric' });

/** A stable small number for a string, so the same creator always gets the same colours. */
export function hashString(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** Gradients for avatars, banners and thumbnails without a picture; picked by `hashString`. */
const GRADIENTS = [
  'from-violet-500 to-cyan-400',
  'from-fuchsia-500 to-violet-600',
  'from-cyan-500 to-blue-600',
  'from-emerald-400 to-cyan-500',
  'from-amber-400 to-pink-500',
  'from-pink-500 to-violet-500',
  'from-indigo-500 to-sky-400',
  'from-teal-400 to-indigo-500',
] as const;

export function gradientFor(seed: string): string {
  return GRADIENTS[hashString(seed) % GRADIENTS.length]!;
}
