import type { VideoKind } from '../../../shared/videos/video-rules';

/**
 * The upload flow as one value: idle, then uploading (progress, speed, time left), processing
 * (percent), and ready or failed with a reason. Events that do not fit the current state (a
 * progress report arriving after Cancel) change nothing.
 */
export type UploadKind = VideoKind;

interface Subject {
  title: string;
  kind: UploadKind;
  fileName: string;
}

export type UploadState =
  | { status: 'idle' }
  | (Subject & {
      status: 'uploading';
      /** Null while the draft is being created. */
      videoId: string | null;
      bytesSent: number;
      bytesTotal: number;
      /** Bytes per second, smoothed; null until measured. */
      speed: number | null;
      /** Seconds left at that speed. */
      eta: number | null;
      /** The last measurement point. */
      sample: { at: number; bytes: number } | null;
      /** Continues an earlier upload of the same file. */
      resumed: boolean;
    })
  | (Subject & { status: 'processing'; videoId: string; percent: number })
  | (Subject & { status: 'ready'; videoId: string })
  | (Subject & { status: 'failed'; videoId: string | null; reason: string; stage: 'upload' | 'processing' });

export type UploadEvent =
  | { type: 'start'; title: string; kind: UploadKind; fileName: string; bytesTotal: number }
  | { type: 'draft'; videoId: string; resumed: boolean }
  | { type: 'progress'; bytesSent: number; bytesTotal: number; at: number }
  | { type: 'uploaded' }
  | { type: 'processing'; percent: number }
  | { type: 'ready' }
  | { type: 'failed'; reason: string }
  | { type: 'cancel' }
  | { type: 'reset' };

export const idle: UploadState = { status: 'idle' };

/** Measure speed over at least this long, so one fast chunk does not swing the estimate. */
const MIN_SAMPLE_MS = 500;
/** Weight of the newest measurement in the moving average. */
const SMOOTHING = 0.3;

export function isBusy(s: UploadState): s is Extract<UploadState, { status: 'uploading' | 'processing' }> {
  return s.status === 'uploading' || s.status === 'processing';
}

function subject(s: Subject): Subject {
  return { title: s.title, kind: s.kind, fileName: s.fileName };
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      if (isBusy(state)) return state;
      return {
        status: 'uploading',
        title: event.title,
        kind: event.kind,
        fileName: event.fileName,
        videoId: null,
        bytesSent: 0,
        bytesTotal: event.bytesTotal,
        speed: null,
        eta: null,
        sample: null,
        resumed: false,
      };
    case 'draft':
      if (state.status !== 'uploading') return state;
      return { ...state, videoId: event.videoId, resumed: event.resumed };
    case 'progress': {
      if (state.status !== 'uploading') return state;
      const { bytesSent, bytesTotal, at } = event;
      // The first report after a resume jumps to the offset already on the server: a starting point, not speed.
      if (!state.sample) return { ...state, bytesSent, bytesTotal, sample: { at, bytes: bytesSent } };
      const dt = at - state.sample.at;
      if (dt < MIN_SAMPLE_MS) return { ...state, bytesSent, bytesTotal, eta: etaOf(state.speed, bytesSent, bytesTotal) };
      const instant = Math.max(0, bytesSent - state.sample.bytes) / (dt / 1000);
      const speed = state.speed === null ? instant : SMOOTHING * instant + (1 - SMOOTHING) * state.speed;
      return { ...state, bytesSent, bytesTotal, speed, eta: etaOf(speed, bytesSent, bytesTotal), sample: { at, bytes: bytesSent } };
    }
    case 'uploaded':
      if (state.status !== 'uploading' || !state.videoId) return state;
      return { ...subject(state), status: 'processing', videoId: state.videoId, percent: 0 };
    case 'processing':
      if (state.status !== 'processing') return state;
      return { ...state, percent: Math.max(state.percent, Math.min(100, Math.round(event.percent))) };
    case 'ready':
      if (state.status !== 'processing') return state;
      return { ...subject(state), status: 'ready', videoId: state.videoId };
    case 'failed':
      if (!isBusy(state)) return state;
      return {
        ...subject(state),
        status: 'failed',
        videoId: state.videoId,
        reason: event.reason,
        stage: state.status === 'processing' ? 'processing' : 'upload',
      };
    case 'cancel':
      return state.status === 'uploading' ? idle : state;
    case 'reset':
      return isBusy(state) ? state : idle;
  }
}

function etaOf(speed: number | null, sent: number, total: number): number | null {
  if (!speed || speed <= 0) return null;
  return Math.max(0, (total - sent) / speed);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> "1.5 KB", 4 * 1024 ** 3 -> "4 GB". */
export function formatBytes(bytes: number): string {
  let n = Math.max(0, bytes);
  let u = 0;
  while (n >= 1024 && u < UNITS.length - 1) {
    n /= 1024;
    u++;
  }
  const digits = u === 0 || n >= 100 || Number.isInteger(n) ? 0 : 1;
  return `${n.toFixed(digits)} ${UNITS[u]}`;
}

/** "2.1 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Time left as people say it: "8 s left", "3 min left", "1 h 5 min left". */
export function formatEta(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${Math.max(1, s)} s left`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} min left`;
  return `${Math.floor(m / 60)} h ${m % 60} min left`;
}
