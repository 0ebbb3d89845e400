import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ARGS, CHROMIUM, DESKTOP, eventually, PHONE, useBrowser } from './support.js';

/**
 * The installable app (docs/architecture.md, "Installable app"): the worker at /sw.js precaches
 * the shell, the manifest makes it installable, the app opens and says so when offline, a new
 * version is offered, and web pushes arrive through the same worker.
 */
// The whole browser: the headless shell the other files use shows no notifications
// (`getNotifications()` stays empty), and a push's notification is what this file checks.
const b = useBrowser([], { executablePath: CHROMIUM, serviceWorkers: 'allow' });
const HOME_CONTENT = 'Solana Market Open: levels for the week';

/** A first install downloads the whole precache (about 150 files): slow on a busy 2-core machine. */
const INSTALL_MS = 90_000;
const TEST_MS = 240_000;

/** Waits until the page is controlled by the worker at /sw.js (installed, precached, activated). */
async function controlledBySw(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true, undefined, { timeout: INSTALL_MS });
}

interface WorkerVersion {
  versionId: string;
  registrationId: string;
  scriptURL: string;
  status: string;
  controlledClients?: string[];
}

/** The browser's own view of the service workers (DevTools protocol), as a user's DevTools would show it. */
async function watchWorkers(page: Page): Promise<{ cdp: CDPSession; versions: Map<string, WorkerVersion> }> {
  const cdp = await page.context().newCDPSession(page);
  const versions = new Map<string, WorkerVersion>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }: { versions: WorkerVersion[] }) => {
    for (const v of updated) versions.set(v.versionId, v);
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, versions };
}

