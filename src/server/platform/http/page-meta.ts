import type { FastifyInstance } from 'fastify';
import { documentTitle, routeTitle } from '../../../shared/platform/page-titles.js';
import { PRODUCT_NAME } from '../../../shared/platform/product.js';

/**
 * What a page's `<head>` says about it: its title and description, and for a page of one item
 * (a video, a short, a stream, a profile, a bounty) the card a link to it shows on X, Telegram,
 * Discord or Slack (Open Graph and Twitter Card tags, oEmbed discovery).
 */
export interface PageMeta {
  /** The whole `<title>` ("SOL weekly outlook · Sol Whale · Glint"). */
  title: string;
  description: string;
  /** Kept out of search engines (an unlisted video, an item that is gone). */
  noindex?: boolean;
  card?: PageCard;
}

export interface PageCard {
  /** `og:title`: the item's own name ("LIVE: SOL weekly outlook"), without the product. */
  title: string;
  /** `og:type`. */
  type: 'video.other' | 'profile' | 'website' | 'article';
  /** The item's one address, a path on this site; none for an item that is gone. */
  canonicalPath?: string;
  /** The picture: a path on this site or an address (the card image, else the poster). */
  image?: { url: string; width?: number; height?: number; alt: string };
  /** A video, short or stream: its player for other sites (`/embed/{id}`) and its oEmbed. */
  embed?: { id: string; width: number; height: number };
}

/**
 * Says what a page of one route shows, from its address (`params` by the route's `:names`, the
 * query). Undefined: the route's name alone (routeTitle). Given by a feature, which knows its items;
 * the platform imports none.
 */
export type PageMetaSource = (params: Readonly<Record<string, string>>, query: URLSearchParams) => Promise<PageMeta | undefined>;

export interface PageMetaRegistry {
  sources: Map<string, { source: PageMetaSource; query: readonly string[] }>;
}

export function createPageMetaRegistry(): PageMetaRegistry {
  return { sources: new Map() };
}

/**
 * `source` describes the pages of each of `patterns` (route patterns of src/shared/platform/routes.ts)
 * from their `:names` and the query values named in `query` (others, such as `?t=` or a campaign's
 * tags, are not given to it and make no new entry in the read cache).
 */
export function registerPageMeta(registry: PageMetaRegistry, patterns: readonly string[], source: PageMetaSource, query: readonly string[] = []): void {
  for (const pattern of patterns) {
    if (registry.sources.has(pattern)) throw new Error(`Page data for ${pattern} is already registered`);
    registry.sources.set(pattern, { source, query });
  }
}

/** The `:name` parts of `path` by the route `pattern` it matched. */
export function routeParams(pattern: string, path: string): Record<string, string> {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  want.forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    const raw = have[i] ?? '';
    try {
      params[seg.slice(1)] = decodeURIComponent(raw);
    } catch {
      params[seg.slice(1)] = raw;
    }
  });
  return params;
}

/**
 * The page's head data: the feature's (kept in the read cache like other public reads), else the
 * route's name. A failed look-up never breaks the page: it is logged and the route's name used.
 */
export async function pageMetaFor(app: FastifyInstance, pattern: string | undefined, path: string, query: URLSearchParams): Promise<PageMeta> {
  const registered = pattern ? app.pageMeta.sources.get(pattern) : undefined;
  if (registered && pattern) {
    try {
      const params = routeParams(pattern, path);
      const used = new URLSearchParams(registered.query.flatMap((name) => query.getAll(name).map((value): [string, string] => [name, value])));
      const meta = await app.readCache.memo(`page-meta:${pattern}:${JSON.stringify(params)}?${used.toString()}`, () => registered.source(params, used));
      if (meta) return meta;
    } catch (err) {
      app.log.warn({ err, path }, 'page data unavailable: the page is named by its route');
    }
  }
  return routeTitle(pattern, path, query);
}

/** Text for an HTML attribute value in double quotes, or for an element's text: no character of it can end either. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `path` (or an address) made absolute on `origin`. */
const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).toString();

/**
 * The tags of a page's head for `meta`, every value escaped. `origin` is the site's public address:
 * previews need absolute addresses.
 */
export function headTags(meta: PageMeta, origin: string): string {
  const tag = (name: string, attrs: Record<string, string | number>) =>
    `<${name} ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(String(v))}"`)
      .join(' ')} />`;
  const property = (p: string, content: string | number) => tag('meta', { property: p, content });
  const named = (n: string, content: string | number) => tag('meta', { name: n, content });
  const lines = [`<title>${escapeHtml(meta.title)}</title>`, named('description', meta.description)];
  if (meta.noindex) lines.push(named('robots', 'noindex'));
  const card = meta.card;
  if (card) {
    const url = card.canonicalPath ? absolute(origin, card.canonicalPath) : undefined;
    if (url) lines.push(tag('link', { rel: 'canonical', href: url }));
    lines.push(
      property('og:site_name', PRODUCT_NAME),
      property('og:type', card.type),
      property('og:title', card.title),
      property('og:description', meta.description),
    );
    if (url) lines.push(property('og:url', url));
    if (card.image) {
      const image = absolute(origin, card.image.url);
      lines.push(property('og:image', image), property('og:image:alt', card.image.alt));
      if (card.image.width && card.image.height) lines.push(property('og:image:width', card.image.width), property('og:image:height', card.image.height));
    }
    const player = card.embed ? absolute(origin, `/embed/${encodeURIComponent(card.embed.id)}`) : undefined;
    if (card.embed && player) {
      lines.push(
        property('og:video', player),
        property('og:video:secure_url', player),
        property('og:video:type', 'text/html'),
        property('og:video:width', card.embed.width),
        property('og:video:height', card.embed.height),
        named('twitter:card', 'player'),
        named('twitter:player', player),
        named('twitter:player:width', card.embed.width),
        named('twitter:player:height', card.embed.height),
      );
      if (url) {
        const oembed = `${origin}/api/oembed?url=${encodeURIComponent(url)}&format=json`;
        lines.push(tag('link', { rel: 'alternate', type: 'application/json+oembed', href: oembed, title: card.title }));
      }
    } else {
      lines.push(named('twitter:card', card.image ? 'summary_large_image' : 'summary'));
    }
    lines.push(named('twitter:title', card.title), named('twitter:description', meta.description));
    if (card.image) lines.push(named('twitter:image', absolute(origin, card.image.url)), named('twitter:image:alt', card.image.alt));
  }
  return lines.join('\n    ');
}

/**
 * The built page with `meta`'s head: its `<title>` and description replaced, the rest added before
 * `</head>`. The built page's own title and description are the landing page's.
 */
export function withHead(html: string, meta: PageMeta, origin: string): string {
  const stripped = html.replace(/<title>[^<]*<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  const at = stripped.indexOf('</head>');
  if (at < 0) return stripped;
  return `${stripped.slice(0, at)}  ${headTags(meta, origin)}\n  ${stripped.slice(at)}`;
}

/**
 * The head of a page whose item may not be shown (removed by a moderator, its account banned, a
 * draft, no such item): it says the item is unavailable and nothing of it, not even its title.
 */
export function unavailablePage(thing: string, removed: boolean): PageMeta {
  const title = `This ${thing} is unavailable`;
  return {
    title: documentTitle(`${thing[0]!.toUpperCase()}${thing.slice(1)} unavailable`),
    description: removed ? `This ${thing} was removed from ${PRODUCT_NAME}.` : `This ${thing} does not exist or is not public.`,
    noindex: true,
    card: { title, type: 'website' },
  };
}
