import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { defaultWalletUsername } from '../../src/shared/wallet/wallet.js';
import { installPhantom, type PhantomOptions } from './phantom.js';
import { eventually, PHONE, useBrowser } from './support.js';

/**
 * Phantom sign-up, log-in, link and disconnect in Chromium, against the built app. The page gets a
 * Phantom provider (tests/e2e/phantom.ts) holding a real ed25519 key, so every signature the
 * server checks is real.
 */

const b = useBrowser();
let n = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${++n}`;
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** Waits for a toast (sonner) with this text. */
async function toast(page: Page, text: string, timeout = 15_000) {
  const t = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await t.waitFor({ timeout });
  return t;
}

async function openWithPhantom(path: string, wallet = new TestWallet(), opts: PhantomOptions = {}) {
  const page = await b.open(path, {}, { beforeGoto: (p) => installPhantom(p, wallet, opts) });
  return { page, wallet };
}

/** User menu -> Sign Up / Login -> the wanted tab of the auth dialog. */
async function authDialog(page: Page, tab: 'Login' | 'Wallet') {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Up / Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Glint' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

/** Signs out from the user menu, after checking whose menu it is. */
async function signOut(page: Page, expectInMenu: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').getByText(expectInMenu).waitFor();
  // Settled once the session has been asked again after the sign-out.
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await me;
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor();
}

const phantomConnected = (page: Page) =>
  page.evaluate(() => !!(window as unknown as { phantom?: { solana?: { isConnected?: boolean } } }).phantom?.solana?.isConnected);

describe('signing up and in with Phantom', () => {
  it('registers a new wallet from the Wallet tab, then logs out and back in from the Login tab', async () => {
    const { page, wallet } = await openWithPhantom('/app');
    const dialog = await authDialog(page, 'Wallet');
    await dialog.getByText('No email or password needed').waitFor();
    await dialog.getByRole('button', { name: 'Connect Phantom' }).click();

    const reg = page.getByRole('dialog', { name: 'Complete Your Registration' });
    await reg.waitFor();
    expect(await dialog.isVisible()).toBe(false);
    const username = reg.getByLabel('Username');
    const displayName = reg.getByLabel('Display name');
    const submit = reg.getByRole('button', { name: 'Complete Registration' });
    expect(await username.inputValue()).toBe(defaultWalletUsername(wallet.address));
    expect(await username.getAttribute('maxlength')).toBe('20');
    expect(await displayName.inputValue()).toBe('');
    expect(await displayName.getAttribute('maxlength')).toBe('50');
    expect(await submit.isDisabled()).toBe(true);

    // Live checks: the rule, then uniqueness against a demo creator.
    await username.fill('no spaces');
    await reg.getByText('Username must be 3-20 characters and contain only letters, numbers, and underscores').waitFor();
    await username.fill('solwhale');
    await reg.getByText('Username is already taken').waitFor();
    await displayName.fill('Sol Whale');
    await reg.getByText('Display name is already taken').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await displayName.fill('');
    await reg.getByText('Display name is required').waitFor();

    const name = `w_${unique()}`;
    await username.fill(name);
    await displayName.fill(`Wallet Fan ${name}`);
    await eventually(async () => expect(await submit.isDisabled()).toBe(false));
    await submit.click();
    await toast(page, 'Account created successfully! Welcome to Glint!');
    await reg.waitFor({ state: 'detached' });
    // The header shows the account and its wallet.
    await page.getByRole('button', { name: `Wallet ${short(wallet.address)}` }).waitFor();
    await signOut(page, `@${name}`);
    const login = await authDialog(page, 'Login');
    await login.getByRole('button', { name: 'Sign in with Phantom Wallet' }).click();
    await toast(page, 'Existing wallet detected, logging you in...');
    await toast(page, 'Logged in successfully!');
    await page.getByRole('button', { name: `Wallet ${short(wallet.address)}` }).waitFor();
    expect(await login.isVisible()).toBe(false);
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.profile).toMatchObject({ username: name, publicWalletAddress: wallet.address });
  });

  it('tells an unregistered wallet on the Login tab to sign up; Sign Up goes to the Wallet tab and disconnects', async () => {
    const { page } = await openWithPhantom('/app');
    const dialog = await authDialog(page, 'Login');
    await dialog.getByRole('button', { name: 'Sign in with Phantom Wallet' }).click();
    const t = await toast(page, 'Wallet not registered. Please sign up first.');
    expect(await phantomConnected(page)).toBe(true);
    await t.getByRole('button', { name: 'Sign Up' }).click();
    await eventually(async () => expect(await dialog.getByRole('tab', { name: 'Wallet' }).getAttribute('aria-selected')).toBe('true'));
    await eventually(async () => expect(await phantomConnected(page)).toBe(false));
    expect(await page.getByRole('dialog', { name: 'Complete Your Registration' }).count()).toBe(0);
  });

  it('cancelling registration clears it and disconnects the wallet', async () => {
    const { page } = await openWithPhantom('/app');
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    const reg = page.getByRole('dialog', { name: 'Complete Your Registration' });
    await reg.waitFor();
    await reg.getByRole('button', { name: 'Cancel' }).click();
    await reg.waitFor({ state: 'detached' });
    await eventually(async () => expect(await phantomConnected(page)).toBe(false));
    expect((await page.evaluate(async () => (await fetch('/api/me')).json())).user).toBeNull();
  });
});

describe('when Phantom says no, or is slow, or missing', () => {
  it('a refused connection: Connection cancelled', async () => {
    const { page } = await openWithPhantom('/app', undefined, { mode: 'reject' });
    const dialog = await authDialog(page, 'Wallet');
    await dialog.getByRole('button', { name: 'Connect Phantom' }).click();
    await toast(page, 'Connection cancelled. Please approve the connection in your wallet.');
  });

  it('a refused signature on the Login tab: Login cancelled', async () => {
    const { page } = await openWithPhantom('/app', undefined, { rejectSign: true });
    const dialog = await authDialog(page, 'Login');
    await dialog.getByRole('button', { name: 'Sign in with Phantom Wallet' }).click();
    await toast(page, 'Login cancelled');
    await eventually(async () => expect(await phantomConnected(page)).toBe(false));
  });

  it('a locked wallet that gives no address: asks to unlock, after the address polls', async () => {
    const { page } = await openWithPhantom('/app', undefined, { mode: 'locked' });
    const started = Date.now();
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await toast(page, 'Failed to retrieve wallet address. Please make sure your wallet is unlocked and try again.');
    // 150 ms, then 10 public-key polls 500 ms apart.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
  });

  it('a wallet that appears 1.2 s after the page still connects', async () => {
    const { page } = await openWithPhantom('/app', undefined, { injectAfterMs: 1200 });
    // Usually the click comes before the provider (a page this slow to load would hide the wait).
    const early = await page.evaluate(() => !('phantom' in window));
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page.getByRole('dialog', { name: 'Complete Your Registration' }).waitFor();
    if (!early) console.warn('the page loaded after the provider appeared: the readiness polls were not exercised');
  });

  it('a wallet that never shows up within the polls: not detected, with the install link', async () => {
    const { page } = await openWithPhantom('/app', undefined, { injectAfterMs: 5000 });
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    const t = await toast(page, 'Phantom wallet not detected. Please install the Phantom browser extension.');
    const link = t.getByRole('link', { name: 'Install Phantom' });
    expect(await link.getAttribute('href')).toBe('https://phantom.app/');
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it('an extension that is there but never gets ready: took too long to initialize', async () => {
    const page = await b.open('/app', {}, { beforeGoto: (p) => p.addInitScript(() => Object.assign(window, { phantom: {} })) });
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await toast(page, 'Phantom wallet took too long to initialize');
  });

  it('without Phantom the Wallet tab offers to install it', async () => {
    const page = await b.open('/app');
    const dialog = await authDialog(page, 'Wallet');
    await dialog.getByText('Please install Phantom wallet').waitFor({ timeout: 10_000 });
    const link = dialog.getByRole('link', { name: 'Install Phantom' });
    expect(await link.getAttribute('href')).toBe('https://phantom.app/');
    expect(await link.getAttribute('target')).toBe('_blank');
  });
});

describe('a signed-in account and its wallet', () => {
  /** An email account, confirmed through the local outbox, signed in inside `page`. */
  async function emailAccount(page: Page) {
    const id = unique();
    const email = `linker_${id}@example.com`;
    const password = `Wallet-Link!${id}A9`;
    const signUp = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: b.baseURL },
      body: JSON.stringify({ email, password, username: `linker_${id}`, name: `Linker ${id}`, callbackURL: '/app' }),
    });
    expect(signUp.status).toBe(200);
    const mail = await eventually(async () => {
      const list = (await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; text: string }[];
      const found = list.find((m) => m.to === email);
      expect(found).toBeDefined();
      return found!;
    });
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
    const status = await page.evaluate(
      async (body) =>
        (await fetch('/api/auth/sign-in/email', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
      { email, password },
    );
    expect(status).toBe(200);
    await page.reload();
    return { email, username: `linker_${id}` };
  }

  it('links a wallet to an email account, shows it in the header, and Disconnect signs out', async () => {
    const { page, wallet } = await openWithPhantom('/app');
    await emailAccount(page);
    await page.getByRole('link', { name: 'Create', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await toast(page, 'Wallet connected successfully!');
    const walletButton = page.getByRole('button', { name: `Wallet ${short(wallet.address)}` });
    await walletButton.waitFor();
    expect(await walletButton.innerText()).toContain(short(wallet.address));

    // The same wallet now logs in to this account from a fresh browser.
    const other = await openWithPhantom('/app', wallet);
    await (await authDialog(other.page, 'Login')).getByRole('button', { name: 'Sign in with Phantom Wallet' }).click();
    await toast(other.page, 'Logged in successfully!');

    await walletButton.click();
    await page.getByRole('menuitem', { name: 'Copy address' }).waitFor();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    const t = await toast(page, 'Wallet Disconnected');
    await t.getByText('Your wallet has been disconnected. You have been logged out.').waitFor();
    await page.getByRole('button', { name: 'Connect Wallet' }).first().waitFor();
    expect((await page.evaluate(async () => (await fetch('/api/me')).json())).user).toBeNull();
    expect(await phantomConnected(page)).toBe(false);
  });

  it('refuses a wallet that belongs to another account, then signs out', async () => {
    const owner = new TestWallet();
    const first = await openWithPhantom('/app', owner);
    await first.page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    const reg = first.page.getByRole('dialog', { name: 'Complete Your Registration' });
    await reg.getByLabel('Display name').fill(`Owner ${unique()}`);
    await reg.getByLabel('Username').fill(`own_${unique()}`);
    const submit = reg.getByRole('button', { name: 'Complete Registration' });
    await eventually(async () => expect(await submit.isDisabled()).toBe(false));
    await submit.click();
    await toast(first.page, 'Account created successfully! Welcome to Glint!');

    const { page } = await openWithPhantom('/app', owner);
    await emailAccount(page);
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await toast(page, 'This wallet is linked to another account. Please try again.');
    await eventually(async () => expect((await page.evaluate(async () => (await fetch('/api/me')).json())).user).toBeNull());
  });

  it('the mobile user menu carries the Wallet entry', async () => {
    const wallet = new TestWallet();
    const page = await b.open('/app', { viewport: PHONE }, { beforeGoto: (p) => installPhantom(p, wallet) });
    await emailAccount(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /^Wallet/ }).click();
    // On a phone the toast covers the header (and a pointer over it keeps it there): close it.
    await (await toast(page, 'Wallet connected successfully!')).getByRole('button', { name: 'Close toast' }).click();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').getByText(short(wallet.address)).waitFor();
    await page.getByRole('menuitem', { name: 'Copy address' }).waitFor();
    await page.getByRole('menuitem', { name: 'Disconnect Wallet' }).click();
    await toast(page, 'Wallet Disconnected');
  });
});
