import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, useBrowser } from './support.js';

// Accounts as a person meets them: the auth dialog, mail in the local outbox, settings.
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

async function outbox(): Promise<Mail[]> {
  const res = await fetch(`${b.baseURL}/api/dev/outbox.json`);
  return (await res.json()) as Mail[];
}

/** The first link of the newest mail to `to` whose subject contains `subject`. */
async function mailLink(to: string, subject: string): Promise<string> {
  return eventually(async () => {
    const mail = (await outbox()).find((m) => m.to === to && m.subject.includes(subject));
    expect(mail, `mail "${subject}" to ${to}`).toBeDefined();
    return /https?:\/\/\S+/.exec(mail!.text)![0];
  });
}

async function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${b.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.baseURL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The cookies a response sets, as a Cookie header. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A new account made through the API (the tests here are not about sign-up); verified unless told otherwise. */
async function createUser({ verified = true } = {}) {
  const username = uniqueName('u');
  const email = `${username}@example.com`;
  const res = await post('/api/auth/sign-up/email', { email, password: PW, username, name: '' });
  expect(res.status).toBe(200);
  if (verified) {
    const confirm = await fetch(await mailLink(email, 'Confirm your email'), { redirect: 'manual' });
    expect(confirm.status).toBe(302);
  }
  return { username, email, password: PW };
}

/** An account with a confirmed authenticator, enrolled through the API. */
async function createUserWithTwoFactor() {
  const user = await createUser();
  const signIn = await post('/api/auth/sign-in/email', { email: user.email, password: PW });
  const cookie = cookiesOf(signIn);
  const enable = await post('/api/auth/two-factor/enable', { password: PW }, cookie);
  const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
  expect((await post('/api/auth/two-factor/verify-totp', { code: totp.generate() }, cookie)).status).toBe(200);
  return { ...user, totp };
}

/** A six-digit code the authenticator would not accept now (nor one period either side). */
function wrongCode(totp: OTPAuth.TOTP): string {
  const near = [-1, 0, 1].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 }));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
}

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Opens the auth dialog from the user menu, as a guest does (it opens on Sign Up). */
async function openAuthDialog(page: Page, tab: 'Login' | 'Sign Up') {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Up / Login' }).click();
  await dialog(page).waitFor();
  if (tab === 'Login') await dialog(page).getByRole('tab', { name: 'Login' }).click();
}

async function submitLogin(page: Page, identifier: string, password: string) {
  const form = dialog(page).getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email or username').fill(identifier);
  await form.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().includes('/api/auth/sign-in/'));
  await form.getByRole('button', { name: 'Log In' }).click();
  return answer;
}

async function logIn(page: Page, identifier: string, password = PW) {
  await openAuthDialog(page, 'Login');
  await submitLogin(page, identifier, password);
}

/** Waits until the user menu belongs to `name` (display name or @username). */
async function expectSignedInAs(page: Page, text: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu').getByText(text, { exact: true }).waitFor();
  await closeMenu(page);
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await me;
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  // The header's Create button is for signed-in people only.
  await page.getByRole('link', { name: 'Create', exact: true }).waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Up / Login' }).waitFor();
  await closeMenu(page);
}

/** Signs the page's browser in through the API, as a returning visitor with a cookie. */
async function signInWithCookie(page: Page, email: string) {
  const status = await page.evaluate(
    async ([e, p]) =>
      (
        await fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: e, password: p }),
        })
      ).status,
    [email, PW] as const,
  );
  expect(status).toBe(200);
}

