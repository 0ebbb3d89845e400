import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, PHONE, useBrowser } from './support.js';

// Profiles, follows, live notifications and search, as two people in two browsers meet them.
const b = useBrowser();
const PW = 'Str0ng!Passw0rd';
let seq = 0;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A username (3-20 characters) no other test or run has used. */
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${(seq++).toString(36)}`;

/** A new account through the API, and the link of its confirmation mail (which signs in whoever opens it). */
async function signUp(prefix: string) {
  const username = uniqueName(prefix);
  const email = `${username}@example.com`;
  const res = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.baseURL },
    body: JSON.stringify({ email, username, name: '', password: PW }),
  });
  expect(res.status).toBe(200);
  const link = await eventually(async () => {
    const mails = (await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as Mail[];
    const mail = mails.find((m) => m.to === email);
    expect(mail, `mail to ${email}`).toBeDefined();
    return /https?:\/\/\S+/.exec(mail!.text)![0];
  });
  return { username, email, link };
}

/** A verified person signed in on a page of their own browser context. */
async function person(prefix: string, options?: Parameters<typeof b.open>[1]) {
  const account = await signUp(prefix);
  const page = await b.open(account.link, options);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  await eventually(async () => expect(await page.evaluate(async () => (await (await fetch('/api/me')).json()).user?.emailVerified)).toBe(true));
  return { ...account, page };
}

/** A verified account used only through the API: a session cookie for `fetch`. */
async function apiPerson(prefix: string) {
  const account = await signUp(prefix);
  expect((await fetch(account.link, { redirect: 'manual' })).status).toBe(302);
  const res = await fetch(`${b.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.baseURL },
    body: JSON.stringify({ email: account.email, password: PW }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ...account, cookie };
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notifications', exact: true });
const badge = (page: Page) => bell(page).locator('[data-slot="unread-badge"]');
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

