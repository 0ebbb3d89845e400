import { DEEP_LINK_PREFIXES, isAppRoute } from '../../../shared/platform/routes';

/** The app's own custom scheme, for links that cannot be universal links (`glint://glint/<id>`). */
export const APP_SCHEME = 'glint:';

/**
 * The in-app route a link opened on the phone stands for, or null when it is not one of ours.
 * Only `https://<one of hosts>/…` and `glint://…` are taken, and only paths under the deep-link
 * prefixes (videos, shorts, streams) that are routes of the app: no other host, no scheme-relative
 * `//evil`, no `javascript:`, no credentials or ports smuggled into the host, no encoded slashes
 * or dot segments. The query is kept (shorts' `?video=`); the fragment is not.
 */
export function routeFromDeepLink(raw: string, hosts: readonly string[]): string | null {
  if (typeof raw !== 'string' || raw.length > 2048 || /[\s\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  let path: string;
  if (url.protocol === 'https:') {
    if (url.port || !hosts.includes(url.hostname.toLowerCase())) return null;
    path = url.pathname;
  } else if (url.protocol === APP_SCHEME) {
    // `glint://glint/abc` parses with `glint` as the host: the host is the first path segment.
    if (url.port) return null;
    path = url.host ? `/${url.host}${url.pathname === '/' ? '' : url.pathname}` : url.pathname;
  } else return null;
  if (!path.startsWith('/') || path.startsWith('//') || /%2f|%5c|%2e/i.test(path)) return null;
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s === '.' || s === '..' || s === '')) {
    // A trailing slash is the only empty segment allowed.
    if (!(segments.at(-1) === '' && segments.slice(0, -1).every((s) => s && s !== '.' && s !== '..'))) return null;
    path = path.replace(/\/$/, '');
  }
  if (!DEEP_LINK_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  if (!isAppRoute(path)) return null;
  return `${path}${url.search}`;
}

/** The hosts whose links the app opens: the server it talks to (`VITE_API_ORIGIN`). */
export function deepLinkHosts(apiOrigin: string | null): string[] {
  if (!apiOrigin) return [];
  return [new URL(apiOrigin).hostname.toLowerCase()];
}
