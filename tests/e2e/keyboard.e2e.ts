import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testPatternArgs } from '../../src/server/platform/media/ffmpeg.js';
import { axeViolations, serious } from './a11y.js';
import { eventually, PHONE, useBrowser } from './support.js';

// Glint by keyboard alone: sign up, confirm, upload a video, watch it (play, pause, seek, mute,
// volume), edit it in a dialog and talk to the support chat, with Tab, Shift+Tab, Enter, Space,
// Escape and the arrows, never a click. Each stop that matters shows where focus is, and closing a
// dialog gives focus back to what opened it. The only thing the keyboard cannot do is the
// operating system's file chooser: the test focuses the file field by keyboard and then sets the file.
const b = useBrowser();
// Generous: the server transcodes its demo media first, on one worker.
const PROCESSING_MS = 480_000;
const PW = 'Str0ng!Passw0rd';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-e2e-keys-'));
let clip: string;
beforeAll(() => {
  clip = path.join(tmp, 'keyboard-walk.mp4');
  execFileSync('ffmpeg', testPatternArgs(clip, 6, 640, 360), { stdio: 'ignore' });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached ${target.toString()} by ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

/**
 * The focused control is drawn differently from the same control without focus (a ring or an
 * outline on it, or on the element that stands for it: the card of a hidden radio, the track of a
 * range). Compared by blurring it and focusing it again as the keyboard would.
 */
async function expectFocusVisible(page: Page, what: string) {
  const changed = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const around = [el, el.parentElement, el.parentElement?.parentElement, el.nextElementSibling, el.firstElementChild].filter((e): e is Element => !!e);
    const look = () => around.map((e) => ['outlineStyle', 'outlineWidth', 'boxShadow'].map((k) => getComputedStyle(e)[k as 'boxShadow']).join('|'));
    const focused = look();
    el.blur();
    const blurred = look();
    el.focus({ focusVisible: true } as FocusOptions);
    return focused.some((s, i) => s !== blurred[i]);
  });
  expect(changed, `focus is visible on ${what}`).toBe(true);
}

async function press(page: Page, key: string, target: Locator, what: string) {
  await tabTo(page, target);
  await expectFocusVisible(page, what);
  await page.keyboard.press(key);
}

async function confirmationLink(email: string): Promise<string> {
  return eventually(async () => {
    const mails = (await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; subject: string; text: string }[];
    const mail = mails.find((m) => m.to === email && m.subject.includes('Confirm your email'));
    expect(mail).toBeDefined();
    return /https?:\/\/\S+/.exec(mail!.text)![0];
  });
}

