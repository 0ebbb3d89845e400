import { defineConfig } from 'vitest/config';
import { longestFirst } from './scripts/longest-first.js';

// The browser suite against one built server (global-setup.ts, started once for the whole run), in
// two groups that run one after the other, two files at a time. Every file makes its own accounts
// and content, so two files meet only on what every visitor or every page sees; that decides the
// groups (docs/testing.md has the reasons and the timings):
//   1. `browser`: what must run while no stream is live, and what may run beside it.
//   2. `browser-streams`: the files that go live, one after the other beside auth.e2e.ts (which must
//      not run beside native.e2e.ts, in `browser`): two live streams at once (ffmpeg on both ends,
//      two players) made both files slower than one after the other.
// pwa.e2e.ts deploys a new service worker into dist/client; it is a `browser` file because the other
// files' pages run no service worker (support.ts), so only its own pages see the new one.
// Lighthouse (accessibility and best practices only, once per page) is a `browser` file like the
// others; its performance audit, which measures CPU time, is `npm run bench`'s.
const STREAMS = [
  'tests/e2e/bounties.e2e.ts',
  'tests/e2e/chat.e2e.ts',
  'tests/e2e/live.e2e.ts',
  'tests/e2e/tips.e2e.ts',
  'tests/e2e/pump-streams.e2e.ts',
  // Also prints how long a browser stream takes to go live (docs/decisions/008-live-ingest.md).
  'tests/e2e/browser-live.e2e.ts',
];
// Unlinks and links again the one Google account of the local OIDC server, which native.e2e.ts signs in with.
const BESIDE_STREAMS = ['tests/e2e/auth.e2e.ts'];

/**
 * The longest files of each group start first, longest first, so that the workers work through the
 * short ones at the end and finish together (and, in `browser-streams`, the streams go one after
 * the other beside auth). Left to itself vitest starts the files it has no timings for (every file,
 * in CI's fresh clone) largest first, and the accessibility scans would begin when half their group
 * is done.
 */
const FIRST = [
  // Starts servers of its own, six times, and needs none of the demo media, which the accessibility
  // scans wait for at the start (the one media worker makes it in the first minute): it fills that
  // wait, as does wallet.e2e.ts (Phantom's sign-in, no media).
  'tests/e2e/server.e2e.ts',
  'tests/e2e/a11y-signed-in.e2e.ts',
  'tests/e2e/wallet.e2e.ts',
  'tests/e2e/a11y-guest-browse.e2e.ts',
  'tests/e2e/videos.e2e.ts',
  'tests/e2e/a11y-dialogs.e2e.ts',
  // Waits for the demo media too; started mid-way, not last, where it ended the group alone.
  'tests/e2e/lighthouse.e2e.ts',
  'tests/e2e/pwa.e2e.ts',
  'tests/e2e/native.e2e.ts',
  'tests/e2e/a11y-guest-pages.e2e.ts',
  'tests/e2e/auth.e2e.ts',
  'tests/e2e/live.e2e.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['tests/e2e/global-setup.ts'],
    sequence: { sequencer: longestFirst(FIRST) },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.e2e.ts'],
          exclude: [...STREAMS, ...BESIDE_STREAMS],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'browser-streams', include: [...BESIDE_STREAMS, ...STREAMS], maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
