import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { eventually, signedInAccount, useBrowser } from './support.js';

// Badges and roles as an admin and a creator meet them: the first admin comes from ADMIN_EMAILS
// (set in global-setup.ts); a creator asks for the blue badge from their settings, the admin grants
// it on /admin/verification, and it shows on the profile and on the creator's cards at once. The
// user menu shows Verification and Roles to the admin, and not to the creator.
const b = useBrowser();
const BLUE = 'Verified Account - Identity confirmed';

/** Calls the app's API from the page, as the signed-in user. */
const call = <T>(page: Page, path: string, method = 'GET', body?: unknown) =>
  page.evaluate(
    async ([p, m, j]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: j ? { 'content-type': 'application/json' } : {},
        body: j ? JSON.stringify(j) : undefined,
      });
      return { status: res.status, body: await res.json() };
    },
    [path, method, body] as const,
  ) as Promise<{ status: number; body: T }>;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });

/** The account of ADMIN_EMAILS, confirmed through its mailed link (which signs it in). */
async function firstAdmin(): Promise<Page> {
  const email = 'e2e-admin@example.com';
  const res = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.baseURL },
    body: JSON.stringify({ email, username: 'e2e_admin', name: 'Ada Admin', password: 'Str0ng!Passw0rd' }),
  });
  expect(res.status).toBe(200);
  const link = await eventually(async () => {
    const mails = ((await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; text: string }[]).filter((m) => m.to === email);
    expect(mails.length).toBeGreaterThan(0);
    return /https?:\/\/\S+/.exec(mails[0]!.text)![0];
  });
  const page = await b.open(link);
  await page.waitForURL((u) => u.pathname === '/app');
  return page;
}

/** Opens the user menu and reads its entries, by name (`close` closes it again). */
async function menuEntries(page: Page, close = true): Promise<string[]> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
  const names = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  if (close) {
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
  return names;
}

it('an admin grants a blue badge from /admin/verification, and it shows on the profile and on cards; the menu follows the roles', async () => {
  const creator = await signedInAccount(b, 'badgefan');
  const { page, username } = creator;
  const plain = await menuEntries(page);
  expect(plain).toContain('Profile');
  expect(plain).not.toContain('Verification');
  expect(plain).not.toContain('Roles');
  expect(plain).not.toContain('Reports');

  // A card with the creator's name: a bounty of theirs.
  const title = `Explain restaking ${username}`;
  const bounty = await call(page, '/api/bounties', 'POST', {
    title,
    description: 'A ten-minute video on restaking, with diagrams.',
    rewardSol: '0.5',
    deadline: new Date(Date.now() + 2 * 3600_000).toISOString(),
    category: 'defi',
  });
  expect(bounty.status).toBe(201);

  // The request, from the settings.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Verification', exact: true });
  await section.getByText('Blue badge', { exact: true }).click();
  await section.getByLabel('Link 1').fill('https://example.com/about-me');
  await section.getByLabel('Message to the admins').fill('I stream DeFi explainers every week; this is my site.');
  await section.getByRole('button', { name: 'Request verification' }).click();
  await toast(page, 'Request sent');
  await section.getByText('Waiting for an admin').waitFor();

  // The admin: Verification and Roles (and Reports) in the menu.
  const admin = await firstAdmin();
  const entries = await menuEntries(admin, false);
  expect(entries).toEqual(expect.arrayContaining(['Reports', 'Verification', 'Roles']));
  await admin.getByRole('menuitem', { name: 'Verification' }).click();
  await admin.waitForURL((u) => u.pathname === '/admin/verification');
  await admin.getByRole('heading', { name: 'Verification requests', level: 1 }).waitFor();

  const request = admin.locator(`[data-testid="verification-request"][data-username="${username}"]`);
  await request.getByText('I stream DeFi explainers every week; this is my site.').waitFor();
  expect(await request.getByRole('link', { name: 'https://example.com/about-me' }).getAttribute('rel')).toContain('noreferrer');
  await request.getByRole('button', { name: `Grant the blue badge to ${username}` }).click();
  await toast(admin, `Blue badge granted to ${username}`);
  await request.waitFor({ state: 'detached' });

  // The creator's open settings hear it at once.
  await toast(page, 'Verification granted');
  await section.getByText('Granted', { exact: true }).waitFor();

  // On the profile, and on the creator's card, for anyone.
  await admin.goto(`/profile/${username}`);
  await admin.getByRole('heading', { level: 1 }).filter({ hasText: username }).waitFor();
  const badge = admin.getByRole('img', { name: BLUE }).first();
  await badge.waitFor();
  // Its tooltip says what it means, to a pointer resting on it (drawn only once one reaches it)...
  const tooltip = admin.getByRole('tooltip').filter({ hasText: BLUE });
  expect(await tooltip.count()).toBe(0);
  await badge.hover();
  await tooltip.waitFor();
  await admin.mouse.move(0, 0, { steps: 10 });
  await tooltip.waitFor({ state: 'detached' });
  // ...and to the keyboard, the focus staying on the badge.
  await admin.getByRole('img', { name: BLUE }).first().focus();
  await tooltip.waitFor();
  expect(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(BLUE);
  await admin.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'detached' });
  await admin.goto('/bounties');
  const card = admin.locator('[data-testid="bounty-card"]').filter({ hasText: title });
  await card.getByRole('img', { name: BLUE }).waitFor();

  // The verified accounts list has them, with Revoke.
  await admin.goto('/admin/verification?tab=verified');
  await admin
    .locator(`[data-testid="verified-account"][data-username="${username}"]`)
    .getByRole('button', { name: /Revoke/ })
    .waitFor();

  // The audit log on /admin/roles says who did it.
  await admin.goto('/admin/roles?tab=audit');
  const entry = admin.locator('[data-testid="audit-entry"][data-action="verification.grant"]').first();
  await entry.getByText('granted a badge').waitFor();
  await entry.getByText(`@${username}`).waitFor();
});
