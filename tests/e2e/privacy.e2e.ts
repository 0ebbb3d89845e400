import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE, signedInAccount, useBrowser } from './support.js';

// "Your data" in Settings, as a person meets it: download a copy (prepared in the background, then a
// link valid for a day), schedule the account's deletion (a wrong password refused first), cancel it,
// schedule it again, and see a later sign-in cancel it with a toast. On a phone-sized screen, with
// the keyboard for the dialog.
const b = useBrowser();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });

it('downloads your data, and schedules, cancels and (by signing in) cancels again the deletion of the account', async () => {
  const { page, username } = await signedInAccount(b, 'priv', { viewport: PHONE });
  await page.goto('/settings');
  const section = page.locator('[data-settings-section="your-data"]');
  await section.getByRole('heading', { name: 'Your data', exact: true }).waitFor();

  // Download: preparing, then ready with its link and expiry.
  await section.getByRole('button', { name: 'Download your data' }).click();
  const link = section.getByRole('link', { name: 'Download (zip)' });
  await link.waitFor({ timeout: 30_000 });
  expect(await link.getAttribute('href')).toMatch(/^\/api\/account\/exports\/[0-9a-f-]+\/download$/);
  await section.getByText(/Available until/).waitFor();
  const zip = await page.evaluate(
    async (href) => {
      const res = await fetch(href!);
      return { status: res.status, type: res.headers.get('content-type') };
    },
    await link.getAttribute('href'),
  );
  expect(zip).toEqual({ status: 200, type: 'application/zip' });

  // Delete: the wrong password is refused in the dialog; the right one schedules it.
  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.keyboard.press('Enter');
  await dialog.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor();
  await dialog.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await section.getByText(/Your account will be deleted on \d{1,2} \w+ \d{4}\./).waitFor();

  // Cancel from Settings.
  await section.getByRole('button', { name: 'Cancel deletion' }).click();
  await toast(page, 'Your account deletion was cancelled');
  await section.getByRole('button', { name: 'Delete account' }).waitFor();

  // Schedule again, then sign in elsewhere: the deletion is cancelled and that page says so.
  await section.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await section.getByText(/Your account will be deleted on/).waitFor();

  const other = await b.open('/app');
  const signIn = await other.evaluate(
    async ([email]) =>
      (
        await fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Str0ng!Passw0rd' }),
        })
      ).status,
    [`${username}@example.com`] as const,
  );
  expect(signIn).toBe(200);
  await other.goto('/settings');
  await toast(other, 'Your account deletion was cancelled');
  await other.locator('[data-settings-section="your-data"]').getByRole('button', { name: 'Delete account' }).waitFor();
});
