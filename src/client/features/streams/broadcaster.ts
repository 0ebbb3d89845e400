import {
  BROWSER_AUDIO_BITS_PER_SECOND,
  BROWSER_VIDEO_BITS_PER_SECOND,
  INGEST_CLOSE,
  type BrowserIngestMime,
  type IngestStatusMessage,
} from '../../../shared/live/live';
import { broadcastReducer, closeMeaning, isStreaming, off, pickMime, type BroadcastEvent, type BroadcastState } from './broadcast-machine';
import { socketUrl } from '../../lib/native/api-origin';
import { sessionToken, socketProtocols } from '../../lib/native/session-token';

export type BroadcastSource = 'camera' | 'screen';

export interface MediaChoice {
  source: BroadcastSource;
  /** A camera's `deviceId`, or empty for the default. */
  cameraId: string;
  /** A microphone's `deviceId`, empty for the default, or `none` for no microphone. */
  micId: string;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  mics: MediaDeviceInfo[];
}

/** MediaRecorder hands over a slice this often: small enough for low latency, big enough to be cheap. */
const TIMESLICE_MS = 250;
/** Data the browser may hold unsent before the connection counts as too slow (about 10 s of video). */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 3000, 4000];
export const NO_MIC = 'none';

/** Why the browser could not stream, if it cannot. */
export function unsupportedReason(): string | null {
  if (typeof window === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    return 'This browser cannot use a camera here. Open Glint over https in a recent Chrome, Edge, Firefox or Safari, or stream from OBS.';
  }
  if (
    typeof MediaRecorder === 'undefined' ||
    (!pickMime((m) => MediaRecorder.isTypeSupported(m), true) && !pickMime((m) => MediaRecorder.isTypeSupported(m), false))
  ) {
    return 'This browser cannot record a live stream (no WebM MediaRecorder). Use a recent Chrome, Edge or Firefox, or stream from OBS.';
  }
  return null;
}

/** A message for a failed getUserMedia/getDisplayMedia. */
export function mediaErrorMessage(err: unknown, source: BroadcastSource): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return source === 'screen'
      ? 'Screen sharing was not allowed. Choose a screen, window or tab to share.'
      : 'Camera and microphone access was denied. Allow it in your browser’s site settings, then try again.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera or microphone was found. Connect one, or share your screen instead.';
  if (name === 'NotReadableError') return 'Your camera or microphone is in use by another app.';
  return 'Could not start your camera or screen.';
}

/**
 * Going live from the browser, for the whole app (it survives moving from /submit to the stream's
 * page): the preview's media, MediaRecorder, and the ingest socket. Components read its state with
 * `useSyncExternalStore` and call its methods.
 */
export class Broadcaster {
  private state: BroadcastState = off;
  private listeners = new Set<() => void>();
  /** What the preview shows and the recorder records. */
  stream: MediaStream | null = null;
  /** Tracks to stop on release (the mixed stream's sources). */
  private owned: MediaStreamTrack[] = [];
  /** The microphone's tracks, which Mute silences (not a shared tab's own sound). */
  private micTracks: MediaStreamTrack[] = [];
  private audioContext: AudioContext | null = null;
  private socket: WebSocket | null = null;
  private recorder: MediaRecorder | null = null;
  private retryTimer: number | undefined;
  micMuted = false;
  cameraOff = false;

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getState = () => this.state;

  private dispatch(e: BroadcastEvent) {
    const next = broadcastReducer(this.state, e);
    if (next === this.state) return;
    this.state = next;
    this.listeners.forEach((fn) => fn());
  }
  private notify() {
    this.listeners.forEach((fn) => fn());
  }

  async devices(): Promise<DeviceLists> {
    const all = await navigator.mediaDevices.enumerateDevices().catch(() => []);
    return { cameras: all.filter((d) => d.kind === 'videoinput'), mics: all.filter((d) => d.kind === 'audioinput') };
  }

  /** Asks for the camera (or the screen) and the microphone, and shows them in the preview. */
  async preview(choice: MediaChoice): Promise<void> {
    if (isStreaming(this.state)) return;
    this.dispatch({ type: 'request' });
    this.releaseMedia();
    try {
      const stream = choice.source === 'camera' ? await this.camera(choice) : await this.screen(choice);
      if (this.state.status !== 'requesting') {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      this.stream = stream;
      this.applyToggles();
      // The browser's own "Stop sharing" ends a screen share: streaming stops with it.
      stream.getVideoTracks()[0]?.addEventListener('ended', () => {
        if (isStreaming(this.state)) this.stop();
        else this.release();
      });
      this.dispatch({ type: 'granted' });
    } catch (err) {
      this.releaseMedia();
      this.dispatch({ type: 'denied', error: mediaErrorMessage(err, choice.source) });
    }
  }

  private audioConstraints(micId: string): MediaTrackConstraints {
    return { deviceId: micId ? { exact: micId } : undefined, echoCancellation: true, noiseSuppression: true };
  }

  private async camera({ cameraId, micId }: MediaChoice): Promise<MediaStream> {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { deviceId: cameraId ? { exact: cameraId } : undefined, width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
      audio: micId === NO_MIC ? false : this.audioConstraints(micId),
    });
    this.owned = stream.getTracks();
    this.micTracks = stream.getAudioTracks();
    return stream;
  }

