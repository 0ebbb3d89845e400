import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, PHONE, useBrowser } from './support.js';

/**
 * The Android app, played by Chromium: the web app built for it (`VITE_API_ORIGIN` = this test's
 * server), served from `https://localhost` as the Android shell serves it, with Capacitor told it
 * runs on Android. Everything it does crosses origins to the Glint server, whose
 * `NATIVE_APP_ORIGINS` lists `https://localhost` (global-setup).
 */
const APP_ORIGIN = 'https://localhost';
const PW = 'Str0ng!Passw0rd';
const b = useBrowser();
let appDir: string;

beforeAll(() => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-native-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, VITE_API_ORIGIN: b.baseURL },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  expect(built.status).toBe(0);
}, 300_000);
afterAll(() => fs.rmSync(appDir, { recursive: true, force: true }));

/** Opens the app on a phone-sized page: its files from the build, never from the server. */
async function openApp(pathname = '/'): Promise<Page> {
  return b.open(
    `${APP_ORIGIN}${pathname}`,
    {
      viewport: PHONE,
      baseURL: APP_ORIGIN,
      // The test's server is on loopback, which Chromium keeps from other pages unless allowed;
      // the real app's server is a public address, where the question does not arise.
      permissions: ['local-network-access'],
    },
    {
      beforeGoto: async (page) => {
        await page.addInitScript(() => {
          // What the Android shell injects before any page script: the platform's name and the
          // native App plugin's bridge. A listener the app adds for links opened on the phone is
          // kept here, as the shell keeps it, for the test to call as the phone would.
          const w = window as unknown as Record<string, unknown>;
          const listeners: Array<(data: unknown) => void> = [];
          w.__appUrlOpenListeners = listeners;
          // Pages the app opens in the system browser (the Browser plugin), for the test to visit.
          const opened: string[] = [];
          w.__browserOpened = opened;
          w.CapacitorCustomPlatform = { name: 'android', plugins: {} };
          w.Capacitor = {
            PluginHeaders: [
              {
                name: 'App',
                methods: [
                  { name: 'addListener', rtype: 'callback' },
                  { name: 'removeListener', rtype: 'promise' },
                ],
              },
              {
                name: 'Browser',
                methods: [
                  { name: 'open', rtype: 'promise' },
                  { name: 'close', rtype: 'promise' },
                ],
              },
            ],
            nativeCallback: (plugin: string, method: string, options: { eventName?: string }, callback: (data: unknown) => void) => {
              if (plugin === 'App' && method === 'addListener' && options.eventName === 'appUrlOpen') listeners.push(callback);
              return String(listeners.length);
            },
            nativePromise: (plugin: string, method: string, options: { url?: string }) => {
              if (plugin === 'Browser' && method === 'open' && options.url) opened.push(options.url);
              return Promise.resolve();
            },
          };
        });
        await page.context().route(`${APP_ORIGIN}/**`, async (route) => {
          const { pathname: p } = new URL(route.request().url());
          const file = path.join(appDir, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
          const found = file.startsWith(appDir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(appDir, 'index.html');
          await route.fulfill({ path: found });
        });
      },
    },
  );
}

async function newAccount(prefix: string) {
  const username = `${prefix}${Date.now().toString(36).slice(-6)}`;
  const res = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.baseURL },
    body: JSON.stringify({ email: `${username}@example.com`, username, name: '', password: PW }),
  });
  expect(res.status).toBe(200);
  return username;
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('glint.native.session'));
/** A link opened on the phone, handed to the app's listener as the native bridge hands it. */
const openLink = async (page: Page, url: string) => {
  // Capacitor's App plugin loads after the first screen, inside the app only.
  await page.waitForFunction(() => ((window as unknown as { __appUrlOpenListeners?: unknown[] }).__appUrlOpenListeners?.length ?? 0) > 0);
  await page.evaluate((u) => {
    for (const listener of (window as unknown as { __appUrlOpenListeners: Array<(data: unknown) => void> }).__appUrlOpenListeners) listener({ url: u });
  }, url);
};

