import { describe, expect, it } from 'vitest';
import { INGEST_CLOSE } from '../../../shared/live/live';
import { broadcastReducer, closeMeaning, formatElapsed, MAX_RECONNECTS, off, pickMime, type BroadcastEvent, type BroadcastState } from './broadcast-machine';

const run = (events: BroadcastEvent[], from: BroadcastState = off) => events.reduce(broadcastReducer, from);

describe('broadcast state machine', () => {
  it('goes off -> requesting -> preview -> connecting -> live -> ended', () => {
    let s = run([{ type: 'request' }, { type: 'granted' }]);
    expect(s).toEqual({ status: 'preview' });
    s = run([{ type: 'start', streamId: 's1' }], s);
    expect(s).toEqual({ status: 'connecting', streamId: 's1', attempt: 0, since: null });
    s = run([{ type: 'live', at: 1000 }], s);
    expect(s).toEqual({ status: 'live', streamId: 's1', since: 1000 });
    expect(run([{ type: 'stop' }], s)).toEqual({ status: 'ended', streamId: 's1', error: null });
  });

  it('keeps the elapsed time over a reconnect and gives up after too many', () => {
    let s = run([{ type: 'request' }, { type: 'granted' }, { type: 'start', streamId: 's1' }, { type: 'live', at: 1000 }]);
    s = run([{ type: 'dropped', retry: true, error: 'lost' }], s);
    expect(s).toEqual({ status: 'connecting', streamId: 's1', attempt: 1, since: 1000 });
    expect(run([{ type: 'live', at: 9000 }], s)).toEqual({ status: 'live', streamId: 's1', since: 1000 });
    for (let i = 1; i < MAX_RECONNECTS; i++) s = run([{ type: 'dropped', retry: true, error: 'lost' }], s);
    expect(s).toMatchObject({ status: 'connecting', attempt: MAX_RECONNECTS });
    expect(run([{ type: 'dropped', retry: true, error: 'lost' }], s)).toEqual({ status: 'ended', streamId: 's1', error: 'lost' });
  });

  it('ends at once on a refusal, and says why when the camera is denied', () => {
    const s = run([{ type: 'request' }, { type: 'granted' }, { type: 'start', streamId: 's1' }]);
    expect(run([{ type: 'dropped', retry: false, error: 'taken over' }], s)).toEqual({ status: 'ended', streamId: 's1', error: 'taken over' });
    expect(run([{ type: 'request' }, { type: 'denied', error: 'no camera' }])).toEqual({ status: 'off', error: 'no camera' });
  });

  it('returns the same state for events that do not fit', () => {
    const preview = run([{ type: 'request' }, { type: 'granted' }]);
    for (const e of [{ type: 'live', at: 1 }, { type: 'stop' }, { type: 'dropped', retry: true, error: 'x' }, { type: 'granted' }] as BroadcastEvent[]) {
      expect(broadcastReducer(preview, e)).toBe(preview);
    }
    const live = run(
      [
        { type: 'start', streamId: 's1' },
        { type: 'live', at: 1 },
      ],
      preview,
    );
    expect(broadcastReducer(live, { type: 'request' })).toBe(live);
    expect(broadcastReducer(live, { type: 'release' })).toBe(live);
    expect(broadcastReducer(off, { type: 'start', streamId: 's2' })).toBe(off);
  });
});

describe('recording format and close codes', () => {
  it('prefers VP8 and Opus, falls back to H.264 or VP9, and matches the audio it has', () => {
    const supports = (list: string[]) => (m: string) => list.includes(m);
    expect(pickMime(supports(['video/webm;codecs=vp8,opus', 'video/webm;codecs=h264,opus']), true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickMime(supports(['video/webm;codecs=h264,opus']), true)).toBe('video/webm;codecs=h264,opus');
    expect(pickMime(supports(['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9']), false)).toBe('video/webm;codecs=vp9');
    expect(pickMime(supports(['video/mp4']), true)).toBeNull();
  });

  it('retries a dropped connection and stops on a refusal', () => {
    expect(closeMeaning(1006, '')).toMatchObject({ retry: true });
    expect(closeMeaning(INGEST_CLOSE.encoderStopped, 'x')).toMatchObject({ retry: true });
    expect(closeMeaning(INGEST_CLOSE.replaced, '')).toMatchObject({ retry: false });
    expect(closeMeaning(INGEST_CLOSE.notFound, '')).toMatchObject({ retry: false });
    expect(closeMeaning(INGEST_CLOSE.tooMuch, 'Too much')).toEqual({ retry: false, error: 'Too much' });
  });

  it('formats the elapsed time', () => {
    expect(formatElapsed(7_400)).toBe('0:07');
    expect(formatElapsed(754_000)).toBe('12:34');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
  });
});
