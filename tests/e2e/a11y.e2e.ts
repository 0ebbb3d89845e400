import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { installPhantom } from './phantom.js';
import { DESKTOP, eventually, PHONE, signedInAccount, useBrowser } from './support.js';

// WCAG 2.2 AA as axe-core checks it, on every screen of docs/product.md §2 and the dialogs that open
// over them: in the dark and the light theme, at desktop and phone widths, as a guest and signed
// in. A serious or critical violation fails; the summary printed at the end names each screen and
// the rules it broke, so a failure reads without a debugger.
const b = useBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const THEMES = [
  { name: 'dark', isDark: true },
  { name: 'light', isDark: false },
] as const;
const WIDTHS = [
  { name: 'desktop', size: DESKTOP },
  { name: 'phone', size: PHONE },
] as const;

/** Every scan's failures, `where → rule (nodes)`, printed once the file is done. */
const summary: string[] = [];
let scans = 0;
afterAll(() => {
  console.log(`axe: ${scans} scans, ${summary.length} with serious or critical violations${summary.length ? `:\n  ${summary.join('\n  ')}` : ''}`);
});

async function api<T>(p: string): Promise<T> {
  const res = await fetch(`${b.baseURL}${p}`);
  expect(res.ok, `${p} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

interface Owned {
  id: string;
  creator?: { id: string };
  poster?: { id: string };
  priceUsdc?: string | null;
}
/** Seeded by the server (its demo creators' ids start with `demo-`), not made by a test running beside this one. */
const seeded = (item: Owned) => (item.creator ?? item.poster)!.id.startsWith('demo-');

/**
 * Demo content to visit (the server seeds it at start and transcodes its videos on one worker).
 * Only the seed's: another file's video, stream or bounty may be deleted, go live or be paid while
 * it is scanned.
 */
async function demo() {
  const videos = await eventually(async () => {
    const list = (await api<Owned[]>('/api/videos?kind=long&limit=48')).filter((v) => seeded(v) && !v.priceUsdc);
    expect(list.length).toBeGreaterThan(0);
    return list;
  }, 240_000);
  const [streams, bounties] = await Promise.all([
    api<Owned[]>('/api/streams?status=scheduled').then((l) => l.filter(seeded)),
    api<Owned[]>('/api/bounties').then((l) => l.filter(seeded)),
  ]);
  expect(streams.length * bounties.length).toBeGreaterThan(0);
  return { videoId: videos[0]!.id, streamId: streams[0]!.id, bountyId: bounties[0]!.id };
}

/** The screen has drawn its content: no skeleton and no loading spinner left. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      !!document.querySelector('#root > *') &&
      !document.querySelector('[data-slot="skeleton"]') &&
      !Array.from(document.querySelectorAll('[role="status"]')).some((s) => s.textContent?.trim() === 'Loading'),
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

/** Runs axe on the page as it is; returns `where → rules` when serious or critical violations are found. */
async function scan(page: Page, where: string): Promise<string | undefined> {
  scans++;
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (!bad.length) return undefined;
  const line = `${where} → ${bad.map((v) => `${v.id} (${v.nodes.length}: ${v.nodes[0]!.target.join(' ')})`).join(', ')}`;
  summary.push(line);
  console.log(`axe: ${line}`);
  return line;
}

async function setTheme(page: Page, isDark: boolean) {
  await page.evaluate((dark) => localStorage.setItem('glint-theme', JSON.stringify({ isDark: dark })), isDark);
}

/**
 * Visits each path in each theme, scanning it at desktop width and again at phone width (the same
 * page, resized, as a window is); returns the failures.
 */
async function scanRoutes(page: Page, who: string, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme.isDark);
    for (const path of paths) {
      await page.setViewportSize(WIDTHS[0].size);
      await page.goto(path);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.size);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme.isDark);
        const failure = await scan(page, `${path} [${who} ${theme.name} ${width.name}]`);
        if (failure) failures.push(failure);
      }
    }
  }
  return failures;
}

const SCREENS_TIMEOUT = 300_000;

describe('dialogs pass axe (WCAG 2.2 AA)', () => {
  type Check = (name: string) => Promise<void>;
  /** Opens `path` in each theme and width and runs `walk`, which opens dialogs and calls `check` on each. */
  async function scanDialogs(page: Page, path: string, walk: (page: Page, check: Check) => Promise<unknown>): Promise<string[]> {
    const failures: string[] = [];
    for (const theme of THEMES) {
      await setTheme(page, theme.isDark);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.size);
        await page.goto(path);
        await settled(page);
        await walk(page, async (name) => {
          await settled(page);
          const failure = await scan(page, `${name} [${theme.name} ${width.name}]`);
          if (failure) failures.push(failure);
        });
      }
    }
    return failures;
  }

  it('the auth dialog on each tab, and Complete Your Registration', async () => {
    const page = await b.open('/app', {}, { beforeGoto: (p) => installPhantom(p, new TestWallet()) });
    const failures = await scanDialogs(page, '/app', async (p, check) => {
      await p.getByRole('button', { name: 'User menu' }).click();
      await p.getByRole('menuitem', { name: 'Sign Up / Login' }).click();
      const dialog = p.getByRole('dialog', { name: 'Welcome to Glint' });
      // The strength meter and checklist show once a password is typed.
      await dialog.getByLabel('Password', { exact: true }).fill('abc1');
      await dialog.getByText('Weak').waitFor();
      await check('auth dialog, Sign Up');
      await dialog.getByRole('tab', { name: 'Login' }).click();
      await dialog.getByRole('form', { name: 'Log in' }).waitFor();
      await check('auth dialog, Login');
      await dialog.getByRole('tab', { name: 'Wallet' }).click();
      await dialog.getByRole('button', { name: 'Connect Phantom' }).click();
      await p.getByRole('dialog', { name: 'Complete Your Registration' }).waitFor();
      await check('Complete Your Registration');
    });
    expect(failures).toEqual([]);
  }, 400_000);

  it('the support chat, with a question and its answer', async () => {
    const page = await b.open('/app');
    const failures = await scanDialogs(page, '/app', async (p, check) => {
      await p.getByRole('button', { name: 'Open Glint Support Chat' }).click();
      const panel = p.getByRole('dialog', { name: 'Glint Support Chat' });
      await panel.getByPlaceholder('Type your message...').fill('how do I go live from OBS?');
      await panel.getByPlaceholder('Type your message...').press('Enter');
      await panel.getByRole('button', { name: 'Copy answer' }).waitFor();
      await check('support chat');
    });
    expect(failures).toEqual([]);
  }, 300_000);

  it('the notifications panel and the user menu, signed in', async () => {
    const { page } = await signedInAccount(b, 'axebell');
    const failures = await scanDialogs(page, '/app', async (p, check) => {
      await p.getByRole('button', { name: 'User menu' }).click();
      await p.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
      await check('user menu');
      // On a phone the bell lives in the user menu (docs/product.md §2).
      const inMenu = p.getByRole('menuitem', { name: /^Notifications/ });
      if (await inMenu.count()) await inMenu.click();
      else {
        await p.keyboard.press('Escape');
        await p
          .getByRole('button', { name: /^Notifications/ })
          .first()
          .click();
      }
      await p.getByText('No notifications yet').waitFor();
      await check('notifications');
    });
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('every screen passes axe (WCAG 2.2 AA)', () => {
  it(
    'as a guest',
    async () => {
      const { videoId, streamId, bountyId } = await demo();
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
    SCREENS_TIMEOUT * 3,
  );

  it(
    'signed in',
    async () => {
      const { videoId, streamId, bountyId } = await demo();
      const { page } = await signedInAccount(b, 'axe');
      const failures = await scanRoutes(page, 'signed in', [
        '/app',
        `/stream/${streamId}`,
        `/glint/${videoId}`,
        '/shorts',
        `/bounties/${bountyId}`,
        '/submit',
        '/profile',
        '/settings',
        '/admin/moderation',
      ]);
      expect(failures).toEqual([]);
    },
    SCREENS_TIMEOUT * 2,
  );

  it(
    'as an admin, on the admin screens',
    async () => {
      // An address of ADMIN_EMAILS: an admin once confirmed (global-setup), with reports to show.
      const email = 'axeadmin@example.com';
      const res = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: b.baseURL },
        body: JSON.stringify({ email, username: 'axeadmin', name: 'Axe Admin', password: 'Str0ng!Passw0rd' }),
      });
      expect(res.status).toBe(200);
      const link = await eventually(async () => {
        const mails = ((await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; text: string }[]).filter((m) => m.to === email);
        expect(mails.length).toBeGreaterThan(0);
        return /https?:\/\/\S+/.exec(mails[0]!.text)![0];
      });
      const page = await b.open(link);
      await page.waitForURL((u) => u.pathname === '/app');
      await page.goto('/admin/roles');
      // The screen an admin gets, not the refusal a user gets.
      await page.getByRole('heading', { level: 1, name: /roles/i }).waitFor();
      const failures = await scanRoutes(page, 'admin', ['/admin/verification', '/admin/moderation', '/admin/reports', '/admin/roles']);
      expect(failures).toEqual([]);
    },
    SCREENS_TIMEOUT,
  );
});