describe('sign up and verification', () => {
  it('creates an account in the dialog, then the mailed link verifies it and /submit opens', async () => {
    const page = await b.open('/app');
    await openAuthDialog(page, 'Sign Up');
    const form = dialog(page).getByRole('form', { name: 'Sign up' });
    const username = uniqueName('new');
    const email = `${username}@example.com`;
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Display name (optional)').fill('Nova Streamer');
    await form.getByLabel('Email').fill(email);

    // docs/product.md §5: the meter's label follows the score.
    const meter = form.getByRole('meter', { name: 'Password strength' });
    const password = form.getByLabel('Password', { exact: true });
    for (const [typed, label] of [
      ['abc', 'Weak'],
      ['Abcdefg1', 'Fair'],
      ['Abcdefg1!', 'Good'],
      ['Abcdefg1!Glint', 'Strong'],
    ] as const) {
      await password.fill(typed);
      await eventually(async () => expect(await meter.getAttribute('aria-valuetext')).toBe(label));
      expect(await form.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    await form.getByRole('button', { name: 'Create Account' }).click();

    await toast(page, 'Account Created!').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await expectSignedInAs(page, 'Nova Streamer');
    await page.getByText('Confirm your email to create content').waitFor();
    await page.getByRole('region', { name: 'Email verification' }).getByRole('button', { name: 'Resend email' }).click();
    await toast(page, 'Verification email sent').waitFor();

    // Unverified: creating is closed (docs/product.md §4).
    await page.goto('/submit');
    await page.waitForURL((u) => u.pathname === '/app');
    await toast(page, 'Email Verification Required').waitFor();

    await page.goto(await mailLink(email, 'Confirm your email'));
    await page.waitForURL((u) => u.pathname === '/app');
    await page.goto('/submit');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/submit');
    expect(await page.getByText('Confirm your email to create content').count()).toBe(0);
  });

  it('refuses a taken email with docs/product.md’s message', async () => {
    const existing = await createUser({ verified: false });
    const page = await b.open('/app');
    await openAuthDialog(page, 'Sign Up');
    const form = dialog(page).getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill(uniqueName('dup'));
    await form.getByLabel('Email').fill(existing.email);
    await form.getByLabel('Password', { exact: true }).fill('Another!Pass123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Signup Failed').waitFor();
    await toast(page, 'An account with this email already exists. Please sign in instead.').waitFor();
  });
  it('never cuts a long password: over 100 characters it says so and creates nothing', async () => {
    const page = await b.open('/app');
    await openAuthDialog(page, 'Sign Up');
    const form = dialog(page).getByRole('form', { name: 'Sign up' });
    const username = uniqueName('long');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    const long = `Aa1!${'x'.repeat(97)}`;
    const password = form.getByLabel('Password', { exact: true });
    await password.fill(long);
    expect((await password.inputValue()).length).toBe(101);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Password must be less than 100 characters').waitFor();
    expect(await toast(page, 'Account Created!').count()).toBe(0);
    expect(await dialog(page).isVisible()).toBe(true);
  });
});

describe('log in', () => {
  it('works by email and by username, and the dialog closes itself', async () => {
    const user = await createUser();
    const page = await b.open('/app');
    await logIn(page, user.email);
    await toast(page, 'Welcome back!').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await expectSignedInAs(page, `@${user.username}`);

    await signOutFromMenu(page);
    await logIn(page, user.username.toUpperCase());
    await toast(page, 'Welcome back!').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await expectSignedInAs(page, `@${user.username}`);
  });

  it('says Login Failed for a wrong password and for an unknown username', async () => {
    const user = await createUser();
    const page = await b.open('/app');
    await logIn(page, user.email, 'Wr0ng!Passw0rd');
    await toast(page, 'Login Failed').waitFor();
    await toast(page, 'Invalid credentials. Please check your email/username and password.').waitFor();
    expect(await dialog(page).isVisible()).toBe(true);

    await submitLogin(page, 'nobody_here_at_all', PW);
    await toast(page, 'Username not found').waitFor();
  });

  it('stops a sixth attempt with the rate-limit message', async () => {
    const user = await createUser();
    const page = await b.open('/app');
    await openAuthDialog(page, 'Login');
    for (let i = 0; i < 5; i++) expect((await submitLogin(page, user.username, 'Wr0ng!Passw0rd')).status()).toBe(401);
    // This browser's address is refused now, even with the right password.
    expect((await submitLogin(page, user.username, PW)).status()).toBe(429);
    await toast(page, 'Too many login attempts. Please try again later.').waitFor();
  });
});

describe('password reset', () => {
  it('mails a link, sets a new password, and the new one logs in', async () => {
    const user = await createUser();
    const page = await b.open('/app');
    await openAuthDialog(page, 'Login');
    await dialog(page).getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText("If an account exists for that email, we've sent a link to reset your password.").waitFor();

    const link = await mailLink(user.email, 'Reset your Glint password');
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/update-password' && u.searchParams.has('token'));
    // The server's refusal shows as it is.
    await page.getByLabel('New password').fill('P@ssw0rd');
    await page.getByLabel('Confirm password').fill('P@ssw0rd');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This password has been found in a data breach. Please choose a different password.' }).waitFor();
    const NEW = 'Fresh!Start2026';
    await page.getByLabel('New password').fill(NEW);
    await page.getByLabel('Confirm password').fill(NEW);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password updated').waitFor();
    await page.waitForURL((u) => u.pathname === '/app');
    // Straight into the Login tab.
    await dialog(page).getByRole('tab', { name: 'Login', selected: true }).waitFor();
    await submitLogin(page, user.email, NEW);
    await toast(page, 'Welcome back!').waitFor();
    await expectSignedInAs(page, `@${user.username}`);

    // The link worked once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await page.getByRole('link', { name: 'Send a new link' }).waitFor();
  });

  it('answers an unknown email with the same words', async () => {
    const page = await b.open('/reset-password');
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText("If an account exists for that email, we've sent a link to reset your password.").waitFor();
  });
});

describe('Google', () => {
  it('signs in through the OpenID Connect server and lands on /app', async () => {
    const page = await b.open('/app');
    await openAuthDialog(page, 'Login');
    await dialog(page).getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL((u) => u.origin === b.baseURL && u.pathname === '/app', { timeout: 15_000 });
    await expectSignedInAs(page, 'Grace Hopper');

    // An account without a password: nothing to change, and two-factor asks for none.
    await page.goto('/settings');
    await page.getByTestId('google-connection').getByText('Connected', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Change password' }).count()).toBe(0);
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Enable two-factor' }).waitFor();
    expect(await twoFactor.getByLabel('Password', { exact: true }).count()).toBe(0);
  });
});

describe('Google in settings', () => {
  it('unlinks Google once the account has a password, and links it again', async () => {
    // The account Google made above gets a password through the reset link.
    const email = 'grace@gmail.example';
    expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/update-password' })).status).toBe(200);
    const open = await fetch(await mailLink(email, 'Reset your Glint password'), { redirect: 'manual' });
    const token = new URL(open.headers.get('location')!, b.baseURL).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: PW })).status).toBe(200);

    const page = await b.open('/app');
    await signInWithCookie(page, email);
    await page.goto('/settings');
    const google = page.getByTestId('google-connection');
    await google.getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Change password' }).waitFor();

    await google.getByRole('button', { name: 'Unlink' }).click();
    await toast(page, 'Google account unlinked').waitFor();
    await google.getByText('Not connected', { exact: true }).waitFor();

    await google.getByRole('button', { name: 'Link' }).click();
    await toast(page, 'Google account linked').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await google.getByText('Connected', { exact: true }).waitFor();
  });
});

