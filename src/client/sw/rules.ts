/**
 * What the service worker may answer from its cache, as pure rules both the worker and its tests
 * import. The worker never caches API answers (they are per user and change by the second) and
 * leaves media (HLS segments, thumbnails, uploads) to HTTP caching: it only serves the app shell
 * and the build's own files, which it precaches.
 */

/**
 * Paths a navigation must always take to the network: the API (its docs page too), media, the
 * native app's Google sign-in return link, whose page the server writes (its address holds a
 * one-time code, which the app shell must not take in), and the pages the server writes for other
 * sites and crawlers: the embeddable player, robots.txt, the sitemaps and the feeds.
 */
export const NETWORK_ONLY_PATHS: readonly RegExp[] = [/^\/api(\/|$)/, /^\/media(\/|$)/, /^\/app\/native\/return$/, /^\/embed\//, /^\/robots\.txt$/, /\.xml$/];

/** True when a page navigation to `pathname` may be answered with the cached app shell. */
export function servesShell(pathname: string): boolean {
  return !NETWORK_ONLY_PATHS.some((re) => re.test(pathname));
}

/** Only a path of this app is opened from a push: never another site (`//host`, `/\host`). */
export function appPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/app';
}

/** The message a page sends a waiting worker to take over now (workbox-window's `messageSkipWaiting`). */
export function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}
