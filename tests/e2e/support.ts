import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

import { ARGS, CHROMIUM, TEST_CHROMIUM } from './chromium.js';
import { buildLinkMessage } from '../../src/shared/wallet/wallet.js';
import type { TestWallet } from '../../src/server/test-support/wallet.js';

export { ARGS, CHROMIUM, TEST_CHROMIUM };
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface OpenSetup {
  beforeGoto?: (page: Page) => Promise<unknown>;
}

export interface Browsing {
  browser: Browser;
  baseURL: string;
  /**
   * A fresh context and page; console errors and CSP violations on it fail the test.
   * `setup.beforeGoto` runs on the new page before it navigates (init scripts, exposed functions).
   */
  open(path?: string, options?: BrowserContextOptions, setup?: OpenSetup): Promise<Page>;
  /**
   * A fresh context with the file's defaults (no service worker unless the file allows them), not
   * watched: for a page whose errors are the test's own business (a frame refused on purpose, the
   * system browser). The test closes it.
   */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Launches one headless Chromium for a test file. Every page it opens is watched: an error in
 * the console, an uncaught exception or a Content-Security-Policy violation fails the test.
 * `extraArgs` add Chromium flags for this file's browser (a fake camera, say); `executablePath`
 * another build than the suite's headless shell (the whole browser, for what only it has).
 *
 * Its pages run no service worker unless `serviceWorkers` is `'allow'` (the files that test the
 * worker: the installed app, offline, updates, web push). Every page opens in a fresh context, and
 * in each the worker would install again and precache the whole build (218 files) beside the test:
 * about half of Chromium's work for a page (docs/testing.md).
 */
export function useBrowser(
  extraArgs: string[] = [],
  { executablePath = TEST_CHROMIUM, serviceWorkers = 'block' }: { executablePath?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Browsing {
  const state = { browser: undefined as unknown as Browser, contexts: [] as BrowserContext[], problems: [] as string[] };
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    state.browser = await chromium.launch({ executablePath, headless: true, args: [...ARGS, ...extraArgs] });
  });
  afterEach(async () => {
    await Promise.all(state.contexts.map((c) => c.close()));
    state.contexts = [];
    const problems = state.problems;
    state.problems = [];
    expect(problems, 'browser console errors').toEqual([]);
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  const context = (options: BrowserContextOptions = {}) => state.browser.newContext({ baseURL, viewport: DESKTOP, serviceWorkers, ...options });
  return {
    get browser() {
      return state.browser;
    },
    baseURL,
    context,
    async open(path = '/', options = {}, setup: OpenSetup = {}) {
      const watched = await context(options);
      state.contexts.push(watched);
      const page = await watched.newPage();
      page.on('console', (msg) => {
        // A 404 answer for a path the test visits on purpose is logged by Chromium as a resource error,
        // and so is the 410 of content a moderator removed (its page says so).
        if (msg.type() !== 'error' || /status of (40[04]|410)/.test(msg.text())) return;
        // So is a refusal the account API gives on purpose (wrong password 401, rate limit 429,
        // taken email 409), which the page then shows as a toast.
        if (/status of 4(01|03|09|22|29)/.test(msg.text()) && new URL(msg.location().url || baseURL, baseURL).pathname.startsWith('/api/auth/')) return;
        // And the account deletion's refusals (a wrong password 401, the last admin 409), shown in its dialog.
        if (/status of 4(01|09)/.test(msg.text()) && new URL(msg.location().url || baseURL, baseURL).pathname === '/api/account/deletion') return;
        // And 402 from a priced video's playlist: the x402 protocol's first answer, before payment.
        if (/status of 402/.test(msg.text()) && /^\/api\/videos\/[^/]+\/paid\/master\.m3u8$/.test(new URL(msg.location().url || baseURL, baseURL).pathname))
          return;
        // And the support chat's failure, which a test makes on purpose to see its error toast.
        if (/status of 5\d\d/.test(msg.text()) && new URL(msg.location().url || baseURL, baseURL).pathname === '/api/support-chat') return;
        // And a chat message that slow mode (429) or a timeout (403) holds back: the chat says why under its box.
        if (/status of 4(03|29)/.test(msg.text()) && /^\/api\/streams\/[^/]+\/chat$/.test(new URL(msg.location().url || baseURL, baseURL).pathname)) return;
        // And a request made while a test has taken the browser offline on purpose (context.setOffline).
        if (/net::ERR_INTERNET_DISCONNECTED/.test(msg.text())) return;
        const where = msg.location().url;
        state.problems.push(where ? `${msg.text()} (${where})` : msg.text());
      });
      page.on('pageerror', (err) => state.problems.push(`uncaught: ${err.message}`));
      await setup.beforeGoto?.(page);
      await page.goto(path);
      // The web app draws its first screen in a transition, which may end a moment after the load event.
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return !root || root.childElementCount > 0;
      });
      return page;
    },
  };
}

/** Waits until `fn` stops throwing (for assertions on state that settles after an event). */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let accounts = 0;
/**
 * Which of the files running at once this is (1 or 2; vitest's worker slot). Files share prefixes
 * (`host`, `fan`), and two running side by side could otherwise name an account alike in the
 * same millisecond.
 */
const worker = process.env.VITEST_POOL_ID ?? '0';
/** A new verified account named `<prefix>…`, signed in on a fresh page (the confirmation link signs in). */
export async function signedInAccount(b: Browsing, prefix: string, options: BrowserContextOptions = {}): Promise<{ page: Page; username: string }> {
  const username = `${prefix}${Date.now().toString(36).slice(-5)}${worker}${(accounts++).toString(36)}`;
  const email = `${username}@example.com`;
  const res = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.baseURL },
    body: JSON.stringify({ email, username, name: '', password: 'Str0ng!Passw0rd' }),
  });
  expect(res.status).toBe(200);
  const link = await eventually(async () => {
    const outbox = await fetch(`${b.baseURL}/api/dev/outbox.json`);
    const mails = ((await outbox.json()) as { to: string; text: string }[]).filter((m) => m.to === email);
    expect(mails.length).toBeGreaterThan(0);
    return /https?:\/\/\S+/.exec(mails[0]!.text)![0];
  });
  const page = await b.open(link, options);
  await page.waitForURL((u) => u.pathname === '/app');
  return { page, username };
}

