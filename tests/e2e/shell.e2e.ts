import { describe, expect, it } from 'vitest';
import { eventually, PHONE, useBrowser } from './support.js';

const b = useBrowser();
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('landing and home', () => {
  it('leads from the landing page into the app, where demo content shows', async () => {
    const page = await b.open('/');
    await page.getByRole('heading', { name: 'Share streams, earn crypto rewards' }).waitFor();
    await page.getByRole('link', { name: 'Start Watching' }).click();
    await page.waitForURL('**/app');
    await page.getByText('Solana Market Open: levels for the week').first().waitFor();
    await page.getByText('No live streams right now').waitFor();
  });

  it('filters the home screen by ?category=', async () => {
    const page = await b.open('/app?category=defi');
    await page.getByRole('heading', { name: 'DeFi', level: 1 }).waitFor();
    await page.getByText('Stablecoin yields, risks ranked').first().waitFor();
    expect(await page.getByText('Solana Market Open: levels for the week').count()).toBe(0);
  });
});

describe('an upcoming stream', () => {
  it('opens from the home page on its schedule, creator and follow button, not an error', async () => {
    const page = await b.open('/app');
    const card = page.getByTestId('stream-card').filter({ hasText: 'Solana Market Open: levels for the week' }).first();
    await card.getByRole('heading').getByRole('link').click();
    await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
    const stream = page.getByTestId('stream-page');
    await stream.getByRole('heading', { level: 1, name: 'Solana Market Open: levels for the week' }).waitFor();
    expect(await stream.getAttribute('data-status')).toBe('scheduled');
    await stream.getByText(/^Starts in|^Starting soon/).waitFor();
    await stream.getByRole('button', { name: /Follow/ }).waitFor();
    expect(await page.getByText('This stream is not available').count()).toBe(0);
    // An address that names no stream still says so.
    await page.goto('/stream/0b7c2a9e-3f4d-4e1a-9b2c-8d7e6f5a4b3c');
    await page.getByRole('heading', { name: 'This stream is not available' }).waitFor();
  });
});

describe('page titles', () => {
  it('name each page in the tab as people move around, and again going back', async () => {
    const page = await b.open('/');
    await eventually(async () => expect(await page.title()).toBe('Glint: Share streams, earn crypto rewards'));
    await page.getByRole('link', { name: 'Start Watching' }).click();
    await page.waitForURL('**/app');
    await eventually(async () => expect(await page.title()).toBe('Home · Glint'));
    const card = page.getByTestId('stream-card').filter({ hasText: 'Solana Market Open: levels for the week' }).first();
    await card.getByRole('heading').getByRole('link').click();
    await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
    await eventually(async () => expect(await page.title()).toBe('Solana Market Open: levels for the week · Sol Whale · Glint'), 15_000);
    await page.getByTestId('stream-page').getByRole('link', { name: 'Sol Whale' }).first().click();
    await page.waitForURL('**/profile/solwhale');
    await eventually(async () => expect(await page.title()).toBe('@solwhale · Glint'), 15_000);
    await page.goBack();
    await eventually(async () => expect(await page.title()).toBe('Solana Market Open: levels for the week · Sol Whale · Glint'), 15_000);
    // The page a link opens names itself before any code runs (the server wrote it).
    const bounties = await b.open('/');
    await bounties.getByRole('banner').getByRole('link', { name: 'Bounties' }).click();
    await bounties.waitForURL('**/bounties');
    await eventually(async () => expect(await bounties.title()).toBe('Bounties · Glint'));
    const search = await b.open('/search?q=sol');
    expect(await search.title()).toBe('Search: sol · Glint');
  });
});

