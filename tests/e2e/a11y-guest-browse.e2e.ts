import { describe, expect, it } from 'vitest';
import { SCREENS_TIMEOUT, useAxe } from './a11y.js';

// axe (WCAG 2.2 AA) on the screens a guest browses: the landing page, the feeds, a stream, a video,
// the shorts and a creator's profile (tests/e2e/a11y.ts). The other screens are in
// a11y-guest-pages.e2e.ts, which runs beside this file.
const { b, demo, scanRoutes } = useAxe();

describe('every screen passes axe (WCAG 2.2 AA)', () => {
  it(
    'as a guest, browsing',
    async () => {
      const { videoId, streamId } = await demo();
      const page = await b.open('/');
      const failures = await scanRoutes(page, 'guest', [
        '/',
        '/app',
        '/trending',
        '/upcoming',
        '/recent',
        '/streams',
        `/stream/${streamId}`,
        '/glint',
        `/glint/${videoId}`,
        '/shorts',
        '/profile/solwhale',
      ]);
      expect(failures).toEqual([]);
    },
    SCREENS_TIMEOUT * 2,
  );
});
