import { describe, expect, it } from 'vitest';
import { formatBytes, formatEta, formatSpeed, idle, uploadReducer, type UploadEvent, type UploadState } from './upload-machine';

const run = (events: UploadEvent[], from: UploadState = idle) => events.reduce(uploadReducer, from);
const start: UploadEvent = { type: 'start', title: 'My clip', kind: 'short', fileName: 'clip.mp4', bytesTotal: 10_000_000 };

describe('upload state machine', () => {
  it('goes idle -> uploading -> processing -> ready', () => {
    let s = run([start]);
    expect(s).toMatchObject({ status: 'uploading', videoId: null, bytesSent: 0, speed: null });
    s = run(
      [
        { type: 'draft', videoId: 'v1', resumed: false },
        { type: 'progress', bytesSent: 0, bytesTotal: 10_000_000, at: 0 },
      ],
      s,
    );
    s = run([{ type: 'progress', bytesSent: 2_000_000, bytesTotal: 10_000_000, at: 1000 }], s);
    expect(s).toMatchObject({ status: 'uploading', videoId: 'v1', bytesSent: 2_000_000, speed: 2_000_000, eta: 4 });
    s = run([{ type: 'uploaded' }, { type: 'processing', percent: 41.6 }], s);
    expect(s).toEqual({ status: 'processing', videoId: 'v1', percent: 42, title: 'My clip', kind: 'short', fileName: 'clip.mp4' });
    expect(run([{ type: 'ready' }], s)).toEqual({ status: 'ready', videoId: 'v1', title: 'My clip', kind: 'short', fileName: 'clip.mp4' });
  });

  it('smooths the speed and does not count a resumed offset as speed', () => {
    let s = run([start, { type: 'draft', videoId: 'v1', resumed: true }, { type: 'progress', bytesSent: 6_000_000, bytesTotal: 10_000_000, at: 0 }]);
    expect(s).toMatchObject({ speed: null, eta: null, bytesSent: 6_000_000, resumed: true });
    s = run([{ type: 'progress', bytesSent: 7_000_000, bytesTotal: 10_000_000, at: 1000 }], s);
    expect(s).toMatchObject({ speed: 1_000_000, eta: 3 });
    // Reports closer together than half a second update the bytes, not the speed.
    s = run([{ type: 'progress', bytesSent: 7_500_000, bytesTotal: 10_000_000, at: 1100 }], s);
    expect(s).toMatchObject({ speed: 1_000_000, eta: 2.5 });
    s = run([{ type: 'progress', bytesSent: 9_000_000, bytesTotal: 10_000_000, at: 2000 }], s);
    expect(s.status === 'uploading' && s.speed).toBeCloseTo(0.3 * 2_000_000 + 0.7 * 1_000_000);
  });

  it('cancels only an upload, and ignores what arrives after', () => {
    const uploading = run([start, { type: 'draft', videoId: 'v1', resumed: false }]);
    const cancelled = run([{ type: 'cancel' }], uploading);
    expect(cancelled).toBe(idle);
    expect(run([{ type: 'progress', bytesSent: 5, bytesTotal: 10, at: 1 }, { type: 'uploaded' }, { type: 'failed', reason: 'x' }], cancelled)).toBe(idle);
    const processing = run([{ type: 'uploaded' }], uploading);
    expect(run([{ type: 'cancel' }, { type: 'reset' }, start], processing)).toBe(processing);
  });

  it('fails with the reason and the stage it failed in', () => {
    const s = run([start, { type: 'failed', reason: 'This file is not a video we can play.' }]);
    expect(s).toMatchObject({ status: 'failed', stage: 'upload', videoId: null, reason: 'This file is not a video we can play.' });
    const p = run([start, { type: 'draft', videoId: 'v2', resumed: false }, { type: 'uploaded' }, { type: 'failed', reason: 'Too long' }]);
    expect(p).toMatchObject({ status: 'failed', stage: 'processing', videoId: 'v2' });
    expect(run([{ type: 'reset' }], p)).toBe(idle);
  });

  it('never lets the processing percent go backwards', () => {
    const s = run([
      start,
      { type: 'draft', videoId: 'v', resumed: false },
      { type: 'uploaded' },
      { type: 'processing', percent: 60 },
      { type: 'processing', percent: 30 },
    ]);
    expect(s).toMatchObject({ percent: 60 });
  });
});

describe('upload figures', () => {
  it('formats sizes, speeds and time left', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GB');
    expect(formatSpeed(2.25 * 1024 ** 2)).toBe('2.3 MB/s');
    expect(formatEta(0.2)).toBe('1 s left');
    expect(formatEta(42)).toBe('42 s left');
    expect(formatEta(125)).toBe('3 min left');
    expect(formatEta(3900)).toBe('1 h 5 min left');
  });
});
