import { describe, expect, it } from 'vitest';
import { documentTitle, routeTitle, shortDescription } from './page-titles.js';
import { routePattern } from './routes.js';

const titleOf = (url: string) => {
  const u = new URL(url, 'http://x');
  return routeTitle(routePattern(u.pathname), u.pathname, u.searchParams).title;
};

describe('page titles', () => {
  it("put the page's own name first and the product last, leaving out empty parts", () => {
    expect(documentTitle('SOL weekly outlook', 'Sol Whale')).toBe('SOL weekly outlook · Sol Whale · Glint');
    expect(documentTitle('  two\n lines ', undefined, '')).toBe('two lines · Glint');
    expect(documentTitle()).toBe('Glint');
  });

  it('name a page from its address alone', () => {
    expect(titleOf('/')).toBe('Glint: Share streams, earn crypto rewards');
    expect(titleOf('/bounties')).toBe('Bounties · Glint');
    expect(titleOf('/search?q=sol')).toBe('Search: sol · Glint');
    expect(titleOf('/search?q=%20')).toBe('Search · Glint');
    expect(titleOf('/profile/solwhale')).toBe('@solwhale · Glint');
    expect(titleOf('/profile/%E0%A4')).toBe('@%E0%A4 · Glint'); // not decodable: as it is
    expect(titleOf('/recent')).toBe('Recently ended · Glint');
    expect(titleOf('/nowhere/at/all')).toBe('Page not found · Glint');
    // An item's page is named by its item (the server's page data, the screen); until then the product.
    expect(titleOf('/bounties/5f0c')).toBe('Glint');
  });

  it('cut a long description at a word, with an ellipsis', () => {
    expect(shortDescription('short  and\nflat')).toBe('short and flat');
    const long = shortDescription('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^(word )+word…$/);
  });
});