describe('the service worker', () => {
  it(
    'registers at /sw.js, controls the page and is never cached long by HTTP',
    async () => {
      const page = await b.open('/app');
      await controlledBySw(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
      expect(scope).toBe(`${b.baseURL}/`);

      const sw = await fetch(`${b.baseURL}/sw.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get('content-type')).toMatch(/javascript/);
      expect(sw.headers.get('cache-control')).toMatch(/max-age=0|no-cache/);
      // The precache list names the shell and the hashed bundles, never an API answer or a source map.
      const source = await sw.text();
      expect(source).toContain('"url":"index.html"');
      expect(source).toMatch(/"url":"assets\/index-[\w-]+\.js"/);
      expect(source).not.toMatch(/"url":"[^"]*\.map"/);
      expect(source).not.toMatch(/"url":"\/?api\//);
    },
    TEST_MS,
  );

  it(
    'never answers an API request or the API docs page from its cache',
    async () => {
      const page = await b.open('/app');
      await controlledBySw(page);
      // A navigation under the API's docs gets the OpenAPI document, not the app shell.
      await page.goto('/api/docs/json');
      expect(await page.locator('#root').count()).toBe(0);
      expect(await page.locator('body').innerText()).toContain('"openapi"');
      // With the network gone, an API call fails instead of being served something cached.
      await page.goto('/app');
      await controlledBySw(page);
      await page.context().setOffline(true);
      const result = await page.evaluate(() =>
        fetch('/api/health').then(
          (r) => `answered ${r.status}`,
          () => 'failed',
        ),
      );
      expect(result).toBe('failed');
      await page.context().setOffline(false);
    },
    TEST_MS,
  );
});

describe('installing', () => {
  it(
    'serves a manifest Chrome accepts: no installability errors, icons and shortcuts reachable',
    async () => {
      const res = await fetch(`${b.baseURL}/manifest.webmanifest`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await res.json()) as {
        name: string;
        short_name: string;
        id: string;
        start_url: string;
        scope: string;
        display: string;
        icons: { src: string; sizes: string; purpose?: string }[];
        shortcuts: { name: string; url: string; icons: { src: string }[] }[];
      };
      expect(manifest).toMatchObject({ name: 'Glint', short_name: 'Glint', start_url: '/app', scope: '/', display: 'standalone' });
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['48x48', '192x192', '512x512']));
      expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
      expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
        ['Shorts', '/shorts'],
        ['Upload', '/submit'],
        ['Streams', '/streams'],
      ]);
      const images = [
        ...manifest.icons.map((i) => i.src),
        ...manifest.shortcuts.flatMap((s) => s.icons.map((i) => i.src)),
        '/icons/apple-touch-icon-180x180.png',
      ];
      for (const src of images) {
        const icon = await fetch(new URL(src, b.baseURL));
        expect(icon.status, src).toBe(200);
        expect(icon.headers.get('content-type'), src).toBe('image/png');
      }

      // Lighthouse 13 has no PWA category any more: Chrome itself says whether the page is installable.
      // A persistent profile, as a person's browser has: Chrome never offers to install from incognito.
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-pwa-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: ARGS,
        baseURL: b.baseURL,
        viewport: DESKTOP,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto('/app');
        await controlledBySw(page);
        const cdp = await context.newCDPSession(page);
        const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
        expect(parsed.url).toBe(`${b.baseURL}/manifest.webmanifest`);
        expect(parsed.errors).toEqual([]);
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
        expect(installabilityErrors).toEqual([]);
        // Both theme colours, the light one for devices set to light.
        const themes = await page.locator('meta[name="theme-color"]').evaluateAll((ms) => ms.map((m) => [m.getAttribute('media'), m.getAttribute('content')]));
        expect(themes).toEqual(
          expect.arrayContaining([
            ['(prefers-color-scheme: dark)', '#0b0b12'],
            ['(prefers-color-scheme: light)', '#fafafb'],
          ]),
        );
      } finally {
        await context.close();
        fs.rmSync(profile, { recursive: true, force: true });
      }
    },
    TEST_MS,
  );
});

describe('offline', () => {
  it(
    'opens from the precache after a first visit, says it is offline, and recovers by itself',
    async () => {
      const page = await b.open('/app', { viewport: PHONE });
      await page.getByText(HOME_CONTENT).first().waitFor();
      await controlledBySw(page);
      const banner = page.getByRole('status', { name: 'Connection' });
      expect(await banner.count()).toBe(0);

      await page.context().setOffline(true);
      await banner.getByText('You are offline').waitFor();
      // A reload with no network: the worker answers with the shell instead of the browser's error page.
      await page.reload();
      await page.getByRole('navigation', { name: 'Bottom navigation' }).waitFor();
      await banner.getByText('You are offline').waitFor();
      // Another screen, by a full navigation through the worker, then inside the app (its code precached).
      await page.goto('/streams');
      await page.getByRole('heading', { name: 'Pump Streams', level: 1 }).waitFor();
      await banner.waitFor();
      await page.goto('/app');
      await banner.waitFor();
      expect(await page.getByText(HOME_CONTENT).count()).toBe(0);

      // The network comes back: the banner goes and the paused queries load, with no click.
      await page.context().setOffline(false);
      await banner.waitFor({ state: 'detached' });
      await page.getByText(HOME_CONTENT).first().waitFor();
    },
    TEST_MS,
  );
});

describe('a new version', () => {
  const swFile = path.resolve('dist/client/sw.js');
  // The build also wrote compressed copies, which the server sends to browsers that take them.
  const copies = { br: `${swFile}.br`, gz: `${swFile}.gz` };
  let original: Buffer | undefined;
  let originalCopies: Record<string, Buffer> = {};
  afterEach(() => {
    if (original) fs.writeFileSync(swFile, original);
    for (const [file, bytes] of Object.entries(originalCopies)) fs.writeFileSync(file, bytes);
    original = undefined;
    originalCopies = {};
  });
  /** A later deploy's worker: the file and its compressed copies, as a build would write them. */
  function deployChangedWorker() {
    original = fs.readFileSync(swFile);
    const next = Buffer.concat([original, Buffer.from(`\n// a later build ${Date.now()}\n`)]);
    fs.writeFileSync(swFile, next);
    if (fs.existsSync(copies.br)) {
      originalCopies[copies.br] = fs.readFileSync(copies.br);
      fs.writeFileSync(copies.br, zlib.brotliCompressSync(next));
    }
    if (fs.existsSync(copies.gz)) {
      originalCopies[copies.gz] = fs.readFileSync(copies.gz);
      fs.writeFileSync(copies.gz, zlib.gzipSync(next));
    }
  }

  it(
    'is offered in a toast, and Reload brings the new worker into control',
    async () => {
      const page = await b.open('/app');
      await controlledBySw(page);
      const { versions } = await watchWorkers(page);
      const first = await eventually(() => {
        const active = [...versions.values()].filter((v) => v.status === 'activated');
        expect(active).toHaveLength(1);
        return active[0]!;
      });

      // A second deploy: the same server now serves a worker whose bytes differ.
      deployChangedWorker();
      await page.reload();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'A new version is available' });
      await toast.waitFor({ timeout: INSTALL_MS });
      // Still the first worker until the user chooses: nothing switched under their feet.
      expect(versions.get(first.versionId)?.status).toBe('activated');

      await page.evaluate(() => sessionStorage.setItem('before-reload', 'yes'));
      const reloaded = page.waitForEvent('load');
      await toast.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await controlledBySw(page);
      await eventually(() => {
        expect(versions.get(first.versionId)?.status).toBe('redundant');
        const active = [...versions.values()].filter((v) => v.status === 'activated');
        expect(active).toHaveLength(1);
        expect(active[0]!.versionId).not.toBe(first.versionId);
      }, INSTALL_MS);
      expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'A new version is available' }).count()).toBe(0);
    },
    TEST_MS,
  );
});

describe('web push', () => {
  it(
    'arrives through the same worker and opens only a path of the app',
    async () => {
      const page = await b.open('/app');
      await page.context().grantPermissions(['notifications'], { origin: b.baseURL });
      await controlledBySw(page);
      const { cdp, versions } = await watchWorkers(page);
      const registrationId = await eventually(() => {
        const active = [...versions.values()].find((v) => v.status === 'activated' && v.scriptURL.endsWith('/sw.js'));
        expect(active).toBeDefined();
        return active!.registrationId;
      });

      // What the push service would deliver (the server's payload, src/server/features/notifications/push.ts).
      const deliver = (payload: object) =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin: `${b.baseURL}/`, registrationId, data: JSON.stringify(payload) });
      await deliver({ id: 'n-1', title: 'New follower', body: 'ada followed you', url: '/profile/ada' });
      await deliver({ id: 'n-2', title: 'Sneaky', body: 'elsewhere', url: '//evil.example/steal' });

      const shown = await eventually(async () => {
        const list = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return (await reg!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
        });
        expect(list).toHaveLength(2);
        return list;
      }, 10_000);
      expect(shown).toEqual(
        expect.arrayContaining([
          { title: 'New follower', body: 'ada followed you', tag: 'n-1', url: '/profile/ada' },
          { title: 'Sneaky', body: 'elsewhere', tag: 'n-2', url: '/app' },
        ]),
      );
    },
    TEST_MS,
  );
});