it(
  'signs up, uploads a video, watches it, edits it and asks the support chat, by keyboard alone',
  async () => {
    const page = await b.open('/app');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // Sign up: the user menu, its Sign Up / Login entry, the form.
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await press(page, 'Enter', userMenu, 'the user menu button');
    const entry = page.getByRole('menuitem', { name: 'Sign Up / Login' });
    await eventually(async () => expect(await isFocused(entry)).toBe(true));
    await expectFocusVisible(page, 'the Sign Up / Login entry');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Glint' });
    const form = dialog.getByRole('form', { name: 'Sign up' });
    await form.waitFor();
    const username = `keys${Date.now().toString(36).slice(-6)}`;
    const email = `${username}@example.com`;
    for (const [label, text] of [
      ['Username', username],
      ['Display name (optional)', 'Kay Board'],
      ['Email', email],
    ] as const) {
      await tabTo(page, form.getByLabel(label, { exact: true }));
      await expectFocusVisible(page, `the ${label} field`);
      await page.keyboard.type(text);
    }
    await tabTo(page, form.getByLabel('Password', { exact: true }));
    await page.keyboard.type(PW);
    // The show/hide toggle works from the keyboard too.
    const show = form.getByRole('button', { name: 'Show password' });
    await press(page, 'Space', show, 'the show password toggle');
    expect(await form.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await press(page, 'Enter', form.getByRole('button', { name: 'Create Account' }), 'Create Account');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Account Created!' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The dialog was opened from the user menu: focus is back on its button.
    await eventually(async () => expect(await isFocused(userMenu)).toBe(true));

    // The confirmation link from the mail, typed into the address bar.
    await page.goto(await confirmationLink(email));
    await page.waitForURL((u) => u.pathname === '/app');

    // Upload: the header's Create link, a video, the file, the details.
    await press(page, 'Enter', page.getByRole('link', { name: 'Create', exact: true }).first(), 'the Create link');
    await page.waitForURL((u) => u.pathname === '/submit');
    const videoKind = page.getByRole('radio', { name: /^Video/ });
    await tabTo(page, page.getByRole('radio', { name: /^(Video|Short)/ }).first());
    await expectFocusVisible(page, 'the kind picker');
    if (!(await isFocused(videoKind))) await page.keyboard.press('ArrowUp');
    expect(await videoKind.isChecked()).toBe(true);
    const file = page.getByLabel('Video file');
    await tabTo(page, file);
    await expectFocusVisible(page, 'the video file field');
    await file.setInputFiles(clip);
    await page.getByTestId('file-facts').getByText('640×360').waitFor();
    const title = `Keyboard walk ${username}`;
    await tabTo(page, page.getByLabel('Title'));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(title);
    await tabTo(page, page.getByLabel('Description'));
    await page.keyboard.type('Uploaded without a mouse.');
    await tabTo(page, page.getByLabel('Category'));
    await expectFocusVisible(page, 'the category select');
    await page.keyboard.type('Education');
    expect(await page.getByLabel('Category').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('Education');
    await press(page, 'Enter', page.getByRole('button', { name: 'Upload', exact: true }), 'the Upload button');
    const status = page.getByTestId('upload-status');
    await status.getByRole('heading', { name: 'Your video is ready' }).waitFor({ timeout: PROCESSING_MS });
    await press(page, 'Enter', status.getByRole('link', { name: 'Watch your video' }), 'Watch your video');
    await page.waitForURL((u) => u.pathname.startsWith(`/glint/${username}/`));

    // Watch: play and pause, seek, mute and volume, each from its own control.
    const player = page.getByTestId('video-player');
    const video = player.locator('video');
    const said = page.getByTestId('player-status');
    const playPause = player.getByRole('button', { name: /^(Play|Pause)$/ });
    await tabTo(page, playPause);
    await expectFocusVisible(page, 'the play button');
    const playing = async (yes: boolean) =>
      eventually(async () => {
        expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(!yes);
        expect(await said.textContent()).toMatch(yes ? /^Playing/ : /^Paused/);
      }, 10_000);
    if (await video.evaluate((v: HTMLVideoElement) => v.paused)) {
      await page.keyboard.press('Space');
      await playing(true);
    }
    await page.keyboard.press('Space');
    await playing(false);
    await page.keyboard.press('Enter');
    await playing(true);
    await page.keyboard.press('Space');
    await playing(false);

    const seek = player.getByRole('slider', { name: 'Seek' });
    await tabTo(page, seek, { back: true });
    await expectFocusVisible(page, 'the seek bar');
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.keyboard.press('ArrowRight');
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(before + 4));
    expect(await seek.getAttribute('aria-valuetext')).toMatch(/^0:0[4-6] of 0:06$/);

    const mute = player.getByRole('button', { name: /^(Mute|Unmute)$/ });
    await tabTo(page, mute);
    await expectFocusVisible(page, 'the mute button');
    const wasMuted = await video.evaluate((v: HTMLVideoElement) => v.muted);
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(!wasMuted));
    // The announcement follows the player's volumechange event, a render after the element changed.
    await eventually(async () => expect(await said.textContent()).toBe(wasMuted ? 'Paused' : 'Paused, muted'));
    if (!wasMuted) {
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false));
    }
    const volume = player.getByRole('slider', { name: 'Volume' });
    await tabTo(page, volume);
    await expectFocusVisible(page, 'the volume slider');
    const loud = await video.evaluate((v: HTMLVideoElement) => v.volume);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(loud - 0.1, 2));

    // Edit: the dialog takes focus, passes axe, closes on Escape and gives focus back to Edit.
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await press(page, 'Enter', edit, 'the Edit button');
    const editDialog = page.getByRole('dialog', { name: 'Edit video' });
    await editDialog.waitFor();
    expect(await editDialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(serious(await axeViolations(page, '[role="dialog"]')).map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'detached' });
    expect(await isFocused(edit)).toBe(true);

    // The support chat on a phone: a drawer that keeps focus inside until Escape.
    await page.setViewportSize(PHONE);
    const chatButton = page.getByRole('button', { name: 'Open Glint Support Chat' });
    await press(page, 'Enter', chatButton, 'the support chat button');
    const chat = page.getByRole('dialog', { name: 'Glint Support Chat' });
    await chat.waitFor();
    expect(await chat.getByPlaceholder('Type your message...').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('how do I go live from OBS?');
    await page.keyboard.press('Enter');
    await chat.getByRole('button', { name: 'Copy answer' }).waitFor();
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await chat.evaluate((d) => d.contains(document.activeElement)), `focus stays in the drawer after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'detached' });
    expect(await isFocused(chatButton)).toBe(true);
  },
  PROCESSING_MS + 120_000,
);