describe('the native app', () => {
  it('opens on the home feed instead of the landing page, with content from the server', async () => {
    const page = await openApp('/');
    await page.waitForURL((u) => u.origin === APP_ORIGIN && u.pathname === '/app');
    // The demo content comes from the server, across origins.
    await page.getByTestId('stream-card').filter({ hasText: 'Solana Market Open: levels for the week' }).first().waitFor({ timeout: 30_000 });
  }, 120_000);

  it('signs in with a bearer token, uses it on the realtime socket, and forgets it at sign-out', async () => {
    const username = await newAccount('nat');
    const page = await openApp('/app');
    const sockets: PageSocket[] = [];
    page.on('websocket', (ws) => sockets.push(ws));
    const hellos: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && f.payload.includes('"hello"') && hellos.push(f.payload)));

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Up / Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Login' }).click();
    const form = dialog.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email or username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill(PW);
    const answer = page.waitForResponse((r) => r.url().startsWith(`${b.baseURL}/api/auth/sign-in/`));
    await form.getByRole('button', { name: 'Log In' }).click();
    expect((await answer).status()).toBe(200);

    await eventually(async () => expect(await storedToken(page)).toBeTruthy(), 10_000);
    // The server knows the app through its token alone: no cookie of the server's is kept.
    expect((await page.context().cookies(b.baseURL)).filter((c) => c.name.includes('session_token'))).toEqual([]);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').getByText(`@${username}`, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // Closed before it is opened again, as a person sees it go.
    await page.getByRole('menu').waitFor({ state: 'hidden' });

    // The realtime socket goes to the server and is greeted as this account.
    await eventually(() => expect(hellos.some((h) => !h.includes('"userId":null'))).toBe(true), 15_000);
    expect(sockets.some((s) => s.url().startsWith(b.baseURL.replace(/^http/, 'ws')))).toBe(true);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await eventually(async () => expect(await storedToken(page)).toBeNull(), 10_000);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Up / Login' }).waitFor();
  }, 180_000);

  it('signs in with Google in the system browser and comes back to the app signed in', async () => {
    const page = await openApp('/app');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Up / Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Login' }).click();
    await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
    // The app stays where it was; the sign-in happens in the phone's browser.
    const opened = await page.waitForFunction(() => (window as unknown as { __browserOpened: string[] }).__browserOpened[0]);
    const start = String(await opened.jsonValue());
    // The app registered its challenge first; the browser carries only the flow id it was given.
    expect(start.startsWith(`${b.baseURL}/api/native/google?flow=`)).toBe(true);
    expect(start).not.toContain('challenge');
    expect(new URL(page.url()).origin).toBe(APP_ORIGIN);

    // The system browser: its own cookies, nothing shared with the app.
    const system = await b.context();
    try {
      const browser = await system.newPage();
      await browser.goto(start);
      // Google went through without a prompt; nothing goes to the app before the person says so.
      await browser.waitForURL((u) => u.pathname === '/api/native/google/done');
      await browser.getByRole('heading', { name: 'Continue to the Glint app?' }).waitFor();
      await browser.locator('strong', { hasText: 'Grace Hopper' }).waitFor();
      expect(await browser.content()).not.toMatch(/code=|glint:\/\//);
      await browser.getByRole('button', { name: 'Continue' }).click();
      // The code arrives on the server's own https return link, which a phone opens in the verified
      // app (App Links, universal links); this Chromium shows the server's fallback page instead.
      await browser.waitForURL((u) => u.pathname === '/app/native/return');
      const back = browser.url();
      expect(back).toMatch(new RegExp(`^${b.baseURL.replace(/[.]/g, '\\.')}/app/native/return\\?code=[A-Za-z0-9_-]{43}$`));
      await browser.getByRole('heading', { name: 'Open the Glint app' }).waitFor();
      // The browser is left signed out: the session is the app's.
      expect((await system.cookies(b.baseURL)).filter((c) => c.name.includes('session_token'))).toEqual([]);

      await openLink(page, back);
      await page.getByText('Welcome back!').waitFor();
      await eventually(async () => expect(await storedToken(page)).toBeTruthy(), 10_000);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menu').getByText('Grace Hopper', { exact: true }).waitFor();
      await page.keyboard.press('Escape');

      // The same link a second time (a replay) is refused and changes nothing.
      await openLink(page, back);
      await page.getByText('This sign-in has expired. Please try again.').waitFor();
      expect(await storedToken(page)).toBeTruthy();
    } finally {
      await system.close();
    }
  }, 120_000);

  it('shows links opened on the phone in the app when they are ours, and ignores the rest', async () => {
    const page = await openApp('/app');
    await page.waitForURL((u) => u.pathname === '/app');
    const host = new URL(b.baseURL).hostname;
    const history = () => page.evaluate(() => window.history.length);
    const before = await history();
    await openLink(page, `https://evil.example/shorts`);
    await openLink(page, `javascript:alert(1)`);
    await openLink(page, `https://${host}/settings`);
    await openLink(page, `https://${host}/shorts`);
    await page.waitForURL((u) => u.origin === APP_ORIGIN && u.pathname === '/shorts');
    // One step in the history: the three links before it went nowhere.
    expect(await history()).toBe(before + 1);
    await openLink(page, 'glint://glint');
    await page.waitForURL((u) => u.origin === APP_ORIGIN && u.pathname === '/glint');
  }, 120_000);
});