/**
 * OBS, played by ffmpeg: a test card (and a tone, unless `audio` is false) published in real time
 * for `seconds` to the RTMP address `url` (server and key). `done` settles when ffmpeg exits.
 */
export function publishLikeObs(
  url: string,
  seconds: number,
  { audio = true, size = '320x180', fps = 15 }: { audio?: boolean; size?: string; fps?: number } = {},
): { obs: ChildProcess; done: Promise<unknown> } {
  const obs = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`],
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${seconds}`] : []),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(fps), '-pix_fmt', 'yuv420p'],
      ...(audio ? ['-c:a', 'aac'] : []),
      ...['-f', 'flv', url.replace('localhost', '127.0.0.1')],
    ],
    { stdio: 'ignore' },
  );
  return { obs, done: new Promise((resolve) => obs.on('close', resolve)) };
}

/** Links `wallet` to the signed-in account of `page`, as Connect Wallet does after Phantom signs. */
export async function linkWallet(b: Browsing, page: Page, wallet: TestWallet) {
  const { nonce, host } = (await (await page.request.get('/api/auth/wallet-nonce')).json()) as { nonce: string; host: string };
  const { user } = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const message = buildLinkMessage(host, user.id, Date.now(), nonce);
  const res = await page.request.post('/api/auth/verify-wallet', {
    data: { walletAddress: wallet.address, message, signature: wallet.sign(message) },
    headers: { origin: b.baseURL },
  });
  expect(res.status()).toBe(200);
}

/**
 * As a creator on `page`: Go live on /submit with `title` (Trading, unless `fill` changes it; `fill`
 * fills in the rest of the form), then "Make a stream key" on the new stream's page. Returns the
 * stream's path and the address OBS publishes to.
 */
export async function createStreamWithKey(
  page: Page,
  title: string,
  fill?: (form: Locator) => Promise<void>,
): Promise<{ streamPath: string; rtmpUrl: string }> {
  await page.goto('/submit');
  await page.getByRole('tab', { name: 'Go live' }).click();
  const form = page.getByRole('form', { name: 'Go live' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption({ label: 'Trading' });
  await fill?.(form);
  await form.getByRole('button', { name: 'Create stream' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
  const streamPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Make a stream key' }).click();
  const key = await page.getByTestId('stream-key').inputValue();
  const server = await page.getByRole('textbox', { name: 'Server' }).inputValue();
  return { streamPath, rtmpUrl: `${server}/${key}` };
}

/** A page of another site (another origin: its own port) that frames `src` as `#player`, as a blog embedding Glint would. */
export async function frameOnAnotherSite(src: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>A blog</title><h1>My post</h1><iframe id="player" src="${src}" width="640" height="360" allow="autoplay; fullscreen"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The element's `currentTime` moves on by `advance` seconds: the video really plays. */
export async function expectPlaying(video: Locator, advance = 0.4) {
  await video.waitFor();
  const t0 = await eventually(async () => {
    const t = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(t).toBeGreaterThan(0);
    return t;
  }, 20_000);
  await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + advance), 20_000);
}
