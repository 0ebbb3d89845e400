import { describe, expect, it } from 'vitest';
import { axeViolations, SCREENS_TIMEOUT, useAxe } from './a11y.js';

// axe (WCAG 2.2 AA) on the rest of a guest's screens: search, leaderboards, bounties, the x402 and
// legal pages, the password forms and the missing page (tests/e2e/a11y.ts).
const { b, demo, scanRoutes } = useAxe();

describe('every screen passes axe (WCAG 2.2 AA)', () => {
  it(
    'as a guest, on search, bounties and the pages',
    async () => {
      const { bountyId } = await demo();
      const page = await b.open('/');
      const failures = await scanRoutes(page, 'guest', [
        '/search?q=trading',
        '/leaderboards',
        '/bounties',
        `/bounties/${bountyId}`,
        '/x402-explained',
        '/privacy-policy',
        '/terms-of-service',
        '/reset-password',
        '/update-password',
        '/no-such-screen',
      ]);
      expect(failures).toEqual([]);
    },
    SCREENS_TIMEOUT * 2,
  );

  it('the scanner reports what a screen breaks, in the page and in a part of it', async () => {
    const page = await b.open('/leaderboards');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);
    // An image without a text alternative, and a button without a name: WCAG 1.1.1 and 4.1.2.
    await page.evaluate(() => {
      const box = document.createElement('section');
      box.id = 'broken';
      box.innerHTML = '<img src="/favicon.svg"><button></button>';
      document.querySelector('main')!.append(box);
    });
    expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
    expect((await axeViolations(page, '#broken')).map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
    expect(await axeViolations(page, 'h1')).toEqual([]);
  });
});