describe('follows and live notifications', () => {
  it('B follows A: A’s bell rises without a reload, the notification leads to B, Mark all read clears it everywhere', async () => {
    const a = await person('alice');
    const bob = await person('bob');
    // A second tab of A's, to see reads made in the first one arrive.
    const a2 = await a.page.context().newPage();
    await a2.goto('/app');
    await bell(a2).waitFor();
    expect(await badge(a.page).count()).toBe(0);

    await bob.page.goto(`/profile/${a.username}`);
    await bob.page.getByRole('heading', { name: a.username }).waitFor();
    await bob.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await bob.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await eventually(async () => expect(await bob.page.getByTestId('followers-count').innerText()).toBe('1'));

    // The bell of A's open page counts it, through the socket.
    await eventually(async () => expect(await badge(a.page).innerText()).toBe('1'), 10_000);
    await a.page.locator('[data-sonner-toast]').filter({ hasText: 'New follower' }).first().waitFor();

    // A third person follows A through the API: two unread now.
    const carol = await apiPerson('carol');
    const put = await fetch(`${b.baseURL}/api/profiles/${a.username}/follow`, {
      method: 'PUT',
      headers: { cookie: carol.cookie, 'content-type': 'application/json', origin: b.baseURL },
      body: '{}',
    });
    expect(put.status).toBe(200);
    await eventually(async () => expect(await badge(a.page).innerText()).toBe('2'), 10_000);
    await eventually(async () => expect(await badge(a2).innerText()).toBe('2'), 10_000);

    await bell(a.page).click();
    const list = popover(a.page);
    await list.getByRole('heading', { name: 'Notifications' }).waitFor();
    const fromBob = list.getByRole('listitem').filter({ hasText: `${bob.username} started following you` });
    await fromBob.getByText('New follower').waitFor();
    await fromBob.getByText(/just now|minute ago/).waitFor();
    await fromBob.getByRole('button', { name: /started following you/ }).click();
    await a.page.waitForURL((u) => u.pathname === `/profile/${bob.username}`);
    await a.page.getByRole('heading', { name: bob.username }).waitFor();
    await eventually(async () => expect(await badge(a.page).innerText()).toBe('1'));
    await eventually(async () => expect(await badge(a2).innerText()).toBe('1'), 10_000);

    await bell(a.page).click();
    await popover(a.page).getByRole('button', { name: 'Mark all read' }).click();
    await eventually(async () => expect(await badge(a.page).count()).toBe(0));
    // The other tab learns it over its own socket.
    await eventually(async () => expect(await badge(a2).count()).toBe(0), 10_000);

    // Deleting one takes it out of the list.
    const items = popover(a.page).getByRole('listitem');
    expect(await items.count()).toBe(2);
    await items.first().getByRole('button', { name: 'Delete notification' }).click();
    await eventually(async () => expect(await items.count()).toBe(1));
    await a.page.keyboard.press('Escape');

    // Bob's own profile counts whom he follows, and the dialog lists them.
    await bob.page.goto('/profile');
    await bob.page.getByRole('button', { name: /1 following/ }).click();
    const following = bob.page.getByRole('dialog', { name: 'Following' });
    await following.getByRole('link', { name: new RegExp(a.username) }).waitFor();
    await bob.page.keyboard.press('Escape');

    // Unfollow goes back.
    await bob.page.goto(`/profile/${a.username}`);
    await bob.page.getByRole('button', { name: 'Following', exact: true }).click();
    await bob.page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await eventually(async () => expect(await bob.page.getByTestId('followers-count').innerText()).toBe('1'));

    // On a phone the user menu opens the same list.
    const phone = await b.open('/app', { viewport: PHONE, isMobile: true, hasTouch: true, storageState: await a.page.context().storageState() });
    await phone.getByRole('button', { name: 'User menu' }).click();
    await phone.getByRole('menuitem', { name: 'Notifications' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Notifications' });
    await sheet.getByText('started following you').first().waitFor();
  });

  it('blocking an account from its profile takes its notifications out of the bell; unblocking in Settings brings them back', async () => {
    const a = await person('blocker');
    const troll = await apiPerson('troll');
    const follow = await fetch(`${b.baseURL}/api/profiles/${a.username}/follow`, {
      method: 'PUT',
      headers: { cookie: troll.cookie, 'content-type': 'application/json', origin: b.baseURL },
      body: '{}',
    });
    expect(follow.status).toBe(200);
    await eventually(async () => expect(await badge(a.page).innerText()).toBe('1'), 10_000);

    await a.page.goto(`/profile/${troll.username}`);
    await a.page.getByRole('heading', { name: troll.username }).waitFor();
    await a.page.getByRole('button', { name: 'Block', exact: true }).click();
    await a.page.getByText(`${troll.username} is blocked`).waitFor();
    await a.page.getByRole('button', { name: 'Unblock', exact: true }).waitFor();
    await eventually(async () => expect(await badge(a.page).count()).toBe(0), 10_000);

    await a.page.goto('/settings');
    const section = a.page.locator('[data-settings-section="blocked-accounts"]');
    await section
      .getByTestId('blocked-account')
      .filter({ hasText: `@${troll.username}` })
      .waitFor();
    await section.getByRole('button', { name: `Unblock ${troll.username}` }).click();
    await section.getByText('No one blocked').waitFor();
    await eventually(async () => expect(await badge(a.page).innerText()).toBe('1'), 10_000);
  });

  it('asks a guest to sign in instead of following', async () => {
    const page = await b.open('/profile/solwhale');
    await page.getByRole('heading', { name: 'Sol Whale' }).waitFor();
    await page.getByText('Verified Account - Identity confirmed').or(page.locator('[aria-label="Verified Account - Identity confirmed"]')).first().waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log In', exact: true }).waitFor();
  });

  it('shows the empty notification list to someone new', async () => {
    const { page } = await person('newbie');
    await bell(page).click();
    await popover(page).getByText('No notifications yet').waitFor();
    await popover(page).getByText("You'll be notified when someone interacts with your content").waitFor();
    expect(await popover(page).getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
  });
});

describe('own profile', () => {
  it('edits display name, bio and links, and uploads an avatar', async () => {
    const { page, username } = await person('editor');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    const newName = `Editor ${username.slice(-5)}`;
    await dialog.getByLabel('Display name').fill(newName);
    await dialog.getByLabel('Bio').fill('I stream Anchor programs.');
    await dialog.getByLabel('Link 1', { exact: true }).fill('not a link');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Links must be full web addresses').waitFor();
    await dialog.getByLabel('Link 1', { exact: true }).fill('https://x.com/editor');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: newName }).waitFor();
    await page.getByText('I stream Anchor programs.').waitFor();
    await page.getByRole('link', { name: 'x.com/editor' }).waitFor();

    // A file that is not an image is refused before it is sent.
    const picker = page.locator('input[type="file"]').first();
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('This file is not an image. Upload a JPEG, PNG, WebP or GIF.').waitFor();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-avatar-'));
    const png = path.join(dir, 'me.png');
    execFileSync('ffmpeg', ['-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', png], { stdio: 'ignore' });
    await page.locator('input[type="file"]').last().setInputFiles(png); // the avatar's picker follows the banner's
    await page.getByText('Avatar updated').waitFor();
    fs.rmSync(dir, { recursive: true, force: true });
    await eventually(async () => {
      const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()).profile.avatarUrl as string | null);
      expect(me).toMatch(/^\/media\/profiles\//);
    }, 10_000);
  });
});

describe('search', () => {
  it('follows the text as it is typed, tolerates typos, and shows trending when blank', async () => {
    const page = await b.open('/search');
    await page.getByRole('heading', { name: 'Trending now' }).waitFor();
    const box = page.getByRole('textbox', { name: 'Search' });
    const before = await page.evaluate(() => history.length);

    await box.fill('solwhael');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'solwhael');
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByRole('link', { name: /Sol Whale/ }).waitFor();
    await page.getByRole('tab', { name: /Users/ }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'users');
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: /@solwhale/ })
      .waitFor();
    await page.getByRole('tab', { name: /All/ }).click();

    await box.fill('escrow');
    await page.waitForURL((u) => u.searchParams.get('q') === 'escrow');
    await page.getByText('Building an escrow program in Anchor').first().waitFor();

    await box.fill('zzqxvbnm');
    await page.getByRole('heading', { name: 'No results for “zzqxvbnm”' }).waitFor();
    await page.getByRole('heading', { name: 'Trending now' }).waitFor();

    await box.fill('');
    await page.waitForURL((u) => u.pathname === '/search' && !u.searchParams.has('q'));
    await page.getByRole('heading', { name: 'Trending now' }).waitFor();
    // Typing replaced the address rather than adding a page to the history for each search.
    expect(await page.evaluate(() => history.length)).toBe(before);

    // Back on a screen, the same box searches on Enter.
    await page.goto('/app');
    await box.fill('anchor');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'anchor');
    expect(await box.inputValue()).toBe('anchor');
  });
});
