import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppRoute, paths, ROUTE_PATTERNS, ROUTE_SCREENS, routePattern, slugify } from './routes.js';
import { PRODUCT_SLUG } from './product.js';

/** An address of `pattern`, each `:param` filled in. */
const addressOf = (pattern: string) => pattern.replace(/:\w+/g, 'abc');

describe('isAppRoute', () => {
  it.each(ROUTE_PATTERNS.map((pattern) => [addressOf(pattern), pattern]))('%s is a screen, %s', (address, pattern) => {
    expect(isAppRoute(address)).toBe(true);
    expect(isAppRoute(`${address}/`)).toBe(true);
    // No pattern earlier in the list takes another's addresses.
    expect(routePattern(address)).toBe(pattern);
  });

  it('takes every address paths builds', () => {
    const built = [
      paths.home(),
      paths.home('defi'),
      paths.stream({ id: 'x1' }),
      paths.stream({ id: 'x1', username: 'bob', title: 'Hello World' }),
      paths.video({ id: 'v1' }),
      paths.video({ id: 'v1', username: 'bob', title: 'My clip' }),
      paths.short('s1'),
      paths.profile('alice'),
      paths.bounty('b1'),
      paths.search('sol'),
    ];
    for (const address of built) expect(isAppRoute(new URL(address, 'http://x').pathname), address).toBe(true);
  });

  it.each(['/nope', '/stream', `/${PRODUCT_SLUG}/a/b`, '/admin', '/admin/other', '/shorts/abc', '/profile/a/b'])('%s is not found', (p) =>
    expect(isAppRoute(p)).toBe(false),
  );
});

describe('slugify and paths', () => {
  it('makes readable title slugs', () => {
    expect(slugify('My First Stream!')).toBe('my-first-stream');
    expect(slugify('Café  Crème — Live')).toBe('cafe-creme-live');
    expect(slugify('!!!')).toBe('untitled');
    expect(slugify('a'.repeat(200))).toHaveLength(80);
  });

  it('builds content addresses of docs/product.md §2 and §4', () => {
    expect(paths.stream({ id: 'x1' })).toBe('/stream/x1');
    expect(paths.stream({ id: 'x1', username: 'bob', title: 'Hello World' })).toBe('/stream/bob/hello-world/x1');
    expect(paths.video({ id: 'v1' })).toBe(`/${PRODUCT_SLUG}/v1`);
    expect(paths.short('s1')).toBe('/shorts?video=s1');
    expect(paths.search('sol & eth')).toBe('/search?q=sol%20%26%20eth');
    expect(paths.home('defi')).toBe('/app?category=defi');
  });
});

describe('ROUTE_SCREENS', () => {
  it('names, for every route, the screen src/client/app/router.tsx renders there', () => {
    const router = fs.readFileSync(path.resolve(import.meta.dirname, '../../client/app/router.tsx'), 'utf8').replaceAll('${PRODUCT_SLUG}', PRODUCT_SLUG);
    const found: Record<string, string> = {};
    // screen('/path', () => import('../features/dir/file')) and aliases(['/a', '/b'], () => import('../features/dir/file'))
    for (const m of router.matchAll(
      /(?:screen\(|aliases\(\s*\[)([^)]*?)\],?\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)|screen\(([`'][^`']+[`']),\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)/g,
    )) {
      const list = m[1] ?? m[3]!;
      const screen = `${m[2] ?? m[4]}.tsx`;
      for (const [, p] of list.matchAll(/[`']([^`']+)[`']/g)) if (p !== '*') found[p!] = screen;
    }
    expect(Object.keys(found).length).toBeGreaterThan(25);
    expect(found).toEqual(ROUTE_SCREENS);
    for (const pattern of Object.keys(ROUTE_SCREENS)) expect(ROUTE_PATTERNS).toContain(pattern);
    expect(Object.keys(ROUTE_SCREENS).sort()).toEqual([...ROUTE_PATTERNS].sort());
  });

  it('finds the pattern of an address', () => {
    expect(routePattern(`/${PRODUCT_SLUG}/abc`)).toBe(`/${PRODUCT_SLUG}/:id`);
    expect(routePattern(`/${PRODUCT_SLUG}/a/b/c`)).toBe(`/${PRODUCT_SLUG}/:username/:titleSlug/:id`);
    expect(routePattern('/nothing/here')).toBeUndefined();
  });
});