describe('two-factor', () => {
  it('is enrolled in settings with the secret shown, then asked for at login', async () => {
    const user = await createUser();
    const page = await b.open('/app');
    await logIn(page, user.email);
    await toast(page, 'Welcome back!').waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL((u) => u.pathname === '/settings');

    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByLabel('Password', { exact: true }).fill(PW);
    await section.getByRole('button', { name: 'Enable two-factor' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await section.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(await section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).toBeGreaterThan(0);

    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const confirm = section.getByRole('button', { name: 'Verify and turn on' });
    expect(await confirm.isDisabled()).toBe(true);
    await section.getByLabel('3. Enter the 6-digit code from the app').fill(totp.generate());
    await confirm.click();
    await toast(page, 'Two-factor authentication is on').waitFor();
    await section.getByText('On', { exact: true }).waitFor();

    await signOutFromMenu(page);
    await logIn(page, user.email);
    await dialog(page).getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    const box = dialog(page).getByLabel('Authentication code');
    const verify = dialog(page).getByRole('button', { name: 'Verify' });
    await box.fill('12ab');
    expect(await box.inputValue()).toBe('12');
    expect(await verify.isDisabled()).toBe(true);
    // Enrolment used this window's code, and a code works once: use the next window's.
    await box.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await verify.click();
    await toast(page, 'Verified!').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await expectSignedInAs(page, `@${user.username}`);

    // And off again, with the password.
    await page.goto('/settings');
    await section.getByLabel('Password', { exact: true }).fill(PW);
    await section.getByRole('button', { name: 'Turn off two-factor' }).click();
    await toast(page, 'Two-factor authentication is off').waitFor();
    await section.getByText('Off', { exact: true }).waitFor();
  });

  it('counts wrong codes down, then locks', async () => {
    const user = await createUserWithTwoFactor();
    const page = await b.open('/app');
    await logIn(page, user.email);
    const box = dialog(page).getByLabel('Authentication code');
    await box.waitFor();
    const verify = dialog(page).getByRole('button', { name: 'Verify' });

    for (const remaining of [4, 3, 2, 1]) {
      await box.fill(wrongCode(user.totp));
      await verify.click();
      const warning = `${remaining} attempts remaining before account lockout`;
      await dialog(page).getByText(warning).waitFor();
      await toast(page, warning).waitFor();
      expect(await box.inputValue()).toBe('');
    }
    await box.fill(wrongCode(user.totp));
    await verify.click();
    await toast(page, 'Account Temporarily Locked').waitFor();

    // Cancel signs the half-finished login out and returns to the form.
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).getByRole('form', { name: 'Log in' }).waitFor();
  });
});

describe('protected routes', () => {
  it('send a guest to /app', async () => {
    const page = await b.open('/submit');
    await page.waitForURL((u) => u.pathname === '/app');
    expect(await page.getByText('Email Verification Required').count()).toBe(0);
    await page.goto('/settings');
    await page.waitForURL((u) => u.pathname === '/app');
  });

  it('send an unverified account to /app with Email Verification Required', async () => {
    const user = await createUser({ verified: false });
    const page = await b.open('/app');
    await signInWithCookie(page, user.email);
    await page.goto('/profile');
    await page.waitForURL((u) => u.pathname === '/app');
    await toast(page, 'Email Verification Required').waitFor();
    // Settings stay open to it: that is where its email is confirmed.
    await page.goto('/settings');
    await page.getByRole('region', { name: 'Email', exact: true }).getByText('Not verified').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
  });
});

describe('change password in settings', () => {
  it('needs the current password, then the new one logs in', async () => {
    const user = await createUser();
    const page = await b.open('/app');
    await signInWithCookie(page, user.email);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Change password' });
    const NEW = 'Changed!Pass2026';
    await section.getByLabel('Current password').fill('Wr0ng!Passw0rd');
    await section.getByLabel('New password', { exact: true }).fill(NEW);
    await section.getByLabel('Confirm new password').fill(NEW);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await section
      .getByRole('alert')
      .filter({ hasText: /invalid password/i })
      .waitFor();

    await section.getByLabel('Current password').fill(PW);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password changed').waitFor();
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: PW })).status).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: user.email, password: NEW })).status).toBe(200);
  });
});

