import { BUILT_FOR_APP, isNativePlatform } from './platform';

/**
 * `VITE_API_ORIGIN`, read at build time: the Glint server the native app talks to. A web page is
 * served by that server and calls it by relative paths; the native app's pages come from the
 * device (`capacitor://localhost`, `https://localhost`), so its API calls, sockets and media need
 * the server's origin in front. Only an `http(s)` origin, nothing after it, is taken.
 */
export function parseApiOrigin(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/** The server's origin when the app runs natively; null in a browser (same origin, relative paths). */
export function apiOrigin(): string | null {
  return BUILT_FOR_APP && isNativePlatform() ? parseApiOrigin(import.meta.env.VITE_API_ORIGIN as string | undefined) : null;
}

/**
 * A server path (`/api/...`, `/media/...`) as the page should fetch it: the same path in a browser,
 * prefixed with the server's origin in the native app. Anything that is not a root-relative path
 * (`https:`, `blob:`, `data:`, a protocol-relative `//host`) is left exactly as it is.
 */
export function serverUrl(path: string, origin: string | null = apiOrigin()): string {
  if (!origin || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${origin}${path}`;
}

/** `serverUrl` for values that may be missing (an avatar, a thumbnail). */
export function mediaUrl<T extends string | null | undefined>(url: T, origin: string | null = apiOrigin()): T | string {
  return typeof url === 'string' ? serverUrl(url, origin) : url;
}

/** The WebSocket address of a server path, from the page's location or from the server's origin. */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>, origin: string | null = apiOrigin()): string {
  const base = origin ? new URL(origin) : location;
  return `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}${path}`;
}
