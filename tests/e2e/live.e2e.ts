import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { axeViolations } from './a11y.js';
import { eventually, expectPlaying, frameOnAnotherSite, publishLikeObs, signedInAccount, useBrowser } from './support.js';

// Going live as a creator meets it: describe the stream on /submit, take the OBS settings from its
// page, stream (ffmpeg plays OBS), and a viewer in another browser watches it live, then sees it end.
const b = useBrowser();

it('a creator goes live from OBS, a reminded fan is told in the bell and clips it (the creator then turns clips off), a guest watches the video advance and picks a quality, and the stream ends into its replay, which plays its chat beside it', async () => {
  const { page, username: creatorName } = await signedInAccount(b, 'live');
  await page.goto('/submit');
  await page.getByRole('tab', { name: 'Go live' }).click();
  const form = page.getByRole('form', { name: 'Go live' });
  await form.getByLabel('Title').fill('Morning charts');
  await form.getByLabel('Category').selectOption({ label: 'Trading' });
  const picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'glint-live-')), 'thumb.png');
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', picture]);
  await form.getByLabel('Thumbnail (optional)').setInputFiles(picture);
  await form.getByRole('img', { name: 'Chosen thumbnail' }).waitFor();
  await form.getByRole('button', { name: 'Create stream' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
  const streamPath = new URL(page.url()).pathname;
  // Until it is live, the stream shows the creator's picture.
  await page.locator('[data-testid="stream-page"] img[src*="/streams/"]').waitFor();
  await page.getByRole('button', { name: 'Make a stream key' }).click();
  const key = await page.getByTestId('stream-key').inputValue();
  const server = await page.getByRole('textbox', { name: 'Server' }).inputValue();
  expect(key).toMatch(/^live_/);
  expect(server).toMatch(/^rtmp:\/\/[\w.]+:\d+\/live$/);

  // A viewer asks to be told when it starts, from the upcoming stream's page.
  const fan = await signedInAccount(b, 'fan');
  await fan.page.goto(streamPath);
  await fan.page.getByRole('button', { name: 'Notify me' }).click();
  await fan.page.getByRole('button', { name: 'Reminder set' }).waitFor();
  await fan.page.goto('/app');

  // Long enough for every step below on a busy machine; the creator stops it once they are done.
  const seconds = 150;
  const { obs, done: published } = publishLikeObs(`${server}/${key}`, seconds, { size: '640x360', fps: 30 });
  try {
    const viewer = await b.open(streamPath);
    const video = viewer.getByTestId('live-player').locator('video');
    await video.waitFor({ timeout: 20_000 });
    await expect.poll(() => viewer.getByTestId('live-player').getByText('Live').isVisible()).toBe(true);
    const t0 = await eventually(async () => {
      const t = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      expect(t).toBeGreaterThan(0);
      return t;
    }, 20_000);
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + 1), 10_000);
    // A second guest opens the live stream: once its socket has joined the room, its count is
    // right (the creator, the first guest and this one) and stays so; no read of the stream nor
    // the room's next count undoes it.
    const heard: { event: string; data: { viewers?: number } }[] = [];
    const late = await b.open(streamPath, undefined, {
      beforeGoto: async (p) => p.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && heard.push(JSON.parse(f.payload)))),
    });
    const watching = async () => Number(/(\d+) watching/.exec((await late.getByTestId('stream-viewers').textContent({ timeout: 1_000 })) ?? '')?.[1]);
    // The server tells it the count right after the join.
    const afterJoin = () => {
      const joined = heard.findIndex((m) => m.event === 'stream.joined');
      return joined < 0 ? undefined : heard[joined + 1];
    };
    await expect.poll(afterJoin, { timeout: 20_000 }).toMatchObject({ event: 'stream.viewers', data: { viewers: 3 } });
    await eventually(async () => expect(await watching()).toBe(3), 3_000);
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 500));
      expect(await watching()).toBe(3);
    }
    await late.context().close();

    // The server encodes a ladder here: the viewer picks the smaller rendition and it keeps playing.
    await viewer.getByRole('button', { name: /^Quality: Auto/ }).click();
    await expect.poll(() => viewer.getByRole('menuitemradio').allInnerTexts()).toEqual([expect.stringMatching(/^Auto/), '360p', '240p']);
    await viewer.getByRole('menuitemradio', { name: '240p', exact: true }).click();
    await viewer.getByRole('button', { name: 'Quality: 240p' }).waitFor();
    const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(240), 15_000);
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t1 + 1), 10_000);

    // Embedded on another site (a blog's iframe), the stream plays live there too.
    const blog = await frameOnAnotherSite(`${b.baseURL}/embed/${streamPath.split('/').pop()}?autoplay=1&muted=1`);
    try {
      const reader = await b.open(blog.url);
      const embed = reader.frameLocator('#player');
      await embed.getByTestId('embed-live').waitFor({ timeout: 20_000 });
      const embedded = embed.getByTestId('embed-live-video');
      await expectPlaying(embedded, 1);
      expect(await embedded.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      expect(await embed.getByRole('link', { name: 'Morning charts' }).getAttribute('target')).toBe('_blank');
      await reader.context().close();
    } finally {
      await blog.close();
    }

    // The fan's bell rang without a reload; its notification opens the stream, live.
    const bell = fan.page.getByRole('button', { name: 'Notifications', exact: true });
    await eventually(async () => expect(await bell.locator('[data-slot="unread-badge"]').innerText()).toBe('1'), 15_000);
    await bell.click();
    await fan.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: /is live: “Morning charts”/ })
      .click();
    await fan.page.waitForURL((u) => u.pathname.startsWith('/stream/') && u.pathname.endsWith(streamPath.split('/').pop()!));
    await fan.page.getByTestId('live-player').waitFor();
    // The fan clips the last seconds into a short: the creator's, credited to the fan.
    await fan.page.getByRole('button', { name: 'Clip', exact: true }).click();
    const clip = fan.page.getByRole('form', { name: 'Clip this stream' });
    await clip.getByRole('radio', { name: 'Last 15 s' }).click();
    await clip.getByLabel('Title').fill('Best candle');
    const made = fan.page.waitForResponse((r) => r.url().endsWith('/clips') && r.request().method() === 'POST');
    await clip.getByRole('button', { name: 'Publish clip' }).click();
    const { videoId } = (await (await made).json()) as { videoId: string };
    await fan.page.getByText('Your clip is being made').waitFor();
    await fan.page.getByText(`It appears in Shorts and on @${creatorName}’s profile once it is ready.`).waitFor();

    // The creator turns clips off in Settings: the fan's Clip button is gone.
    await page.goto('/settings');
    await page.getByRole('checkbox', { name: 'Let viewers clip my streams' }).uncheck();
    await page.getByText('Clips are off for your streams').waitFor();
    await fan.page.reload();
    await fan.page.getByTestId('live-player').waitFor();
    await fan.page.getByRole('button', { name: 'Share' }).first().waitFor();
    expect(await fan.page.getByRole('button', { name: 'Clip', exact: true }).count()).toBe(0);

    // The creator's control room, while live: the stream plays, its health is reported, and a
    // fan's chat message is deleted from there, for the fan too.
    await page.goto(`/studio/streams/${streamPath.split('/').pop()}`);
    const room = page.getByTestId('live-control-room');
    await expectPlaying(room.getByTestId('live-player').locator('video'), 1);
    const health = room.getByTestId('stream-health');
    await expect.poll(() => health.getAttribute('data-verdict'), { timeout: 15_000 }).not.toBe('waiting');
    expect(Number((await health.locator('dt:text-is("Bitrate in") + dd').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    expect((await axeViolations(page, '[data-testid="live-control-room"]')).map((v) => v.id)).toEqual([]);
    const fanInput = fan.page.getByTestId('chat-panel').getByRole('textbox', { name: 'Chat message' });
    await expect.poll(() => fanInput.isEnabled(), { timeout: 15_000 }).toBe(true);
    await fanInput.fill('wen moon');
    await fanInput.press('Enter');
    const inRoom = room.getByTestId('chat-message').filter({ hasText: 'wen moon' });
    await inRoom.waitFor({ timeout: 10_000 });
    await inRoom.getByRole('button', { name: /Moderate the message from/ }).click();
    await page.getByRole('menuitem', { name: 'Delete message' }).click();
    await fan.page.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: 'wen moon' }).waitFor({ state: 'detached', timeout: 5_000 });
    // A message that stays: the replay plays it beside the video, and not the deleted one.
    await new Promise((r) => setTimeout(r, 1_200));
    await fanInput.fill('still watching');
    await fanInput.press('Enter');
    await room.getByTestId('chat-message').filter({ hasText: 'still watching' }).waitFor({ timeout: 10_000 });

    // The creator stops streaming (OBS's Stop Streaming closes the connection cleanly).
    obs.kill('SIGINT');
    await published;
    // It ends once the encoder has written what it was sent (the whole recording): on a busy
    // machine that can be well after the publisher left.
    await viewer.getByText('This stream has ended').waitFor({ timeout: 60_000 });
    await viewer.getByText(/The replay is being prepared|Watch the replay/).waitFor({ timeout: 20_000 });

    // Once ready, the short says who clipped it and links to their profile.
    await eventually(async () => {
      await viewer.goto(`/shorts?video=${videoId}`);
      await viewer.getByRole('link', { name: `Clipped by @${fan.username}` }).waitFor({ timeout: 5_000 });
    }, 60_000);
    await viewer.getByRole('link', { name: `Clipped by @${fan.username}` }).click();
    await viewer.waitForURL((u) => u.pathname === `/profile/${fan.username}`);

    // The replay plays the stream's chat beside it, message by message as the video reaches them.
    await viewer.goto(streamPath);
    await viewer.getByRole('link', { name: 'Watch the replay' }).click({ timeout: 90_000 });
    await viewer.waitForURL((u) => u.pathname !== streamPath);
    const replayChat = viewer.getByTestId('chat-replay');
    await replayChat.getByRole('heading', { name: 'Chat replay' }).waitFor();
    const replayVideo = viewer.locator('[data-testid="video-player"] video');
    await replayVideo.evaluate(
      (v: HTMLVideoElement) => new Promise((r) => (v.readyState > 0 ? r(null) : v.addEventListener('loadedmetadata', r, { once: true }))),
    );
    await replayVideo.evaluate((v: HTMLVideoElement) => (v.currentTime = Math.max(0, v.duration - 0.5)));
    await replayChat.getByTestId('chat-replay-message').filter({ hasText: 'still watching' }).waitFor({ timeout: 10_000 });
    expect(await replayChat.getByText('wen moon').count()).toBe(0);

    // The creator reads how it went in the studio: its peak (three watched at once), the chat and
    // viewers minute by minute, drawn.
    await page.goto(`/studio/streams/${streamPath.split('/').pop()}`);
    const stats = page.getByTestId('stream-stats');
    await stats.getByRole('heading', { name: 'How it went' }).waitFor();
    expect(Number(await stats.locator('dt:text-is("Peak viewers") + dd').innerText())).toBeGreaterThanOrEqual(3);
    const chart = page.getByRole('region', { name: 'Viewers', exact: true });
    await chart.locator('canvas').first().waitFor();
    await chart.getByText('Show as a table').click();
    expect(await chart.getByRole('table').locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
  } finally {
    obs.kill('SIGKILL');
  }
}, 240_000);