describe('sessions in settings', () => {
  it('lists this device and another, revokes the other, then signs out everywhere', async () => {
    const user = await createUser();
    const other = await b.open('/app');
    await signInWithCookie(other, user.email);
    const page = await b.open('/app');
    await signInWithCookie(page, user.email);
    await page.goto('/settings');

    // Sign-up and the confirmation link (both from the API client) signed in too.
    const list = page.getByRole('list', { name: 'Active sessions' });
    const rows = list.getByTestId('session-row');
    await eventually(async () => expect(await rows.count()).toBe(4));
    const current = list.locator('[data-current="true"]');
    await current.getByText('This device').waitFor();
    expect(await current.innerText()).toContain('Chrome on Linux');
    expect(await list.locator('[data-current="false"]').filter({ hasText: 'API client' }).count()).toBe(2);

    // The other browser is the one other Chrome.
    await list.locator('[data-current="false"]').filter({ hasText: 'Chrome on Linux' }).getByRole('button', { name: 'Revoke Chrome on Linux' }).click();
    await toast(page, 'Session signed out').waitFor();
    await eventually(async () => expect(await rows.count()).toBe(3));
    await other.goto('/settings');
    await other.waitForURL((u) => u.pathname === '/app');

    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await toast(page, 'Signed out of other devices').waitFor();
    await eventually(async () => expect(await rows.count()).toBe(1));

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await toast(page, 'Signed out everywhere').waitFor();
    await page.waitForURL((u) => u.pathname === '/app');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Up / Login' }).waitFor();
  });
});
