import { BROWSER_INGEST_MIMES, INGEST_CLOSE, type BrowserIngestMime } from '../../../shared/live/live';

/**
 * Going live from the browser as one value: off (maybe with why), asking for the camera or the
 * screen, previewing, connecting (or reconnecting, `attempt` > 0), live, and ended. Events that do
 * not fit the current state (a "live" message after Stop) return the same object.
 */
export type BroadcastState =
  | { status: 'off'; error: string | null }
  | { status: 'requesting' }
  | { status: 'preview' }
  | {
      status: 'connecting';
      streamId: string;
      /** 0 for the first connection, then each reconnect. */
      attempt: number;
      /** When the stream first went live (elapsed time keeps counting over reconnects); null before. */
      since: number | null;
    }
  | { status: 'live'; streamId: string; since: number }
  | { status: 'ended'; streamId: string; error: string | null };

export type BroadcastEvent =
  | { type: 'request' }
  | { type: 'granted' }
  | { type: 'denied'; error: string }
  | { type: 'release' }
  | { type: 'start'; streamId: string }
  | { type: 'live'; at: number }
  | { type: 'dropped'; retry: boolean; error: string }
  | { type: 'stop' };

export const off: BroadcastState = { status: 'off', error: null };

/** How many reconnects in a row before giving up (within the server's grace period). */
export const MAX_RECONNECTS = 5;

export function isStreaming(s: BroadcastState): s is Extract<BroadcastState, { status: 'connecting' | 'live' }> {
  return s.status === 'connecting' || s.status === 'live';
}

export function broadcastReducer(s: BroadcastState, e: BroadcastEvent): BroadcastState {
  switch (e.type) {
    case 'request':
      return s.status === 'off' || s.status === 'preview' || s.status === 'ended' ? { status: 'requesting' } : s;
    case 'granted':
      return s.status === 'requesting' ? { status: 'preview' } : s;
    case 'denied':
      return s.status === 'requesting' ? { status: 'off', error: e.error } : s;
    case 'release':
      return s.status === 'preview' || s.status === 'ended' || s.status === 'requesting' ? off : s;
    case 'start':
      return s.status === 'preview' ? { status: 'connecting', streamId: e.streamId, attempt: 0, since: null } : s;
    case 'live':
      return s.status === 'connecting' ? { status: 'live', streamId: s.streamId, since: s.since ?? e.at } : s;
    case 'dropped': {
      if (!isStreaming(s)) return s;
      const attempt = s.status === 'connecting' ? s.attempt + 1 : 1;
      if (!e.retry || attempt > MAX_RECONNECTS) return { status: 'ended', streamId: s.streamId, error: e.error };
      return { status: 'connecting', streamId: s.streamId, attempt, since: s.since };
    }
    case 'stop':
      return isStreaming(s) ? { status: 'ended', streamId: s.streamId, error: null } : s;
  }
}

/** The WebM format this browser records best, among those the server takes; null when none. */
export function pickMime(isTypeSupported: (mime: string) => boolean, withAudio: boolean): BrowserIngestMime | null {
  const candidates = BROWSER_INGEST_MIMES.filter((m) => m.includes('opus') === withAudio || m === 'video/webm');
  return candidates.find((m) => isTypeSupported(m)) ?? null;
}

/** What a closed ingest socket means: try again (a dropped connection) or stop with a message. */
export function closeMeaning(code: number, reason: string): { retry: boolean; error: string } {
  switch (code) {
    case INGEST_CLOSE.signedOut:
      return { retry: false, error: 'Please sign in again to stream.' };
    case INGEST_CLOSE.unverified:
      return { retry: false, error: 'Email Verification Required' };
    case INGEST_CLOSE.notFound:
      return { retry: false, error: 'This stream has ended or is not yours. Create a new stream to go live again.' };
    case INGEST_CLOSE.replaced:
      return { retry: false, error: 'Another tab or OBS took over this stream.' };
    case INGEST_CLOSE.restricted:
      return { retry: false, error: reason || 'You cannot stream right now.' };
    case INGEST_CLOSE.tooMuch:
    case INGEST_CLOSE.notWebm:
    case INGEST_CLOSE.tooMany:
    case 1009:
      return { retry: false, error: reason || 'The server refused this stream.' };
    default:
      // A dropped network, a restart, an encoder that stopped or fell behind: a new connection
      // within the grace period continues the same stream.
      return { retry: true, error: reason || 'The connection to the server was lost.' };
  }
}

/** Elapsed time as 0:07, 12:34 or 1:02:03. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
