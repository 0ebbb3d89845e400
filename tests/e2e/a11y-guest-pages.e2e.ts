import { describe, expect, it } from 'vitest';
import { SCREENS_TIMEOUT, useAxe } from './a11y.js';

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
});
