import { expect, it } from 'vitest';
import { eventually, PHONE, signedInAccount, useBrowser } from './support.js';

// Going live without OBS: Chromium's fake camera and microphone (a test pattern and a beep) stand
// in for the creator's, and permission prompts are answered yes.
const b = useBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);

it('a creator goes live from the browser, a guest watches it advance and is back at the live edge after a pause, and Stop ends the stream', async () => {
  const { page } = await signedInAccount(b, 'cam');
  await page.goto('/submit?mode=live');
  const form = page.getByRole('form', { name: 'Go live' });
  await form.getByLabel('Title').fill('Live from my webcam');
  await form.getByLabel('Category').selectOption({ label: 'Trading' });

  const studio = page.getByTestId('browser-studio');
  // Start needs a preview first.
  await expect.poll(() => studio.getByRole('button', { name: 'Start streaming' }).isDisabled()).toBe(true);
  await studio.getByRole('button', { name: 'Turn on camera' }).click();
  const preview = studio.getByLabel('Your preview');
  await eventually(async () => expect(await preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0), 10_000);
  await expect.poll(() => studio.getByRole('combobox', { name: 'Camera' }).locator('option').count()).toBeGreaterThan(1);
  // Mute keeps the stream going; it is a toggle a keyboard user can press.
  const mute = studio.getByRole('button', { name: 'Mute microphone' });
  await mute.focus();
  await page.keyboard.press('Enter');
  await studio.getByRole('button', { name: 'Unmute microphone', pressed: true }).waitFor();

  const started = Date.now();
  await studio.getByRole('button', { name: 'Start streaming' }).click();
  // The stream is created and its page opens, where the studio goes on streaming.
  await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
  const streamPath = new URL(page.url()).pathname;
  const onPage = page.getByTestId('browser-studio');
  await onPage.getByTestId('studio-status').filter({ hasText: /^Live/ }).waitFor({ timeout: 30_000 });
  console.info(`browser live: "Live" ${Date.now() - started} ms after Start streaming`);
  expect(await onPage.getByLabel('Your preview').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);

  // A guest, on a phone, watches: the live player's time advances.
  const viewer = await b.open(streamPath, { viewport: PHONE });
  const video = viewer.getByTestId('live-player').locator('video');
  await video.waitFor({ timeout: 20_000 });
  const t0 = await eventually(async () => {
    const t = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(t).toBeGreaterThan(0);
    return t;
  }, 20_000);
  await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + 1), 15_000);
  console.info(`browser live: the guest's player at ${t0.toFixed(1)} s, ${Date.now() - started} ms after Start streaming`);
  // A guest who paused is brought back to the live edge once they play again, not left behind.
  const ahead = () => video.evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0));
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await eventually(async () => expect(await ahead()).toBeGreaterThan(2), 15_000);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await eventually(async () => expect(await ahead()).toBeLessThan(1.5), 15_000);

  // Leaving the page for another in the app asks first; staying keeps the stream going.
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))));
  await page.locator('a[href="/app"]').first().click();
  expect(await asked).toContain('stops your stream');
  expect(new URL(page.url()).pathname).toBe(streamPath);
  await onPage.getByTestId('studio-status').filter({ hasText: /^Live/ }).waitFor();

  await onPage.getByRole('button', { name: 'Stop streaming' }).click();
  await onPage.getByTestId('studio-status').filter({ hasText: 'Ended' }).waitFor();
  // The camera is released.
  expect(
    await page.evaluate(
      () =>
        document.querySelector('video[aria-label="Your preview"]') === null ||
        !(document.querySelector('video[aria-label="Your preview"]') as HTMLVideoElement).srcObject,
    ),
  ).toBe(true);
  // After the grace period the stream has ended, for the creator and the guest (the encoder
  // finishes its recording first, which takes a while on a busy machine).
  await page.getByText('This stream has ended').waitFor({ timeout: 90_000 });
  await viewer.getByText('This stream has ended').waitFor({ timeout: 30_000 });
}, 240_000);
