import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPatternArgs } from '../../src/server/platform/media/ffmpeg.js';
import { NOT_A_VIDEO, SHORT_NOT_VERTICAL, type VideoKind } from '../../src/shared/videos/videos.js';
import { axeViolations } from './a11y.js';
import { eventually, expectPlaying, frameOnAnotherSite, PHONE, signedInAccount, useBrowser } from './support.js';

// Videos and shorts as creators and viewers meet them: upload, processing, playing, the shorts
// feed, likes and comments. The server transcodes its demo media at start on one worker, so
// anything waiting for processing gets minutes, not seconds.
const b = useBrowser();
const PROCESSING_MS = 240_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-e2e-media-'));
const fixture = (name: string, seconds: number, w: number, h: number) => {
  const file = path.join(tmp, name);
  execFileSync('ffmpeg', testPatternArgs(file, seconds, w, h), { stdio: 'ignore' });
  return file;
};
let landscape: string;
let portrait: string;
beforeAll(() => {
  landscape = fixture('harbour-tour.mp4', 4, 640, 360);
  portrait = fixture('quick-tip.mp4', 3, 360, 640);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const srtFile = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};
const TOUR_SRT =
  '1\r\n00:00:00,000 --> 00:00:02,000\r\nWelcome aboard\r\n\r\n2\r\n00:00:02,000 --> 00:00:04,000\r\n<font color="yellow">The lighthouse</font>\r\n';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`;

interface Card {
  id: string;
  title: string;
  slug: string;
  creator: { username: string };
}

async function api<T>(p: string): Promise<T> {
  const res = await fetch(`${b.baseURL}${p}`);
  expect(res.ok, `${p} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** A new verified account, signed in on a fresh page. */
const signedIn = (options: Parameters<typeof b.open>[1] = {}) => signedInAccount(b, 'vid', options);

async function ready(kind: VideoKind, n: number): Promise<Card[]> {
  return eventually(async () => {
    const list = await api<Card[]>(`/api/videos?kind=${kind}&limit=48`);
    expect(list.length).toBeGreaterThanOrEqual(n);
    return list;
  }, PROCESSING_MS);
}

const urlOf = (page: Page) => new URL(page.url());

async function upload(page: Page, kind: 'Video' | 'Short', file: string, title: string, description = `${title}, uploaded by the browser tests.`) {
  await page.getByRole('radio', { name: new RegExp(`^${kind}`) }).check({ force: true });
  await page.getByLabel('Video file').setInputFiles(file);
  await page
    .getByTestId('file-facts')
    .getByText(kind === 'Short' ? '360×640' : '640×360')
    .waitFor();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Category').selectOption({ label: 'Education' });
  await page.getByRole('textbox', { name: 'Tags' }).fill('e2e');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Remove tag e2e' }).waitFor();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

describe('uploading', () => {
  it('flags a file that is not a video before a byte is sent, even named .mp4', async () => {
    const { page } = await signedIn();
    await page.goto('/submit');
    await page
      .getByLabel('Video file')
      .setInputFiles({ name: 'holiday.mp4', mimeType: 'video/mp4', buffer: Buffer.from('A letter to my friends, not a film. '.repeat(500)) });
    await page.getByText(NOT_A_VIDEO).waitFor();
    await page.getByLabel('Title').fill('Not a film');
    await page.getByLabel('Category').selectOption({ label: 'Education' });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // Still on the form: nothing was created or sent.
    await page.waitForTimeout(500);
    expect(await page.getByText(NOT_A_VIDEO).count()).toBeGreaterThan(0);
    const mine = await page.evaluate(async () => (await (await fetch('/api/videos/mine')).json()) as Array<{ title: string }>);
    expect(mine.map((v) => v.title)).not.toContain('Not a film');
  });

  it('refuses a landscape short before uploading, with the server’s message', async () => {
    const { page } = await signedIn();
    await page.goto('/submit');
    await page.getByRole('radio', { name: /^Short/ }).check({ force: true });
    await page.getByLabel('Video file').setInputFiles(landscape);
    await page.getByText(SHORT_NOT_VERTICAL).waitFor();
    // As a video it is fine.
    await page.getByRole('radio', { name: /^Video/ }).check({ force: true });
    await page.getByTestId('file-facts').getByText('640×360').waitFor();
    expect(await page.getByText(SHORT_NOT_VERTICAL).count()).toBe(0);
  });

  it(
    'uploads a short and a video, follows processing to ready without reloading, and plays both; a viewer’s comment gets the owner’s reply, pin and heart',
    async () => {
      const { page, username } = await signedIn();
      // Signed in, the player's playback reports go over the realtime socket, not as requests.
      const socketReports: string[] = [];
      page.on('websocket', (ws) =>
        ws.on('framesent', (f) => typeof f.payload === 'string' && f.payload.includes('"type":"playback"') && socketReports.push(f.payload)),
      );
      await page.goto('/submit');
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      // The short. Its progress and ready state come over the realtime socket: the screen's
      // fallback poll of the video is held unanswered until then, so only the socket can tell it.
      const videoById = /\/api\/videos\/[0-9a-f-]{36}$/;
      const held: Route[] = [];
      await page.route(videoById, (r) => (r.request().method() === 'GET' ? void held.push(r) : r.continue()));
      const shortTitle = unique('Quick tip ');
      await upload(page, 'Short', portrait, shortTitle);
      const status = page.getByTestId('upload-status');
      await status.getByRole('heading', { name: /^Processing…/ }).waitFor({ timeout: 30_000 });
      const mine = page.getByRole('list', { name: 'Your uploads' });
      await mine.getByText(shortTitle).waitFor();
      await status.getByRole('heading', { name: 'Your short is ready' }).waitFor({ timeout: PROCESSING_MS });
      await page.unroute(videoById);
      await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
      await mine.getByTestId('own-upload').filter({ hasText: shortTitle }).getByText('Ready').waitFor();
      // Pick another of the frames processing chose.
      await status.getByRole('radio', { name: 'Frame 3' }).click();
      await page.getByText('Thumbnail saved').waitFor();
      expect(await status.getByRole('radio', { name: 'Frame 3' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      await status.getByRole('link', { name: 'Watch your short' }).click();
      await page.waitForURL((u) => u.pathname === '/shorts' && u.searchParams.has('video'));
      const shortId = urlOf(page).searchParams.get('video')!;
      const slide = page.locator(`[data-testid="short-slide"][data-video-id="${shortId}"]`);
      await expect.poll(() => slide.getAttribute('data-active')).toBe('true');
      await expectPlaying(slide.locator('video'));

      // The video.
      await page.goto('/submit');
      const videoTitle = unique('Harbour tour ');
      // Its description names chapters (the file is 4 s long).
      await upload(page, 'Video', landscape, videoTitle, 'A short tour.\n0:00 Quay\n0:01 Boats\n0:02 Lighthouse');
      await status.getByRole('heading', { name: /^Processing…/ }).waitFor({ timeout: 30_000 });
      // Captions, added while it processes: a malformed SRT is refused with its line and reason, a good one kept.
      const captions = status.getByTestId('captions-editor');
      await captions.getByLabel('Language').selectOption({ label: 'English' });
      await captions.locator('input[type=file]').setInputFiles(srtFile('broken.srt', '1\n00:00:03,000 --> 00:00:01,000\nBackwards\n'));
      await captions.getByRole('alert').getByText('Line 2: this caption ends (00:00:01,000) before it starts (00:00:03,000).').waitFor();
      await captions.locator('input[type=file]').setInputFiles(srtFile('tour.en.srt', TOUR_SRT));
      await captions.getByRole('list', { name: 'Captions of this video' }).getByText('English').waitFor();
      await status.getByRole('heading', { name: 'Your video is ready' }).waitFor({ timeout: PROCESSING_MS });
      await status.getByRole('link', { name: 'Watch your video' }).click();
      await page.waitForURL((u) => u.pathname.startsWith(`/glint/${username}/harbour-tour-`));
      const player = page.getByTestId('video-player').locator('video');
      await expectPlaying(player);
      const videoId = /[0-9a-f-]{36}$/.exec(urlOf(page).pathname)![0];
      await eventually(async () => expect(socketReports.some((r) => r.includes(videoId))).toBe(true));

      // Chapters from the description: marked on the seek bar, listed under the video, each a place to start.
      expect(await page.getByTestId('chapter-mark').count()).toBe(2);
      const chapters = page.getByTestId('chapters');
      expect(await chapters.getByRole('listitem').allInnerTexts()).toEqual(['0:00\nQuay', '0:01\nBoats', '0:02\nLighthouse']);
      await chapters.getByRole('button', { name: /Lighthouse/ }).click();
      await eventually(async () => expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(2));
      // Playback speed, from its menu, kept for the next video.
      await page.getByRole('button', { name: 'Playback speed: Normal' }).click();
      await page.getByRole('menuitemradio', { name: '1.5×' }).click();
      await page.getByRole('button', { name: 'Playback speed: 1.5×' }).waitFor();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await player.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      expect(await page.evaluate(() => localStorage.getItem('glint.playbackRate'))).toBe('1.5');
      // ? lists the shortcuts.
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Slower or faster').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });

      // Keyboard: k pauses and plays again.
      await page.keyboard.press('k');
      await eventually(async () => expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true));
      await page.keyboard.press('k');
      await eventually(async () => expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false));
      // The quality menu lists Auto and the renditions (360p for a 360p source).
      await page.getByRole('button', { name: /^Quality/ }).click();
      await page.getByRole('menuitemradio', { name: /^Auto/ }).waitFor();
      await page.getByRole('menuitemradio', { name: '360p', exact: true }).click();
      await page.getByRole('button', { name: 'Quality: 360p' }).waitFor();

      // Captions: chosen in the CC menu, drawn at the times the file says, the choice kept.
      await page.keyboard.press('k');
      await eventually(async () => expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true));
      await page.getByRole('button', { name: 'Subtitles/CC: Off' }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Subtitles/CC: English' }).waitFor();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      const shown = page.getByTestId('captions');
      await player.evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
      await eventually(async () => expect(await shown.innerText()).toBe('Welcome aboard'));
      await player.evaluate((v: HTMLVideoElement) => (v.currentTime = 2.5));
      await eventually(async () => expect(await shown.innerText()).toBe('The lighthouse'));
      expect(await page.evaluate(() => localStorage.getItem('glint.captions'))).toBe('en');
      // c turns them off and on again.
      await page.keyboard.press('c');
      await page.getByRole('button', { name: 'Subtitles/CC: Off' }).waitFor();
      await page.keyboard.press('c');
      await eventually(async () => expect(await shown.innerText()).toBe('The lighthouse'));

      // Watched, it is in the owner's history (the short too).
      const videoUrl = page.url();
      await page.goto('/history');
      await page.getByRole('list', { name: 'Watched videos' }).getByRole('link', { name: videoTitle }).waitFor();
      await page.getByRole('list', { name: 'Watched videos' }).getByRole('link', { name: shortTitle }).waitFor();
      await page.goto(videoUrl);
      await player.waitFor();

      // A viewer comments; the owner replies, pins and hearts it; the viewer is told and reads the reply.
      const videoPath = urlOf(page).pathname;
      const { page: fan } = await signedIn();
      await fan.goto(videoPath);
      await fan.getByLabel('Add a comment').fill('Where was this filmed?');
      await fan.getByRole('button', { name: 'Comment', exact: true }).click();
      await fan.getByRole('list', { name: 'Comments' }).getByText('Where was this filmed?').waitFor();
      await page.reload();
      const question = page.getByTestId('comment').filter({ hasText: 'Where was this filmed?' });
      await question.getByRole('button', { name: 'Reply', exact: true }).click();
      await question.getByLabel('Write a reply').fill('In the old harbour');
      await question.getByRole('button', { name: 'Reply', exact: true }).last().click();
      await question.getByRole('list', { name: 'Replies' }).getByText('In the old harbour').waitFor();
      await question.getByRole('button', { name: '1 reply' }).waitFor();
      await question.getByRole('button', { name: 'Comment actions' }).first().click();
      await page.getByRole('menuitem', { name: 'Pin' }).click();
      await question.getByTestId('comment-pinned').waitFor();
      await question.getByRole('button', { name: 'Comment actions' }).first().click();
      await page.getByRole('menuitem', { name: 'Heart' }).click();
      await question.getByTestId('comment-hearted').waitFor();
      const fanBell = fan.getByRole('button', { name: 'Notifications', exact: true });
      await eventually(async () => expect(await fanBell.locator('[data-slot="unread-badge"]').innerText()).toBe('1'), 15_000);
      await fan.reload();
      const fanQuestion = fan.getByTestId('comment').filter({ hasText: 'Where was this filmed?' });
      await fanQuestion.getByText('Pinned by the creator').waitFor();
      await fanQuestion.getByRole('button', { name: '1 reply' }).click();
      await fanQuestion.getByRole('list', { name: 'Replies' }).getByText('In the old harbour').waitFor();

      // The owner renames it (the address follows), then deletes it.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit video' });
      // Its captions are there too, and the dialog passes axe with them.
      await edit.getByRole('list', { name: 'Captions of this video' }).getByText('English').waitFor();
      expect((await axeViolations(page, '[role="dialog"]')).map((v) => v.id)).toEqual([]);
      await edit.getByLabel('Title').fill(`${videoTitle} renamed`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL((u) => u.pathname.includes('-renamed/'));
      await page.getByRole('heading', { level: 1, name: `${videoTitle} renamed` }).waitFor();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog', { name: 'Delete this video?' }).getByRole('button', { name: 'Delete video' }).click();
      await page.waitForURL((u) => u.pathname === '/glint');
      await page.getByText('Video deleted').waitFor();
    },
    2 * PROCESSING_MS + 60_000,
  );
});

describe('the shorts feed', () => {
  it(
    'opens at ?video=, moves one short per ArrowDown, and the address follows',
    async () => {
      const shorts = await ready('short', 3);
      const page = await b.open(`/shorts?video=${shorts[1]!.id}`);
      const active = page.locator('[data-testid="short-slide"][data-active]');
      await expect.poll(() => active.getAttribute('data-video-id'), { timeout: 15_000 }).toBe(shorts[1]!.id);
      // Muted autoplay, with a way to unmute.
      await expectPlaying(active.locator('video'));
      expect(await active.locator('video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      await active.getByRole('button', { name: 'Unmute' }).click();
      await eventually(async () => expect(await active.locator('video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false));

      await page.keyboard.press('ArrowDown');
      await page.waitForURL((u) => u.searchParams.get('video') === shorts[2]!.id);
      await expect.poll(() => active.getAttribute('data-video-id')).toBe(shorts[2]!.id);
      await expectPlaying(active.locator('video'));

      await page.keyboard.press('ArrowUp');
      await page.waitForURL((u) => u.searchParams.get('video') === shorts[1]!.id);
      await page.keyboard.press('ArrowUp');
      await page.waitForURL((u) => u.searchParams.get('video') === shorts[0]!.id);
    },
    PROCESSING_MS + 60_000,
  );

  it(
    'opens /shorts/{username}/{titleSlug}/{id} at that short on a phone',
    async () => {
      const shorts = await ready('short', 3);
      const s = shorts[1]!;
      const page = await b.open(`/shorts/${s.creator.username}/${s.slug}/${s.id}`, { viewport: PHONE, isMobile: true, hasTouch: true });
      const active = page.locator('[data-testid="short-slide"][data-active]');
      await expect.poll(() => active.getAttribute('data-video-id'), { timeout: 15_000 }).toBe(s.id);
      await expectPlaying(active.locator('video'));
      // A swipe is a scroll of one screen.
      await page.getByRole('main', { name: 'Shorts feed' }).evaluate((el) => el.scrollBy({ top: el.clientHeight }));
      await page.waitForURL((u) => u.pathname === '/shorts' && u.searchParams.get('video') === shorts[2]!.id);
      await expect.poll(() => active.getAttribute('data-video-id')).toBe(shorts[2]!.id);
    },
    PROCESSING_MS + 30_000,
  );
});

describe('likes and comments', () => {
  it(
    'keep a like and a comment on a video across a reload; comments can be edited and deleted',
    async () => {
      const videos = await ready('long', 1);
      const { page } = await signedIn();
      await page.goto(`/glint/${videos[0]!.id}`);
      // The short address is replaced by the canonical one.
      await page.waitForURL((u) => u.pathname === `/glint/${videos[0]!.creator.username}/${videos[0]!.slug}/${videos[0]!.id}`);

      const like = page.getByRole('button', { name: /^Like, / });
      const before = Number(await page.getByTestId('like-count').innerText());
      await like.click();
      await eventually(async () => expect(await like.getAttribute('aria-pressed')).toBe('true'));
      await eventually(async () => expect(Number(await page.getByTestId('like-count').innerText())).toBe(before + 1));

      const text = unique('Clear explanation, thanks ');
      await page.getByLabel('Add a comment').fill(text);
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      await page.getByRole('list', { name: 'Comments' }).getByText(text).waitFor();

      await page.reload();
      await page.getByRole('list', { name: 'Comments' }).getByText(text).waitFor();
      await eventually(async () => expect(await page.getByRole('button', { name: /^Like, / }).getAttribute('aria-pressed')).toBe('true'));
      expect(Number(await page.getByTestId('like-count').innerText())).toBe(before + 1);

      const mine = page.getByTestId('comment').filter({ hasText: text });
      await mine.getByRole('button', { name: 'Comment actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await mine.getByLabel('Edit comment').fill(`${text} (updated)`);
      await mine.getByRole('button', { name: 'Save' }).click();
      await mine.getByText('(edited)').waitFor();
      await page.reload();
      await page.getByText(`${text} (updated)`).waitFor();

      await page.getByTestId('comment').filter({ hasText: text }).getByRole('button', { name: 'Comment actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Comment deleted').waitFor();
      expect(await page.getByText(`${text} (updated)`).count()).toBe(0);

      // Taking the like back.
      await page.getByRole('button', { name: /^Like, / }).click();
      await eventually(async () => expect(Number(await page.getByTestId('like-count').innerText())).toBe(before));
    },
    PROCESSING_MS + 60_000,
  );

  it(
    'keeps a like and a comment on a short across a reload',
    async () => {
      const shorts = await ready('short', 1);
      const s = shorts[0]!;
      const { page } = await signedIn();
      await page.goto(`/shorts?video=${s.id}`);
      const active = page.locator('[data-testid="short-slide"][data-active]');
      await expect.poll(() => active.getAttribute('data-video-id'), { timeout: 15_000 }).toBe(s.id);
      // Phones show the actions over the video, wider screens beside it: the visible ones.
      const like = active.getByRole('button', { name: /^Like, / }).filter({ visible: true });
      await like.click();
      await eventually(async () => expect(await like.getAttribute('aria-pressed')).toBe('true'));

      await active.getByRole('button', { name: 'Comments' }).filter({ visible: true }).click();
      const sheet = page.getByRole('dialog', { name: /^Comments/ });
      const text = unique('Short and sweet ');
      await sheet.getByLabel('Add a comment').fill(text);
      await sheet.getByRole('button', { name: 'Comment', exact: true }).click();
      await sheet.getByText(text).waitFor();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      await page.reload();
      await expect.poll(() => active.getAttribute('data-video-id'), { timeout: 15_000 }).toBe(s.id);
      await eventually(async () => expect(await like.getAttribute('aria-pressed')).toBe('true'));
      await active.getByRole('button', { name: 'Comments' }).filter({ visible: true }).click();
      await page
        .getByRole('dialog', { name: /^Comments/ })
        .getByText(text)
        .waitFor();
    },
    PROCESSING_MS + 60_000,
  );

  it('asks a guest to sign in before liking', async () => {
    const videos = await ready('long', 1);
    const page = await b.open(`/glint/${videos[0]!.id}`);
    await page.getByRole('button', { name: /^Like, / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log In' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /^Like, / }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('lists', () => {
  it(
    'shows Glint newest and trending, filtered by category, and home rows link to the players',
    async () => {
      const videos = await ready('long', 1);
      const page = await b.open('/glint');
      await page.getByRole('link', { name: videos[0]!.title }).first().waitFor();
      await page.getByRole('tab', { name: 'Trending' }).click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'trending');
      await page.getByRole('link', { name: videos[0]!.title }).first().waitFor();
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Comedy', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('category') === 'comedy' && u.searchParams.get('sort') === 'trending');

      const shorts = await ready('short', 1);
      await page.goto('/app');
      const shortsRow = page.locator('[data-section="row-shorts"]');
      await shortsRow.getByTestId('short-card').first().waitFor();
      expect(await shortsRow.getByTestId('short-card').first().getAttribute('href')).toMatch(/^\/shorts\?video=/);
      expect(shorts.length).toBeGreaterThan(0);
      const videosRow = page.locator('[data-section="row-videos"]');
      await eventually(async () => expect(await page.title()).toBe('Home · Glint'));
      await videosRow.getByTestId('video-card').first().getByRole('heading').getByRole('link').click();
      await page.waitForURL((u) => /^\/glint\/[^/]+\/[^/]+\/[0-9a-f-]{36}$/.test(u.pathname));
      await expectPlaying(page.getByTestId('video-player').locator('video'));
      // The tab names the video and its creator, then the creator's profile, then the bounties.
      const id = new URL(page.url()).pathname.split('/').at(-1)!;
      const shown = await page.evaluate(
        async (id) => (await (await fetch(`/api/videos/${id}`)).json()) as { title: string; creator: { username: string; displayName: string } },
        id,
      );
      await eventually(async () => expect(await page.title()).toBe(`${shown.title} · ${shown.creator.displayName} · Glint`), 15_000);
      await page.getByRole('main').locator(`a[href="/profile/${shown.creator.username}"]`).first().click();
      await page.waitForURL((u) => u.pathname === `/profile/${shown.creator.username}`);
      await eventually(async () => expect(await page.title()).toBe(`@${shown.creator.username} · Glint`), 15_000);
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Bounties' }).click();
      await page.waitForURL((u) => u.pathname === '/bounties');
      await eventually(async () => expect(await page.title()).toBe('Bounties · Glint'));
    },
    PROCESSING_MS + 30_000,
  );
});

describe('sharing and embedding', () => {
  it(
    'plays a video in an iframe on another site, starting where asked, and another page refuses to be framed there',
    async () => {
      const [video] = await ready('long', 1);
      const embedUrl = `${b.baseURL}/embed/${video!.id}?autoplay=1&muted=1&t=1`;
      const site = await frameOnAnotherSite(embedUrl);
      // Its own context: the refused frame below is logged by the browser as an error on purpose.
      const context = await b.context();
      try {
        const page = await context.newPage();
        await page.goto(site.url);
        expect(new URL(page.url()).origin).not.toBe(new URL(b.baseURL).origin);
        const frame = page.frameLocator('#player');
        const player = frame.getByTestId('video-player').locator('video');
        await expectPlaying(player);
        expect(await player.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
        expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(1);
        // The title and the creator link back to Glint, in a new tab.
        const title = frame.getByRole('link', { name: video!.title });
        expect(await title.getAttribute('target')).toBe('_blank');
        expect(await title.getAttribute('href')).toContain(video!.id);
        expect(await frame.getByRole('link', { name: 'Watch on Glint' }).getAttribute('target')).toBe('_blank');

        // The same site framing an ordinary page of Glint: the browser refuses to show it (an error page in its place).
        const refused = await frameOnAnotherSite(`${b.baseURL}/glint/${video!.id}`);
        try {
          const other = await context.newPage();
          await other.goto(refused.url);
          const child = await eventually(() => {
            const f = other.frames().find((x) => x !== other.mainFrame());
            expect(f?.url()).toMatch(/^chrome-error:/);
            return f!;
          }, 15_000);
          expect(await child.locator('#root').count()).toBe(0);
        } finally {
          await refused.close();
        }
      } finally {
        await context.close();
        await site.close();
      }
    },
    PROCESSING_MS + 60_000,
  );

  it(
    'offers the embed code in the share menu, starting at the current time when asked',
    async () => {
      const [video] = await ready('long', 1);
      const page = await b.open(`/glint/${video!.id}?t=1`);
      // The link's ?t=1: the player starts there.
      const player = page.getByTestId('video-player').locator('video');
      await eventually(async () => expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(1), 60_000);
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('menuitem', { name: 'Post on X' }).waitFor();
      await page.getByRole('menuitem', { name: 'Share on Telegram' }).waitFor();
      await page.getByRole('menuitem', { name: /^Copy link at \d+:\d\d$/ }).waitFor();
      await page.getByRole('menuitem', { name: 'Embed' }).click();
      const dialog = page.getByRole('dialog', { name: 'Embed' });
      const code = dialog.getByLabel('Embed code');
      await expect.poll(() => code.inputValue()).toContain(`<iframe src="${b.baseURL}/embed/${video!.id}"`);
      await dialog.getByLabel(/^Start at \d+:\d\d$/).check();
      await expect.poll(() => code.inputValue()).toMatch(new RegExp(`/embed/${video!.id}\\?t=\\d+"`));
    },
    PROCESSING_MS + 30_000,
  );
});
