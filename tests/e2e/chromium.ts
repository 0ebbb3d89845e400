/** Debian's Chromium, as the end-to-end tests and the Lighthouse benchmark start it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
