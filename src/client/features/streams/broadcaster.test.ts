import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INGEST_CLOSE } from '../../../shared/live/live';
import { Broadcaster } from './broadcaster';

// The broadcaster against stand-ins for the browser: media tracks, MediaRecorder and WebSocket.
class FakeTrack {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
  addEventListener() {}
}
class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks = () => this.tracks;
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
}
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  bufferedAmount = 0;
  sent: unknown[] = [];
  closed: { code: number; reason: string } | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: URL) {
    FakeSocket.all.push(this);
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close(code: number, reason: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  /** The server side. */
  open() {
    this.readyState = 1;
  }
  say(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}
class FakeRecorder {
  static all: FakeRecorder[] = [];
  static isTypeSupported = (m: string) => m === 'video/webm;codecs=vp8,opus';
  state = 'inactive';
  ondataavailable: ((ev: { data: { size: number } }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  timeslice = 0;
  constructor(
    readonly stream: FakeStream,
    readonly options: { mimeType: string },
  ) {
    FakeRecorder.all.push(this);
  }
  start(timeslice: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: { size: 10 } });
    this.onstop?.();
  }
}

let tracks: FakeTrack[];
const listeners = new Map<string, unknown>();

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  FakeRecorder.all = [];
  tracks = [new FakeTrack('video'), new FakeTrack('audio')];
  listeners.clear();
  vi.stubGlobal('window', {
    location: new URL('https://glint.example/submit?mode=live'),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    addEventListener: (name: string, fn: unknown) => listeners.set(name, fn),
    removeEventListener: (name: string) => listeners.delete(name),
  });
  vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => new FakeStream(tracks) } });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function livePreview() {
  const b = new Broadcaster();
  await b.preview({ source: 'camera', cameraId: '', micId: '' });
  expect(b.getState()).toEqual({ status: 'preview' });
  return b;
}

describe('the browser broadcaster', () => {
  it('records only once the server is ready, sends each slice, and goes live when told', async () => {
    const b = await livePreview();
    b.start('s1');
    const socket = FakeSocket.all[0]!;
    expect(socket.url.toString()).toBe('wss://glint.example/api/live/ingest?streamId=s1&mime=video%2Fwebm%3Bcodecs%3Dvp8%2Copus');
    expect(listeners.has('beforeunload')).toBe(true);
    socket.open();
    expect(FakeRecorder.all).toHaveLength(0);
    socket.say({ type: 'ready', session: 1 });
    const recorder = FakeRecorder.all[0]!;
    expect(recorder).toMatchObject({ state: 'recording', timeslice: 250, options: { mimeType: 'video/webm;codecs=vp8,opus' } });
    recorder.ondataavailable!({ data: { size: 100 } });
    expect(socket.sent).toHaveLength(1);
    socket.say({ type: 'live' });
    expect(b.getState()).toMatchObject({ status: 'live', streamId: 's1' });
  });

  it('mutes by disabling the microphone track, and the stream goes on', async () => {
    const b = await livePreview();
    b.setMicMuted(true);
    b.setCameraOff(true);
    expect(tracks.map((t) => t.enabled)).toEqual([false, false]);
    b.setMicMuted(false);
    expect(tracks[1]!.enabled).toBe(true);
  });

  it('reconnects with a fresh recorder after a dropped connection, keeping the elapsed time', async () => {
    const b = await livePreview();
    b.start('s1');
    const first = FakeSocket.all[0]!;
    first.open();
    first.say({ type: 'ready', session: 1 });
    first.say({ type: 'live' });
    const since = (b.getState() as { since: number }).since;
    first.drop(1006);
    expect(FakeRecorder.all[0]!.state).toBe('inactive');
    expect(b.getState()).toEqual({ status: 'connecting', streamId: 's1', attempt: 1, since });
    await vi.advanceTimersByTimeAsync(1000);
    const second = FakeSocket.all[1]!;
    second.open();
    second.say({ type: 'ready', session: 2 });
    expect(FakeRecorder.all).toHaveLength(2);
    second.say({ type: 'live' });
    expect(b.getState()).toEqual({ status: 'live', streamId: 's1', since });
  });

  it('stops for good when another connection takes over, and releases the camera', async () => {
    const b = await livePreview();
    b.start('s1');
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(INGEST_CLOSE.replaced, 'Another connection took over this stream');
    expect(b.getState()).toEqual({ status: 'ended', streamId: 's1', error: 'Another tab or OBS took over this stream.' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(tracks.every((t) => t.stopped)).toBe(true);
    expect(listeners.has('beforeunload')).toBe(false);
  });

  it('Stop sends the last slice, then closes the socket and releases the camera', async () => {
    const b = await livePreview();
    b.start('s1');
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.say({ type: 'ready', session: 1 });
    b.stop();
    expect(socket.sent).toHaveLength(1);
    expect(socket.closed).toEqual({ code: 1000, reason: 'Stopped' });
    expect(b.getState()).toEqual({ status: 'ended', streamId: 's1', error: null });
    expect(tracks.every((t) => t.stopped)).toBe(true);
  });

  it('says why when the camera is denied', async () => {
    vi.stubGlobal('navigator', {
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
    });
    const b = new Broadcaster();
    await b.preview({ source: 'camera', cameraId: '', micId: '' });
    expect(b.getState()).toMatchObject({ status: 'off', error: expect.stringContaining('denied') });
  });
});
