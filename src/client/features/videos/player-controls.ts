import type { VideoDetail } from '../../../shared/videos/videos';

export type PlayerAction =
  | { type: 'toggle' }
  | { type: 'seek'; by: number }
  | { type: 'seekTo'; fraction: number }
  | { type: 'mute' }
  | { type: 'fullscreen' }
  | { type: 'speed'; by: 1 | -1 }
  | { type: 'pip' }
  | { type: 'theatre' }
  | { type: 'captions' }
  | { type: 'help' };

/** The playback speeds offered, slowest first. */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The speed one step faster (`by` 1) or slower (-1) than `rate`, within the offered ones. */
export function nextRate(rate: number, by: 1 | -1): number {
  const i = PLAYBACK_RATES.findIndex((r) => r >= rate - 1e-9);
  const at = i < 0 ? PLAYBACK_RATES.length - 1 : i;
  return PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, Math.max(0, at + by))]!;
}

/** "Normal" for 1, else "1.5×". */
export const rateLabel = (rate: number) => (rate === 1 ? 'Normal' : `${rate}×`);

/** The keyboard shortcuts sheet (`?`), in the order people look for them. */
export const PLAYER_SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['Space', 'K'], does: 'Play or pause' },
  { keys: ['J', 'L'], does: 'Back or forward 10 seconds' },
  { keys: ['←', '→'], does: 'Back or forward 5 seconds' },
  { keys: ['0', '…', '9'], does: 'Jump to 0% … 90% of the video' },
  { keys: ['<', '>'], does: 'Slower or faster' },
  { keys: ['M'], does: 'Mute or unmute' },
  { keys: ['F'], does: 'Full screen' },
  { keys: ['T'], does: 'Theatre mode' },
  { keys: ['I'], does: 'Picture in picture' },
  { keys: ['C'], does: 'Captions on or off' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/**
 * The player's keyboard shortcuts, the ones YouTube taught everyone: space or k play and pause,
 * j and l jump 10 s, the arrows 5 s, m mutes, f goes full screen, 0-9 jump to a tenth, < and >
 * change the speed, t is theatre mode, i picture in picture, c captions, ? lists them.
 */
export function playerKeyAction(key: string): PlayerAction | null {
  switch (key) {
    case '<':
      return { type: 'speed', by: -1 };
    case '>':
      return { type: 'speed', by: 1 };
    case 'i':
    case 'I':
      return { type: 'pip' };
    case 't':
    case 'T':
      return { type: 'theatre' };
    case 'c':
    case 'C':
      return { type: 'captions' };
    case '?':
      return { type: 'help' };
    case ' ':
    case 'k':
    case 'K':
      return { type: 'toggle' };
    case 'j':
    case 'J':
      return { type: 'seek', by: -10 };
    case 'l':
    case 'L':
      return { type: 'seek', by: 10 };
    case 'ArrowLeft':
      return { type: 'seek', by: -5 };
    case 'ArrowRight':
      return { type: 'seek', by: 5 };
    case 'm':
    case 'M':
      return { type: 'mute' };
    case 'f':
    case 'F':
      return { type: 'fullscreen' };
    default:
      return /^[0-9]$/.test(key) ? { type: 'seekTo', fraction: Number(key) / 10 } : null;
  }
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week']);

/** Typing in a field: no key there is a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/**
 * Whether a page-wide shortcut should leave this key event alone: while typing, inside a dialog
 * or menu, with a modifier held, or when the focused control has its own use for the key
 * (space presses a focused button; arrows move a focused slider or tab list).
 */
export function shouldIgnoreShortcut(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return true;
  const t = e.target;
  if (isTypingTarget(t)) return true;
  if (!(t instanceof Element)) return false;
  if (t.closest('[role="dialog"], [role="menu"], [role="listbox"], [role="alertdialog"]')) return true;
  if (
    (e.key === ' ' || e.key === 'Enter') &&
    t.closest('button, a[href], summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], input')
  )
    return true;
  if (e.key.startsWith('Arrow') && t.closest('input[type="range"], [role="slider"], [role="tablist"], [role="radiogroup"]')) return true;
  return false;
}

export type Sprite = NonNullable<VideoDetail['sprite']>;

/** Where the preview frame for `seconds` sits in the sprite sheet, in pixels. */
export function spriteTile(sprite: Sprite, seconds: number): { x: number; y: number } {
  const tiles = sprite.columns * sprite.rows;
  const i = Math.min(tiles - 1, Math.max(0, Math.floor(seconds / Math.max(sprite.interval, 0.001))));
  return { x: (i % sprite.columns) * sprite.tileWidth, y: Math.floor(i / sprite.columns) * sprite.tileHeight };
}

/** Where playback should start: the saved position, unless it is at the very end (then from the start). */
export function resumePosition(resumeAt: number | null, durationSeconds: number | null): number | null {
  if (!resumeAt || resumeAt < 3) return null;
  if (durationSeconds && resumeAt > durationSeconds - 5) return null;
  return resumeAt;
}

/** The viewer's captions choice, kept for the next video: a language tag, or 'off'. */
export const CAPTIONS_KEY = 'glint.captions';

/** A language's first part (`pt-BR` → `pt`), to match `pt` captions for a `pt-BR` browser and the other way round. */
const baseOf = (tag: string) => tag.toLowerCase().split('-')[0]!;

/** The track in `wanted`'s language: the same tag first, else the same language in another variant. */
export function trackFor<T extends { language: string }>(tracks: readonly T[], wanted: string): T | undefined {
  return tracks.find((t) => t.language.toLowerCase() === wanted.toLowerCase()) ?? tracks.find((t) => baseOf(t.language) === baseOf(wanted));
}

/**
 * Which captions a video starts with: those the viewer last chose (their language, or off); none
 * when they never chose (captions are off until asked for).
 */
export function initialCaptions<T extends { language: string }>(tracks: readonly T[], stored: string | null): T | undefined {
  if (!stored || stored === 'off') return undefined;
  return trackFor(tracks, stored);
}

/** Captions turned on (the CC button or `c`): the last language chosen, else the browser's first one offered, else the first track. */
export function captionsToTurnOn<T extends { language: string }>(
  tracks: readonly T[],
  stored: string | null,
  browserLanguages: readonly string[],
): T | undefined {
  if (stored && stored !== 'off') {
    const t = trackFor(tracks, stored);
    if (t) return t;
  }
  for (const lang of browserLanguages) {
    const t = trackFor(tracks, lang);
    if (t) return t;
  }
  return tracks[0];
}

/** The CC menu's order: the browser's languages first, then the rest by name. */
export function captionsInMenuOrder<T extends { language: string; label: string }>(tracks: readonly T[], browserLanguages: readonly string[]): T[] {
  const rank = (t: T) => {
    const i = browserLanguages.findIndex((l) => baseOf(l) === baseOf(t.language));
    return i < 0 ? browserLanguages.length : i;
  };
  return [...tracks].sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label));
}
