import { PRODUCT_SLUG } from './product.js';

/**
 * Every path of docs/product.md §2 as a pattern. The server uses it to answer 200 or 404 for the
 * single-page app, the client router mirrors it; a path matching none is "not found".
 */
export const ROUTE_PATTERNS: readonly string[] = [
  '/',
  '/bounties',
  '/bounties/:id',
  '/reset-password',
  '/update-password',
  '/privacy-policy',
  '/terms-of-service',
  '/x402-explained',
  '/app',
  '/streams',
  '/stream/:username/:titleSlug/:id',
  '/stream/:id',
  `/${PRODUCT_SLUG}`,
  `/${PRODUCT_SLUG}/:username/:titleSlug/:id`,
  `/${PRODUCT_SLUG}/:id`,
  '/submit',
  '/profile/:username',
  '/profile',
  '/settings',
  '/search',
  '/leaderboards',
  '/trending',
  '/upcoming',
  '/recent',
  '/admin/verification',
  '/admin/moderation',
  '/admin/reports',
  '/admin/roles',
  '/shorts',
  '/shorts/:username/:titleSlug/:id',
];

/**
 * The addresses the native app opens itself when a link to them is followed on the phone
 * (Android App Links, iOS universal links, the `glint://` scheme): videos, shorts, streams.
 */
export const DEEP_LINK_PREFIXES: readonly string[] = [`/${PRODUCT_SLUG}`, '/shorts', '/stream'];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((seg, i) => (seg.startsWith(':') ? (have[i] ?? '').length > 0 : seg === have[i]));
}

/** True when `path` (no query string) is a screen of the app. Trailing slashes are ignored. */
export function isAppRoute(path: string): boolean {
  return ROUTE_PATTERNS.some((p) => matches(p, path));
}

/** `My First Stream!` -> `my-first-stream`, for the `{titleSlug}` part of content addresses. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'untitled';
}

export const paths = {
  home: (category?: string) => (category ? `/app?category=${encodeURIComponent(category)}` : '/app'),
  stream: (s: { id: string; username?: string; title?: string }) =>
    s.username && s.title ? `/stream/${s.username}/${slugify(s.title)}/${s.id}` : `/stream/${s.id}`,
  video: (v: { id: string; username?: string; title?: string }) =>
    v.username && v.title ? `/${PRODUCT_SLUG}/${v.username}/${slugify(v.title)}/${v.id}` : `/${PRODUCT_SLUG}/${v.id}`,
  short: (id: string) => `/shorts?video=${encodeURIComponent(id)}`,
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  bounty: (id: string) => `/bounties/${encodeURIComponent(id)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
} as const;
