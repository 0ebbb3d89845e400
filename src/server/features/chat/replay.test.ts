import { describe, expect, it } from 'vitest';
import { momentAt, positionAt, replaySpans } from './replay.js';

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));

describe('chat replay timeline', () => {
  it('finds a moment of one session at its offset from the start', () => {
    const spans = replaySpans([{ startedAt: t(0), endedAt: t(100) }], { startedAt: t(0), endedAt: t(110) });
    expect(positionAt(spans, t(42).getTime())).toBe(42);
    expect(momentAt(spans, 42)).toBe(t(42).getTime());
  });

  it('adds up the sessions before it, and puts a moment between sessions at the join', () => {
    const spans = replaySpans(
      [
        { startedAt: t(0), endedAt: t(60) },
        { startedAt: t(90), endedAt: t(150) },
      ],
      { startedAt: t(0), endedAt: t(160) },
    );
    expect(positionAt(spans, t(30).getTime())).toBe(30);
    expect(positionAt(spans, t(75).getTime())).toBe(60);
    expect(positionAt(spans, t(100).getTime())).toBe(70);
    expect(momentAt(spans, 70)).toBe(t(100).getTime());
    // The join itself is the end of the first session: what was said while away comes after it.
    expect(momentAt(spans, 60)).toBe(t(60).getTime());
  });

  it('ends an open or crashed session with the stream, and a stream without sessions is one span', () => {
    expect(replaySpans([{ startedAt: t(0), endedAt: null }], { startedAt: t(0), endedAt: t(50) })).toEqual([{ start: t(0).getTime(), end: t(50).getTime() }]);
    const spans = replaySpans([], { startedAt: t(10), endedAt: t(70) });
    expect(positionAt(spans, t(40).getTime())).toBe(30);
    expect(positionAt(spans, t(5).getTime())).toBe(0);
  });
});
