import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { DESKTOP, eventually, PHONE, useBrowser, type Browsing } from './support.js';

// WCAG 2.2 AA as axe-core checks it, on every screen of docs/product.md §2 and the dialogs that open
// over them: in the dark and the light theme, at desktop and phone widths, as a guest and signed
// in. A serious or critical violation fails; the summary printed at the end of each file names each
// screen and the rules it broke, so a failure reads without a debugger. The scans are in several
// files (`a11y-*.e2e.ts`, by screen group) so that they run beside the other browser files on the
// one shared server; each file has its own browser and scans its screens in one page per test.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser build, read once for the file. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page as it is now (within `include`, or the whole document) for WCAG 2.2 AA,
 * and gives its violations. axe is put into each frame of a document once and run there again for
 * the next scan of the same document: `@axe-core/playwright`, which this replaces, put it in again
 * for every scan and gathered each scan's results in a blank page of its own, about a CPU second
 * of Chromium per scan against a fifth of one here (docs/testing.md).
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeResults['violations']> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    ([selector, opts]) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
        opts,
      ),
    [include ?? null, options] as const,
  );
  return results.violations;
}

/** The violations that fail a scan: axe's serious and critical ones. */
export const serious = (violations: AxeResults['violations']) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const THEMES = [
  { name: 'dark', isDark: true },
  { name: 'light', isDark: false },
] as const;
const WIDTHS = [
  { name: 'desktop', size: DESKTOP },
  { name: 'phone', size: PHONE },
] as const;

/** How long a test scanning routes may take: five minutes for every ten screens (each in two themes and two widths). */
export const SCREENS_TIMEOUT = 300_000;

interface Owned {
  id: string;
  creator?: { id: string };
  poster?: { id: string };
  priceUsdc?: string | null;
}
/** Seeded by the server (its demo creators' ids start with `demo-`), not made by a test running beside this one. */
const seeded = (item: Owned) => (item.creator ?? item.poster)!.id.startsWith('demo-');

async function api<T>(baseURL: string, p: string): Promise<T> {
  const res = await fetch(`${baseURL}${p}`);
  expect(res.ok, `${p} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Demo content to visit (the server seeds it at start and transcodes its videos on one worker):
 * a ready free video, a scheduled stream and a bounty. Only the seed's: another file's video, stream
 * or bounty may be deleted, go live or be paid while it is scanned.
 */
export async function demoContent(baseURL: string) {
  const videos = await eventually(async () => {
    const list = (await api<Owned[]>(baseURL, '/api/videos?kind=long&limit=48')).filter((v) => seeded(v) && !v.priceUsdc);
    expect(list.length).toBeGreaterThan(0);
    return list;
  }, 240_000);
  const [streams, bounties] = await Promise.all([
    api<Owned[]>(baseURL, '/api/streams?status=scheduled').then((l) => l.filter(seeded)),
    api<Owned[]>(baseURL, '/api/bounties').then((l) => l.filter(seeded)),
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
  // A theme switch, a resize or a hover that just ended fades colours for a moment: axe reads the
  // contrast of what is on screen, so the scan waits for every transition and finite animation to
  // end (a spinner or a live dot turns forever, and is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function setTheme(page: Page, isDark: boolean) {
  await page.evaluate((dark) => localStorage.setItem('glint-theme', JSON.stringify({ isDark: dark })), isDark);
}

/**
 * Switches the open page to the other theme with the header's toggle (a click in the page, so no
 * pointer is left hovering over it), or, on a screen without one, through the saved choice and a
 * reload.
 */
async function switchTheme(page: Page, isDark: boolean) {
  const toggled = await page.evaluate(() => {
    const toggle = Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-label="Toggle theme"]')).find((b) => b.offsetParent !== null);
    toggle?.click();
    toggle?.blur();
    return !!toggle;
  });
  if (!toggled) {
    await setTheme(page, isDark);
    await page.reload();
  }
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, isDark);
}

type Check = (name: string) => Promise<void>;

export interface Axe {
  /** The file's browser. */
  b: Browsing;
  /** The seed's content to visit, once it is ready. */
  demo(): ReturnType<typeof demoContent>;
  /**
   * Visits each path once and scans it in each theme (switched with the header's toggle) at desktop
   * and phone width (the same page, resized, as a window is); returns the failures.
   */
  scanRoutes(page: Page, who: string, paths: string[]): Promise<string[]>;
  /** Opens `path` in each theme and width and runs `walk`, which opens dialogs and calls `check` on each. */
  scanDialogs(page: Page, path: string, walk: (page: Page, check: Check) => Promise<unknown>): Promise<string[]>;
}

/** One browser for the file, and its scans' summary printed when the file is done. */
export function useAxe(): Axe {
  const b = useBrowser();
  /** Every scan's failures, `where → rule (nodes)`. */
  const summary: string[] = [];
  let scans = 0;
  afterAll(() => {
    console.log(`axe: ${scans} scans, ${summary.length} with serious or critical violations${summary.length ? `:\n  ${summary.join('\n  ')}` : ''}`);
  });

  /** Runs axe on the page as it is; returns `where → rules` when serious or critical violations are found. */
  async function scan(page: Page, where: string): Promise<string | undefined> {
    scans++;
    const bad = serious(await axeViolations(page));
    if (!bad.length) return undefined;
    const line = `${where} → ${bad.map((v) => `${v.id} (${v.nodes.length}: ${v.nodes[0]!.target.join(' ')})`).join(', ')}`;
    summary.push(line);
    console.log(`axe: ${line}`);
    return line;
  }

  return {
    b,
    demo: () => demoContent(b.baseURL),
    async scanRoutes(page, who, paths) {
      const failures: string[] = [];
      const check = async (path: string, isDark: boolean, width: (typeof WIDTHS)[number]) => {
        await page.setViewportSize(width.size);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(isDark);
        const failure = await scan(page, `${path} [${who} ${isDark ? 'dark' : 'light'} ${width.name}]`);
        if (failure) failures.push(failure);
      };
      // Each path is opened once, in the theme the last one ended in: scanned at both widths, then
      // switched to the other theme with the header's toggle, as a person does, and scanned again.
      let isDark = true;
      await setTheme(page, isDark);
      for (const path of paths) {
        await page.setViewportSize(WIDTHS[0].size);
        await page.goto(path);
        await check(path, isDark, WIDTHS[0]);
        await check(path, isDark, WIDTHS[1]);
        isDark = !isDark;
        await switchTheme(page, isDark);
        await check(path, isDark, WIDTHS[1]);
        await check(path, isDark, WIDTHS[0]);
      }
      return failures;
    },
    async scanDialogs(page, path, walk) {
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
    },
  };
}
