import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { htmlEntryKey, staticClosure, type Manifest } from '../../../shared/platform/build-manifest.js';
import { ROUTE_SCREENS } from '../../../shared/platform/routes.js';

/**
 * The code of the screen a page opens on, named with the page (`Link: <...>; rel=modulepreload`),
 * so the browser fetches it beside the app's entry instead of after the entry has run and the
 * router has asked for it: one round trip fewer before the screen, and on a watch page some forty
 * small files. Read once from the build's manifest; without one (no build, the dev server) it names
 * nothing. The files the page itself already loads are left out.
 */
export function screenPreloads(clientDir: string, log?: { warn(obj: object, msg: string): void }): (pattern: string) => string[] {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const byScreen = new Map<string, string[]>();
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    const entry = htmlEntryKey(manifest);
    const shell = new Set(staticClosure(manifest, [entry]).js);
    for (const screen of new Set(Object.values(ROUTE_SCREENS))) {
      if (!manifest[screen]) continue;
      const files = staticClosure(manifest, [screen]).js.filter((f) => !shell.has(f));
      byScreen.set(
        screen,
        files.map((f) => `</${f}>; rel=modulepreload`),
      );
    }
  } catch (error) {
    log?.warn({ err: error, file }, 'web app manifest unreadable: screens are not preloaded');
  }
  return (pattern) => byScreen.get(ROUTE_SCREENS[pattern] ?? '') ?? [];
}

/** A public, ready video's poster (`id`), or the newest short's (`null`); throws when there is none. */
export type PosterOf = (id: string | null) => Promise<string | null>;

/**
 * What a page's largest picture will be, told to the browser with the page itself
 * (`Link: <...>; rel=preload; as=image`), so it downloads while the app's code does instead of
 * after the code has run and asked the API which video it shows. A watch page and the shorts feed
 * are painted around a video's poster; other screens have no single picture worth it.
 *
 * Only public, ready videos are named (the same rule as the API), and a failed look-up names
 * nothing: the page never waits on or breaks for a hint. The videos feature says what a poster is
 * (`posterOf`, given to `registerSpa` by the app), so this file knows no feature.
 */
export async function pagePreloads(app: FastifyInstance, posterOf: PosterOf, pattern: string, path: string, query: URLSearchParams): Promise<string[]> {
  const id = videoShownFirst(pattern, path, query);
  if (id === undefined) return [];
  try {
    const poster = await app.readCache.memo(id ? `page-preload:video:${id}` : 'page-preload:shorts-feed', () => posterOf(id));
    const link = poster ? preloadImage(poster) : undefined;
    return link ? [link] : [];
  } catch {
    return [];
  }
}

/**
 * The video a page (`path`, of route `pattern`) opens on: its id, `null` for the shorts feed's
 * newest short, `undefined` for a page that opens on no video.
 */
export function videoShownFirst(pattern: string, path: string, query: URLSearchParams): string | null | undefined {
  if (pattern === '/shorts') return query.get('video') || null;
  if (ROUTE_SCREENS[pattern] !== 'features/videos/video-screen.tsx' && pattern !== '/shorts/:username/:titleSlug/:id') return undefined;
  return path.split('/').filter(Boolean).at(-1);
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