describe('sidebar', () => {
  const items: [string, string][] = [
    ['Home', '/app'],
    ['Pump Streams', '/streams'],
    ['Glint', '/glint'],
    ['Shorts', '/shorts'],
    ['Leaderboards', '/leaderboards'],
    ['Trending', '/trending'],
    ['Upcoming', '/upcoming'],
    ['Recently Ended', '/recent'],
  ];

  it('reaches every item route', async () => {
    const page = await b.open('/app');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' }).or(page.getByRole('complementary', { name: 'Sidebar' }));
    await eventually(async () => {
      const names = await sidebar.getByRole('link').allInnerTexts();
      expect(names.slice(0, 8).map((n) => n.trim())).toEqual(items.map(([n]) => n));
    });
    for (const [name, path] of items) {
      await page.goto('/app');
      await sidebar.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
    }
  });

  it('shows 8 categories, and all 28 after Show More', async () => {
    const page = await b.open('/app');
    const sidebar = page.locator('[aria-label="Sidebar"]');
    const categoryLinks = sidebar.locator('a[href^="/app?category="]');
    expect(await categoryLinks.count()).toBe(8);
    await sidebar.getByRole('button', { name: 'Show More (20 more)' }).click();
    expect(await categoryLinks.count()).toBe(28);
    await categoryLinks.filter({ hasText: 'Just Chatting' }).click();
    await page.waitForURL((u) => u.search === '?category=just-chatting');
  });

  it('is collapsed by default away from home, and the toggle is remembered across reloads', async () => {
    const page = await b.open('/glint');
    const sidebar = page.locator('[aria-label="Sidebar"]');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await eventually(async () => expect(await sidebar.getAttribute('data-collapsed')).toBe('false'));
    await page.reload();
    await eventually(async () => expect(await page.locator('[aria-label="Sidebar"]').getAttribute('data-collapsed')).toBe('false'));
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.reload();
    await eventually(async () => expect(await page.locator('[aria-label="Sidebar"]').getAttribute('data-collapsed')).toBe('true'));
  });
});

describe('theme', () => {
  it('is dark by default and the toggle is remembered', async () => {
    const page = await b.open('/app');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(true);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark()).toBe(false);
    await page.reload();
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark()).toBe(true);
  });
});

describe('header search', () => {
  it('navigates only for non-blank text, on Enter or the button', async () => {
    const page = await b.open('/glint');
    const box = page.getByRole('searchbox', { name: 'Search' }).or(page.getByRole('textbox', { name: 'Search' }));
    await box.fill('   ');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Run search' }).click();
    await new Promise((r) => setTimeout(r, 300));
    expect(pathOf(page.url())).toBe('/glint');

    await box.fill('whale');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'whale');
    await page.getByText('Sol Whale').first().waitFor();

    await page.goto('/app');
    await box.fill('anchor');
    await page.getByRole('button', { name: 'Run search' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'anchor');
    await page.getByText('Building an escrow program in Anchor').first().waitFor();
  });
});

describe('not found', () => {
  it('shows the not-found screen for an unknown path', async () => {
    const page = await b.open('/this/is/not/a/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});

describe('phone layout', () => {
  it('shows the bottom bar and opens the sidebar as a drawer', async () => {
    const page = await b.open('/glint', { viewport: PHONE, isMobile: true, hasTouch: true });
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    await bottom.waitFor();
    expect((await bottom.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['Home', 'Streams', 'Upload', 'Glint', 'Shorts']);
    expect(await page.locator('[aria-label="Sidebar"]').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Leaderboards', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/leaderboards');
    await drawer.waitFor({ state: 'hidden' });

    await bottom.getByRole('link', { name: 'Streams' }).click();
    await page.waitForURL((u) => u.pathname === '/streams');
  });

  it('has a search button leading to /search instead of the box', async () => {
    const page = await b.open('/app', { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.getByRole('link', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname === '/search');
  });
});

describe('an error in the address', () => {
  it('shows the Authentication Error toast with the description', async () => {
    const page = await b.open('/app?error=access_denied&error_description=The%20user%20cancelled%20sign-in');
    await page.getByText('Authentication Error').waitFor();
    await page.getByText('The user cancelled sign-in').waitFor();
  });

  it('falls back to the Google message without a description', async () => {
    const page = await b.open('/app?error=server_error&error_description=');
    await page.getByText('Authentication Error').waitFor();
    await page.getByText('Failed to sign in with Google. Please try again.').waitFor();
  });
});
