import { PRODUCT_NAME, PRODUCT_SLUG, PRODUCT_TAGLINE } from './product.js';

/**
 * What each page is called, in the browser's tab and history and in a link's preview (WCAG 2.4.2):
 * the page's own name first, then its context, then the product ("SOL weekly outlook · Sol Whale ·
 * Glint", "Bounties · Glint"). The server writes it into the page it sends; the web app keeps it
 * current as people move around, from the same functions, so both say the same.
 */

const SEPARATOR = ' · ';

/** `SOL weekly outlook`, `Sol Whale` -> `SOL weekly outlook · Sol Whale · Glint`; empty parts are left out. */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.map((p) => p?.replace(/\s+/g, ' ').trim()).filter((p): p is string => !!p), PRODUCT_NAME].join(SEPARATOR);
}

/** The landing page's title, and the description of a page that has none of its own. */
export const HOME_TITLE = `${PRODUCT_NAME}: ${PRODUCT_TAGLINE}`;
export const DEFAULT_DESCRIPTION = `${PRODUCT_NAME}: share streams, earn crypto rewards. Live streams, shorts and videos for crypto and web3 creators.`;

/** Pages named by their route alone (an item's page is named by the item: its screen or the server's page data). */
const ROUTE_NAMES: Readonly<Record<string, string>> = {
  '/bounties': 'Bounties',
  '/reset-password': 'Reset password',
  '/update-password': 'Choose a new password',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/x402-explained': 'x402 explained',
  '/app': 'Home',
  '/trending': 'Trending',
  '/upcoming': 'Upcoming',
  '/recent': 'Recently ended',
  '/streams': 'Pump Streams',
  [`/${PRODUCT_SLUG}`]: 'Videos',
  '/submit': 'Upload',
  '/profile': 'Your profile',
  '/settings': 'Settings',
  '/studio/streams/:id': 'Manage stream',
  '/studio/analytics': 'Studio analytics',
  '/search': 'Search',
  '/leaderboards': 'Leaderboards',
  '/admin/verification': 'Verification requests',
  '/admin/moderation': 'Moderation',
  '/admin/reports': 'Reports',
  '/admin/roles': 'Roles',
  '/studio': 'Creator Studio',
  '/shorts': 'Shorts',
  '/history': 'History',
  '/following': 'Following',
  '/playlists': 'Playlists',
};

const ROUTE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/bounties': `Bounties on ${PRODUCT_NAME}: rewards in SOL for the videos, shorts and streams people ask for.`,
  '/app': `The newest and most watched live streams, shorts and videos of crypto and web3 creators on ${PRODUCT_NAME}.`,
  '/trending': `What is trending on ${PRODUCT_NAME} right now.`,
  '/upcoming': `Live streams coming up on ${PRODUCT_NAME}.`,
  '/recent': `The newest videos on ${PRODUCT_NAME}.`,
  '/streams': `Live streams on ${PRODUCT_NAME} right now.`,
  [`/${PRODUCT_SLUG}`]: `Videos of crypto and web3 creators on ${PRODUCT_NAME}.`,
  '/shorts': `Shorts of crypto and web3 creators on ${PRODUCT_NAME}.`,
  '/leaderboards': `The top creators and supporters on ${PRODUCT_NAME}.`,
  '/privacy-policy': `How ${PRODUCT_NAME} handles your data.`,
  '/terms-of-service': `The terms of using ${PRODUCT_NAME}.`,
  '/x402-explained': `How ${PRODUCT_NAME} sells videos with x402: pay per view over HTTP, in USDC on Solana.`,
};

export interface RouteTitle {
  title: string;
  description: string;
}

/**
 * A page's title and description from its address alone (route `pattern`, `path`, `query`): the
 * name of a list or form, a search's words, a profile's username. An item's page (a video, a stream,
 * a bounty) gets the product's name here until its item is known.
 */
export function routeTitle(pattern: string | undefined, path: string, query: URLSearchParams): RouteTitle {
  if (pattern === '/') return { title: HOME_TITLE, description: DEFAULT_DESCRIPTION };
  if (pattern === '/search') {
    const q = query.get('q')?.trim();
    return q
      ? { title: documentTitle(`Search: ${q}`), description: `${PRODUCT_NAME} videos, shorts, streams and creators for “${q}”.` }
      : { title: documentTitle('Search'), description: `Search ${PRODUCT_NAME}'s videos, shorts, streams and creators.` };
  }
  if (pattern === '/profile/:username') {
    const username = safeDecode(path.split('/').filter(Boolean)[1] ?? '');
    return { title: documentTitle(`@${username}`), description: `@${username} on ${PRODUCT_NAME}.` };
  }
  const name = pattern ? ROUTE_NAMES[pattern] : 'Page not found';
  return { title: documentTitle(name), description: (pattern && ROUTE_DESCRIPTIONS[pattern]) || DEFAULT_DESCRIPTION };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A description for a preview: one paragraph, at most `max` characters, cut at a word with an ellipsis. */
export function shortDescription(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
