import type { FastifyInstance } from 'fastify';
import { PRODUCT_SLUG } from '../../shared/product.js';
import { getPublishedVideo, listVideos } from '../videos/service.js';

/**
 * What a page's largest picture will be, told to the browser with the page itself
 * (`Link: <...>; rel=preload; as=image`), so it downloads while the app's code does instead of
 * after the code has run and asked the API which video it shows. A watch page and the shorts feed
 * are painted around a video's poster; other screens have no single picture worth it.
 *
 * Only public, ready videos are named (the same rule as the API), and a failed look-up names
 * nothing: the page never waits on or breaks for a hint.
 */
export async function pagePreloads(app: FastifyInstance, path: string, query: URLSearchParams): Promise<string[]> {
  const id = videoShownFirst(path, query);
  if (id === undefined) return [];
  try {
    const poster = await app.readCache.memo(`page-preload:${id ?? 'shorts'}`, async () => {
      if (id) return (await getPublishedVideo(app.db, id)).thumbnailUrl;
      const [first] = await listVideos(app.db, { kind: 'short', sort: 'newest', limit: 1 });
      return first?.thumbnailUrl ?? null;
    });
    const link = poster ? preloadImage(poster) : undefined;
    return link ? [link] : [];
  } catch {
    return [];
  }
}

/**
 * The video a page opens on: its id, `null` for the shorts feed's newest short, `undefined` for
 * a page that opens on no video.
 */
export function videoShownFirst(path: string, query: URLSearchParams): string | null | undefined {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === PRODUCT_SLUG && (parts.length === 2 || parts.length === 4)) return parts[parts.length - 1]!;
  if (parts[0] === 'shorts') {
    if (parts.length === 4) return parts[3]!;
    if (parts.length === 1) return query.get('video') || null;
  }
  return undefined;
}

/**
 * A `Link` value for a picture of ours: a path on this site or an http(s) address. Anything with a
 * character outside a URI's (`<`, `>`, spaces, quotes, CR, LF) is left out rather than escaped, so
 * the hint names exactly the address the page will ask for.
 */
export function preloadImage(url: string): string | undefined {
  if (!/^[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]+$/.test(url)) return undefined;
  if (!url.startsWith('/') || url.startsWith('//')) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  }
  return `<${url}>; rel=preload; as=image; fetchpriority=high`;
}
