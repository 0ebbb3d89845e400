import { PLAYBACK_REPORT_SECONDS } from '../../../shared/analytics/analytics-rules';
import type { ViewSource } from '../../../shared/analytics/analytics-rules';
import { api } from '../../lib/api';
import { apiOrigin } from '../../lib/native/api-origin';
import { sendOnSocket } from '../../lib/socket-outbox';

export { PLAYBACK_REPORT_SECONDS };

const PLAYBACK_PATH = '/api/analytics/playback';
/** Reports one playback may send on the socket in a window: the socket takes 20 messages in 10 s from all its page's uses. */
const SOCKET_REPORTS_PER_WINDOW = 6;
const SOCKET_WINDOW_MS = 10_000;

/** Counts a view with where it came from (no query cache: the embed uses it too). */
export function countView(id: string, source?: ViewSource) {
  return api<{ counted: boolean }>(`/api/videos/${id}/view`, { method: 'POST', json: source ? { source } : {} });
}

/**
 * Reports of one playback for the studio's watch time and retention: the player calls it every
 * few seconds while playing, on pause and end, and with `leaving` when the page goes (then through
 * sendBeacon, which the browser sends after the page is gone). Failures are dropped: a missing
 * report only makes the count a little lower.
 */
export function playbackReporter(videoId: string): (seconds: number, leaving?: boolean) => void {
  const playbackId = crypto.randomUUID();
  const sentOnSocket: number[] = [];
  return (seconds, leaving = false) => {
    const report = { videoId, playbackId, positionSeconds: Math.max(0, Math.round(seconds * 10) / 10) };
    // With the realtime socket open (signed in), a report is a message on it, not a request; a
    // few a window at most (the server closes a socket that floods it), the rest by HTTP.
    const now = Date.now();
    while (sentOnSocket.length && now - sentOnSocket[0]! > SOCKET_WINDOW_MS) sentOnSocket.shift();
    if (!leaving && sentOnSocket.length < SOCKET_REPORTS_PER_WINDOW && sendOnSocket(JSON.stringify({ type: 'playback', ...report }))) {
      sentOnSocket.push(now);
      return;
    }
    // The native app's calls carry its bearer token, which a beacon cannot: it keeps fetch.
    if (leaving && apiOrigin() === null && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(PLAYBACK_PATH, new Blob([JSON.stringify(report)], { type: 'application/json' }))) return;
    }
    void api<void>(PLAYBACK_PATH, { method: 'POST', json: report, keepalive: true }).catch(() => undefined);
  };
}
