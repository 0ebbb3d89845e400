import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlaylistDetail, PlaylistSummary } from '../../src/shared/playlists/playlists.js';
import { axeViolations, serious } from './a11y.js';
import { DESKTOP, eventually, PHONE, signedInAccount, useBrowser } from './support.js';

// Watch later and playlists as a viewer meets them: Save from a card and from the watch page,
// reorder with the keyboard, play the playlist in order (the next video starts when one ends), and
// a stranger kept out of a private playlist. The demo videos (10–12 s, made at the server's start)
// are the playlist's videos.
const b = useBrowser();
const MEDIA_MS = 240_000;
/** The free long videos of the demo content (src/server/seed/seed.ts). */
const DEMO_TITLES = ['SOL weekly outlook: levels that matter', 'Anchor in 10 minutes: your first program', 'How liquidity pools really work'];

interface Card {
  id: string;
  title: string;
}

/** The three free long videos of the demo content, once ready. */
async function demoVideos(): Promise<Card[]> {
  return eventually(async () => {
    const res = await fetch(`${b.baseURL}/api/videos?kind=long&limit=48`);
    const free = ((await res.json()) as Card[]).filter((v) => DEMO_TITLES.includes(v.title));
    expect(free.length).toBeGreaterThanOrEqual(3);
    return free.slice(0, 3);
  }, MEDIA_MS);
}

/** Screens settle after a request and a deferred render: polls wait up to 10 s. */
const POLL = { timeout: 10_000 };

const watchPath = (v: Card) => `/glint/${v.id}`;

/** The signed-in page's own view of an API read (its cookies). */
async function read<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function expectNoSeriousViolations(page: Page, what: string) {
  const found = serious(await axeViolations(page));
  expect(
    found.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

describe('playlists', () => {
  it('saves from a card and the watch page, reorders by keyboard, plays in order; a stranger is kept out', { timeout: 300_000 }, async () => {
    const [first, second, third] = await demoVideos();
    const { page } = await signedInAccount(b, 'plist');

    // From a card: Watch later, and a new playlist made in the dialog.
    await page.goto('/glint');
    const cardSave = page.getByRole('button', { name: `Save “${first!.title}”` }).first();
    await cardSave.click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: 'Save to…' });
    await dialog.getByRole('checkbox', { name: /Watch later/ }).check();
    await page.getByText('Saved to Watch later').waitFor();
    await dialog.getByRole('button', { name: 'New playlist' }).click();
    await dialog.getByLabel('Title').fill('Road trip');
    await dialog.getByLabel('Visibility').selectOption('private');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Saved to Road trip').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // From the watch page, by keyboard: the Save button, then the playlist's checkbox with Space.
    for (const video of [second!, third!]) {
      await page.goto(watchPath(video));
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await save.waitFor({ timeout: 15_000 });
      await save.focus();
      await page.keyboard.press('Enter');
      const box = page.getByRole('dialog', { name: 'Save to…' }).getByRole('checkbox', { name: /Road trip/ });
      await box.focus();
      await page.keyboard.press('Space');
      await page.getByText('Saved to Road trip').last().waitFor();
      expect(await box.isChecked()).toBe(true);
      await page.keyboard.press('Escape');
    }

    const mine = await read<PlaylistSummary[]>(page, '/api/playlists');
    expect(mine.map((p) => [p.title, p.videoCount])).toEqual([
      ['Watch later', 1],
      ['Road trip', 3],
    ]);
    const trip = mine[1]!;

    // /playlists, then the playlist page: reorder with the keyboard, heard in the live region.
    await page.goto('/playlists');
    await page.getByRole('heading', { name: 'Your playlists', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, '/playlists');
    await page.getByRole('link', { name: 'Road trip' }).click();
    await page.getByRole('heading', { name: 'Road trip', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, '/playlist/:id');
    await page.setViewportSize(PHONE);
    await expectNoSeriousViolations(page, '/playlist/:id on a phone');
    await page.setViewportSize(DESKTOP);
    const up = page.getByRole('button', { name: `Move “${third!.title}” up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('reorder-status').textContent(), POLL).toBe(`“${third!.title}” moved to position 2 of 3`);
    // Alt+Arrow up in the same row, where the focus stayed.
    expect(await up.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => page.getByTestId('reorder-status').textContent(), POLL).toBe(`“${third!.title}” moved to position 1 of 3`);
    await eventually(async () =>
      expect((await read<PlaylistDetail>(page, `/api/playlists/${trip.id}`)).videos.map((v) => v.id)).toEqual([third!.id, first!.id, second!.id]),
    );
    await expect
      .poll(() => page.getByTestId('playlist-item').allTextContents(), POLL)
      .toEqual([expect.stringContaining(third!.title), expect.stringContaining(first!.title), expect.stringContaining(second!.title)]);

    // Play all: the first video with the queue beside it; when it ends, the next one opens and plays.
    await page.getByRole('link', { name: 'Play all' }).click();
    await page.waitForURL((u) => u.pathname.endsWith(`/${third!.id}`) && u.searchParams.get('list') === trip.id);
    const queue = page.getByTestId('playlist-queue');
    await expect.poll(() => queue.locator('[aria-current="true"]').textContent(), POLL).toContain(third!.title);
    await expect.poll(() => queue.getByTestId('up-next').textContent(), POLL).toBe(`Up next: ${first!.title}`);
    const video = page.locator('[data-testid="video-player"] video');
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1), 20_000);
    // Near its end, playing (muted, so the browser lets it), it runs out by itself.
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = v.duration - 0.5;
      void v.play();
    });
    await page.waitForURL((u) => u.pathname.endsWith(`/${first!.id}`) && u.searchParams.get('list') === trip.id, { timeout: 20_000 });
    await expect.poll(() => queue.locator('[aria-current="true"]').textContent(), POLL).toContain(first!.title);
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0), 20_000);

    // A stranger: the private playlist is not available to them, nor to a guest.
    const stranger = await signedInAccount(b, 'plstr');
    await stranger.page.goto(`/playlist/${trip.id}`);
    await stranger.page.getByRole('heading', { name: 'This playlist is not available' }).waitFor();
    expect((await stranger.page.request.get(`/api/playlists/${trip.id}`)).status()).toBe(404);
    expect((await fetch(`${b.baseURL}/api/playlists/${trip.id}`)).status).toBe(404);
  });
});
