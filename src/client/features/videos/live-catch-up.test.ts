import { describe, expect, it } from 'vitest';
import { bufferedAhead, catchUpWindowMs, LIVE_CATCH_UP, liveCatchUp, type AheadSample } from './live-catch-up';

/**
 * What a live player holds ahead over `seconds`, sampled every 250 ms: a segment of `segment`
 * seconds arrives whenever the picture held falls to `lowest`, and playing uses it up.
 */
function sawtooth(lowest: number, segment: number, seconds = 3): AheadSample[] {
  const samples: AheadSample[] = [];
  const step = 0.25;
  for (let t = 0; t <= seconds * 1000; t += step * 1000) {
    const sinceArrival = (t / 1000) % segment;
    samples.push({ at: t, ahead: lowest + segment - step - sinceArrival });
  }
  return samples;
}

describe('keeping a live player at its live edge', () => {
  it('plays at normal speed when it holds only the cushion at its lowest', () => {
    expect(liveCatchUp(sawtooth(LIVE_CATCH_UP.cushion, 0.5), 0.5)).toEqual({ rate: 1, skip: 0 });
    // A player starved by a late segment has nothing to catch up.
    expect(liveCatchUp(sawtooth(0, 0.5), 0.5)).toEqual({ rate: 1, skip: 0 });
  });

  it('plays faster the further behind it is, never over the maximum rate', () => {
    const behind = (extra: number) => liveCatchUp(sawtooth(LIVE_CATCH_UP.cushion + extra, 0.5), 0.5);
    expect(behind(0.1)).toEqual({ rate: 1.05, skip: 0 });
    expect(behind(0.3).rate).toBeCloseTo(1.15);
    expect(behind(0.9)).toEqual({ rate: LIVE_CATCH_UP.maxRate, skip: 0 });
  });

  it('judges by the lowest point between segments, not by a segment just arrived', () => {
    // Right after an arrival the player holds cushion + a whole segment: no reason to hurry.
    const samples = sawtooth(LIVE_CATCH_UP.cushion, 1, 4);
    expect(Math.max(...samples.map((s) => s.ahead))).toBeGreaterThan(1);
    expect(liveCatchUp(samples, 1).rate).toBe(1);
  });

  it('jumps forward when far behind, by the extra only, and keeps the cushion', () => {
    const { rate, skip } = liveCatchUp(sawtooth(LIVE_CATCH_UP.cushion + 1.6, 0.5), 0.5);
    expect(rate).toBe(1);
    expect(skip).toBeCloseTo(1.6);
  });

  it('keeps more in hand after stalls, up to a limit', () => {
    const holding = sawtooth(LIVE_CATCH_UP.cushion + 0.3, 0.5);
    expect(liveCatchUp(holding, 0.5, 0).rate).toBeGreaterThan(1);
    // Three stalls in the last minute: 0.3 s more is the new cushion, nothing to catch up.
    expect(liveCatchUp(holding, 0.5, 3)).toEqual({ rate: 1, skip: 0 });
    const far = sawtooth(LIVE_CATCH_UP.cushion + LIVE_CATCH_UP.maxStallRaise + 0.5, 0.5);
    expect(liveCatchUp(far, 0.5, 50).rate).toBeGreaterThan(1);
  });

  it('waits until it has seen the window of segment arrivals (after starting or a jump)', () => {
    const short = sawtooth(3, 0.5, 1);
    expect(liveCatchUp(short, 0.5)).toEqual({ rate: 1, skip: 0 });
    expect(liveCatchUp([], 0.5)).toEqual({ rate: 1, skip: 0 });
    // Longer segments, a longer window: two arrivals at least.
    expect(catchUpWindowMs(0.5)).toBe(2000);
    expect(catchUpWindowMs(2)).toBe(4500);
    expect(liveCatchUp(sawtooth(3, 2, 3), 2).skip).toBe(0);
    expect(liveCatchUp(sawtooth(3, 2, 5), 2).skip).toBeGreaterThan(0);
  });

  it('reads what is buffered ahead from the range the playhead is in', () => {
    expect(bufferedAhead([[10, 12.5]], 11.75)).toBeCloseTo(0.75);
    // A hole: what lies beyond it is not playable from here.
    expect(
      bufferedAhead(
        [
          [10, 11],
          [11.5, 14],
        ],
        10.5,
      ),
    ).toBeCloseTo(0.5);
    // Just before a range (after a jump), its picture is what plays next.
    expect(bufferedAhead([[10, 11]], 9.95)).toBeCloseTo(1.05);
    expect(bufferedAhead([[10, 11]], 12)).toBe(0);
    expect(bufferedAhead([], 3)).toBe(0);
  });
});