  /** The screen (with the tab's or system's sound when shared) and the microphone, mixed into one track. */
  private async screen({ micId }: MediaChoice): Promise<MediaStream> {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 30 } }, audio: true });
    const mic = micId === NO_MIC ? null : await navigator.mediaDevices.getUserMedia({ audio: this.audioConstraints(micId) }).catch(() => null);
    this.owned = [...display.getTracks(), ...(mic?.getTracks() ?? [])];
    this.micTracks = mic?.getAudioTracks() ?? [];
    const audio = [...display.getAudioTracks(), ...(mic?.getAudioTracks() ?? [])];
    const video = display.getVideoTracks();
    if (audio.length <= 1) return new MediaStream([...video, ...audio]);
    const ctx = new AudioContext();
    const out = ctx.createMediaStreamDestination();
    for (const track of audio) ctx.createMediaStreamSource(new MediaStream([track])).connect(out);
    this.audioContext = ctx;
    return new MediaStream([...video, ...out.stream.getAudioTracks()]);
  }

  /** Mute stops the microphone's sound, camera off sends black: the stream itself goes on. */
  setMicMuted(muted: boolean) {
    this.micMuted = muted;
    this.applyToggles();
    this.notify();
  }
  setCameraOff(cameraOff: boolean) {
    this.cameraOff = cameraOff;
    this.applyToggles();
    this.notify();
  }
  private applyToggles() {
    for (const t of this.micTracks) t.enabled = !this.micMuted;
    for (const t of this.stream?.getVideoTracks() ?? []) t.enabled = !this.cameraOff;
  }

  hasMic() {
    return this.micTracks.length > 0;
  }

  /** Starts streaming the preview to `streamId`. */
  start(streamId: string) {
    if (this.state.status !== 'preview' || !this.stream) return;
    this.dispatch({ type: 'start', streamId });
    window.addEventListener('beforeunload', confirmLeave);
    this.connect(streamId);
  }

  private connect(streamId: string) {
    const stream = this.stream;
    const mime = stream && pickMime((m) => MediaRecorder.isTypeSupported(m), stream.getAudioTracks().length > 0);
    if (!stream || !mime) {
      this.dispatch({ type: 'dropped', retry: false, error: 'This browser cannot record a live stream in WebM.' });
      return this.finish();
    }
    const url = `${socketUrl('/api/live/ingest', window.location)}?${new URLSearchParams({ streamId, mime }).toString()}`;
    // The native app has no cookie: its token goes along as a subprotocol.
    const socket = new WebSocket(url, socketProtocols(sessionToken()));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      const msg = JSON.parse(ev.data) as IngestStatusMessage;
      if (msg.type === 'ready') this.record(socket, stream, mime);
      else if (msg.type === 'live') this.dispatch({ type: 'live', at: Date.now() });
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopRecorder();
      if (!isStreaming(this.state)) return;
      const meaning = closeMeaning(ev.code, ev.reason);
      this.dispatch({ type: 'dropped', ...meaning });
      if (this.state.status !== 'connecting') return this.finish();
      const delay = RECONNECT_DELAYS_MS[Math.min(this.state.attempt - 1, RECONNECT_DELAYS_MS.length - 1)];
      this.retryTimer = window.setTimeout(() => {
        if (this.state.status === 'connecting') this.connect(streamId);
      }, delay);
    };
  }

  /** One recorder per connection: each new connection starts with a fresh WebM header. */
  private record(socket: WebSocket, stream: MediaStream, mime: BrowserIngestMime) {
    this.stopRecorder();
    const recorder = new MediaRecorder(stream, {
      mimeType: mime,
      videoBitsPerSecond: BROWSER_VIDEO_BITS_PER_SECOND,
      audioBitsPerSecond: BROWSER_AUDIO_BITS_PER_SECOND,
    });
    recorder.ondataavailable = (ev) => {
      if (socket.readyState !== WebSocket.OPEN || !ev.data.size) return;
      // A connection too slow for the stream: drop it and reconnect rather than fall minutes behind.
      if (socket.bufferedAmount > MAX_UNSENT_BYTES) return socket.close(4000, 'Connection too slow');
      socket.send(ev.data);
    };
    recorder.onerror = () => socket.close(4000, 'Recording failed');
    recorder.start(TIMESLICE_MS);
    this.recorder = recorder;
  }

  private stopRecorder() {
    const r = this.recorder;
    this.recorder = null;
    if (r && r.state !== 'inactive') {
      r.ondataavailable = null;
      r.stop();
    }
  }

  /** Stop streaming: the last slice is sent, the socket closed, the camera released. */
  stop() {
    if (!isStreaming(this.state)) return;
    this.dispatch({ type: 'stop' });
    const socket = this.socket;
    const recorder = this.recorder;
    this.socket = null;
    this.recorder = null;
    if (socket && recorder && recorder.state !== 'inactive') {
      recorder.onstop = () => socket.close(INGEST_CLOSE.done, 'Stopped');
      recorder.stop();
    } else socket?.close(INGEST_CLOSE.done, 'Stopped');
    this.finish();
  }

  private finish() {
    window.clearTimeout(this.retryTimer);
    window.removeEventListener('beforeunload', confirmLeave);
    this.releaseMedia();
    this.notify();
  }

  /** Turns the camera (or the screen share) off, when not streaming. */
  release() {
    if (isStreaming(this.state)) return;
    this.releaseMedia();
    this.dispatch({ type: 'release' });
  }

  private releaseMedia() {
    for (const t of this.owned) t.stop();
    this.stream?.getTracks().forEach((t) => t.stop());
    this.owned = [];
    this.micTracks = [];
    this.stream = null;
    void this.audioContext?.close();
    this.audioContext = null;
  }
}

function confirmLeave(e: BeforeUnloadEvent) {
  // Closing or reloading the page would end the stream: the browser asks first.
  e.preventDefault();
  e.returnValue = '';
}

export const broadcaster = new Broadcaster();
