import fs from 'node:fs';

/** Debian's Chromium, the whole browser: the Lighthouse and live benchmarks, and what only a whole browser does (offer to install the app). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser suite drives: Debian's `chromium-headless-shell`, built from the same Chromium
 * source (Blink, V8, the media stack) without the browser's own UI layer, as Playwright's own
 * headless mode runs it. Measured here on three browser files (2026-11-27), it spent 76 CPU seconds
 * where the whole browser spent 119, the same tests passing (docs/testing.md). `CHROMIUM_PATH`
 * runs the suite on another build (the whole browser: `CHROMIUM_PATH=/usr/bin/chromium`); without
 * the shell installed, the suite falls back to the whole browser.
 */
export const TEST_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** Flags that keep Chromium from calling out of this closed network (docs/architecture.md), and from playing sound. */
export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // No sound card to play to: a playing video's page idles at about half the CPU without audio
  // output (2.9 against 1.3 CPU seconds over ten seconds on a demo video's page, measured here).
  '--mute-audio',
];
