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
  '/leaving',
  '/app',
  '/streams',
  '/stream/:username/:titleSlug/:id',
  '/stream/:id',
  '/token/:mint',
  '/studio/streams/:id',
  `/${PRODUCT_SLUG}`,
  `/${PRODUCT_SLUG}/:username/:titleSlug/:id`,
  `/${PRODUCT_SLUG}/:id`,
  '/submit',
  '/profile/:username',
  '/profile',
  '/settings',
  '/history',
  '/following',
  '/playlists',
  '/playlist/:id',
  '/search',
  '/leaderboards',
  '/trending',
  '/upcoming',
  '/recent',
  '/admin/verification',
  '/admin/moderation',
  '/admin/reports',
  '/admin/roles',
  '/studio',
  '/studio/analytics',
  '/shorts',
  '/shorts/:username/:titleSlug/:id',
];

/**
 * The screen each route renders first: its module under src/client, as Vite's build manifest names
 * it. The server tells the browser to fetch that screen's code with the page (page-preloads.ts).
 * Mirrors src/client/app/router.tsx and has a key for each of ROUTE_PATTERNS (a test holds the three
 * together). A table of its own rather than ROUTE_PATTERNS' source: the patterns ship in the
 * browser's first load, this table only on the server.
 */
export const ROUTE_SCREENS: Readonly<Record<string, string>> = {
  '/': 'features/landing/landing-screen.tsx',
  '/bounties': 'features/bounties/bounties-screen.tsx',
  '/bounties/:id': 'features/bounties/bounty-screen.tsx',
  '/reset-password': 'features/auth/reset-password-screen.tsx',
  '/update-password': 'features/auth/update-password-screen.tsx',
  '/privacy-policy': 'features/legal/privacy-policy-screen.tsx',
  '/terms-of-service': 'features/legal/terms-of-service-screen.tsx',
  '/x402-explained': 'features/x402/x402-screen.tsx',
  '/leaving': 'features/leaving/leaving-screen.tsx',
  '/app': 'features/home/home-screen.tsx',
  '/trending': 'features/home/trending-screen.tsx',
  '/upcoming': 'features/home/upcoming-screen.tsx',
  '/recent': 'features/home/recent-screen.tsx',
  '/streams': 'features/streams/pump-streams-screen.tsx',
  '/stream/:username/:titleSlug/:id': 'features/streams/stream-screen.tsx',
  '/stream/:id': 'features/streams/stream-screen.tsx',
  '/token/:mint': 'features/tokens/token-screen.tsx',
  '/studio/streams/:id': 'features/streams/studio-stream-screen.tsx',
  [`/${PRODUCT_SLUG}`]: 'features/videos/videos-screen.tsx',
  [`/${PRODUCT_SLUG}/:username/:titleSlug/:id`]: 'features/videos/video-screen.tsx',
  [`/${PRODUCT_SLUG}/:id`]: 'features/videos/video-screen.tsx',
  '/profile/:username': 'features/profiles/profile-screen.tsx',
  '/search': 'features/search/search-screen.tsx',
  '/leaderboards': 'features/leaderboards/leaderboards-screen.tsx',
  '/submit': 'features/submit/submit-screen.tsx',
  '/profile': 'features/profiles/own-profile-screen.tsx',
  '/admin/verification': 'features/admin/verification-screen.tsx',
  '/admin/moderation': 'features/admin/moderation-screen.tsx',
  '/admin/reports': 'features/admin/reports-screen.tsx',
  '/admin/roles': 'features/admin/roles-screen.tsx',
  '/settings': 'features/settings/settings-screen.tsx',
  '/history': 'features/videos/history-screen.tsx',
  '/following': 'features/home/following-screen.tsx',
  '/playlists': 'features/playlists/playlists-screen.tsx',
  '/playlist/:id': 'features/playlists/playlist-screen.tsx',
  '/studio': 'features/studio/content-screen.tsx',
  '/studio/analytics': 'features/studio-analytics/analytics-screen.tsx',
  '/shorts': 'features/shorts/shorts-screen.tsx',
  '/shorts/:username/:titleSlug/:id': 'features/shorts/shorts-screen.tsx',
};

/** The route pattern `path` (no query string) belongs to, if it is a screen of the app. Trailing slashes are ignored. */
export function routePattern(path: string): string | undefined {
  return ROUTE_PATTERNS.find((p) => matches(p, path));
}

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
  return routePattern(path) !== undefined;
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
  /** Where the creator manages one of their streams. */
  studioStream: (id: string) => `/studio/streams/${id}`,
  stream: (s: { id: string; username?: string; title?: string }) =>
    s.username && s.title ? `/stream/${s.username}/${slugify(s.title)}/${s.id}` : `/stream/${s.id}`,
  video: (v: { id: string; username?: string; title?: string }) =>
    v.username && v.title ? `/${PRODUCT_SLUG}/${v.username}/${slugify(v.title)}/${v.id}` : `/${PRODUCT_SLUG}/${v.id}`,
  short: (id: string) => `/shorts?video=${encodeURIComponent(id)}`,
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  bounty: (id: string) => `/bounties/${encodeURIComponent(id)}`,
  /** A token's page: its streams, videos and top tippers on Glint. */
  token: (mint: string) => `/token/${encodeURIComponent(mint)}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
} as const;
