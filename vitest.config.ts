import { defineConfig } from 'vitest/config';
import { longestFirst } from './scripts/longest-first.js';

/**
 * The longest files start first, so that the two workers end together on the many short files
 * instead of one waiting while the other finishes a long one. Left to itself vitest orders the
 * files it has no timings for (every file, in CI's fresh clone) largest first, which started
 * jobs.test.ts (small, but half a minute of waiting out a killed job's heartbeat) near the end
 * and crash.test.ts (the longest) halfway through. A file that moves just loses its place here.
 */
const FIRST = [
  'src/server/crash.test.ts',
  'src/server/fuzz/api.fuzz.test.ts',
  'src/server/features/live/live.test.ts',
  'src/server/platform/jobs/jobs.test.ts',
  'src/server/features/live/browser-ingest.test.ts',
  'src/server/features/roles/roles.test.ts',
  'src/server/platform/http/request-safety.test.ts',
  // Its rotating-address attack must be answered within the victim's one-minute window: not from
  // the start beside crash.test.ts (ffmpeg, five server starts), but a few files later.
  'src/server/features/support/support-chat.test.ts',
  'src/server/features/native/native-app.test.ts',
  'src/server/features/auth/auth.test.ts',
];

/**
 * Server files that get a process of their own: tls.test.ts, beside other files in one worker,
 * failed on PostgreSQL with "self-signed certificate" (state another file left in the worker).
 */
const ISOLATED = ['src/server/platform/http/tls.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Three files at a time on a 2-core machine: many files wait (job heartbeats, ffmpeg, the
    // crash test's restarts) and two at a time left a core idle (docs/testing.md has the figures).
    maxWorkers: 3,
    sequence: { sequencer: longestFirst(FIRST) },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          // The server's files run one after another in a worker that keeps its modules: a new
          // process per file spent more time starting Node and loading Fastify, Drizzle, PGlite and
          // the features than most files spend testing (docs/testing.md). They share no module
          // state: every file builds its own app and database, and none mocks a module.
          isolate: false,
          exclude: ISOLATED,
        },
      },
      {
        extends: true,
        test: { name: 'server-isolated', include: ISOLATED },
      },
      {
        extends: true,
        // The browser code's tests mock modules (vi.mock) and the DOM: a fresh module graph each.
        test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
