import { apiOrigin, socketUrl } from '../../lib/native/api-origin';

/** First wait before reconnecting, and the cap the doubling stops at. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first): 1 s doubling to 30 s,
 * each wait drawn between half and all of that, so a server restart is not met by every client
 * in the same millisecond. `random` is `Math.random` outside tests.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * `ws://host/api/realtime` (or wss:) on the page's own origin, where the session cookie goes; in
 * the native app, on the Glint server's origin (`origin`).
 */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, origin: string | null = apiOrigin()): string {
  return socketUrl('/api/realtime', location, origin);
}
