/**
 * Keeping a live player at its live edge. The viewer's delay is what the server's pipeline adds
 * (encode, segment, playlist) plus the picture the player holds ahead of the frame it shows. That
 * hold-back only needs to cover the wait for the next segment: at its lowest, just before a new
 * segment arrives, a small cushion is enough. Anything above that is delay the viewer gains for
 * nothing, and it grows on a busy device with every stall (the player stops, the stream does not).
 * So the player measures how much it holds, at its lowest over the last segments, and plays a
 * little faster while that is above the cushion, or jumps forward when it is far above.
 */

/** Seconds of picture held ahead of the frame shown, measured at `at` (milliseconds). */
export interface AheadSample {
  at: number;
  ahead: number;
}

export interface CatchUpSettings {
  /** Seconds of picture to keep at the lowest point between two segments: what absorbs a late one. */
  cushion: number;
  /** The fastest catch-up rate (browsers keep the pitch); 1.25 is hard to notice. */
  maxRate: number;
  /** Seconds of extra delay above which the player jumps forward rather than playing faster. */
  skipAbove: number;
  /** Seconds added to the cushion for each stall in the last minute (segments came later than it covered), and at most. */
  stallRaise: number;
  maxStallRaise: number;
}

export const LIVE_CATCH_UP: CatchUpSettings = { cushion: 0.3, maxRate: 1.25, skipAbove: 1, stallRaise: 0.1, maxStallRaise: 0.5 };

/** How far back stalls count towards a larger cushion (ms). */
export const STALL_MEMORY_MS = 60_000;

/** What the player should do now: play at `rate`, and first move forward by `skip` seconds (0: stay). */
export interface CatchUp {
  rate: number;
  skip: number;
}

/** The samples that count: long enough to hold two segment arrivals, and never under 2 s. */
export const catchUpWindowMs = (segmentSeconds: number) => Math.max(2, 2 * segmentSeconds + 0.5) * 1000;

/** Seconds buffered ahead of `time`: to the end of the buffered range it is in, 0 when none holds it. */
export function bufferedAhead(ranges: readonly (readonly [number, number])[], time: number): number {
  // A playhead a hair before a range's start (after a seek) plays from it.
  const range = ranges.find(([start, end]) => start - 0.1 <= time && time <= end);
  return range ? Math.max(0, range[1] - time) : 0;
}

/**
 * The decision, from the samples taken while playing (oldest first; the caller drops those older
 * than `catchUpWindowMs` and all of them after a jump) and the player's stalls within the last
 * `STALL_MEMORY_MS`: a device or a network that delivers late keeps more in hand. Nothing is
 * decided before the samples span the window: a player that has just started or jumped has not
 * seen a segment arrive yet.
 */
export function liveCatchUp(samples: readonly AheadSample[], segmentSeconds: number, recentStalls = 0, settings: CatchUpSettings = LIVE_CATCH_UP): CatchUp {
  const steady: CatchUp = { rate: 1, skip: 0 };
  const last = samples.at(-1);
  const first = samples[0];
  if (!first || !last || last.at - first.at < catchUpWindowMs(segmentSeconds) * 0.9) return steady;
  const lowest = Math.min(...samples.map((s) => s.ahead));
  const cushion = settings.cushion + Math.min(settings.maxStallRaise, recentStalls * settings.stallRaise);
  const extra = lowest - cushion;
  if (extra > settings.skipAbove) return { rate: 1, skip: extra };
  if (extra <= 0.05) return steady;
  // Proportional: half a second too late plays at 1.25, a tenth at 1.05; in steps of 0.05.
  const rate = Math.min(settings.maxRate, 1 + Math.round(extra * 10) / 20);
  return { rate, skip: 0 };
}
