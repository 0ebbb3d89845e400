import { describe, expect, it } from 'vitest';
import { SCREENS_TIMEOUT, useAxe } from './a11y.js';
import { eventually, signedInAccount } from './support.js';

// axe (WCAG 2.2 AA) on the screens of a signed-in person and of an admin (tests/e2e/a11y.ts).
const { b, demo, scanRoutes } = useAxe();

describe('every screen passes axe (WCAG 2.2 AA)', () => {
  it(
    'signed in',
    async () => {
      const { videoId, streamId, bountyId } = await demo();
      const { page } = await signedInAccount(b, 'axe');
      const failures = await scanRoutes(page, 'signed in', [
        '/app',
        `/stream/${streamId}`,
        `/glint/${videoId}`,
        '/shorts',
        `/bounties/${bountyId}`,
        '/submit',
        '/profile',
        '/settings',
        '/history',
        '/following',
        '/studio',
        '/admin/moderation',
      ]);
      expect(failures).toEqual([]);
    },
    SCREENS_TIMEOUT * 2,
  );

  it(
    'as an admin, on the admin screens',
    async () => {
      // An address of ADMIN_EMAILS: an admin once confirmed (global-setup), with reports to show.
      const email = 'axeadmin@example.com';
      const res = await fetch(`${b.baseURL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: b.baseURL },
        body: JSON.stringify({ email, username: 'axeadmin', name: 'Axe Admin', password: 'Str0ng!Passw0rd' }),
      });
      expect(res.status).toBe(200);
      const link = await eventually(async () => {
        const mails = ((await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; text: string }[]).filter((m) => m.to === email);
        expect(mails.length).toBeGreaterThan(0);
        return /https?:\/\/\S+/.exec(mails[0]!.text)![0];
      });
      const page = await b.open(link);
      await page.waitForURL((u) => u.pathname === '/app');
      await page.goto('/admin/roles');
      // The screen an admin gets, not the refusal a user gets.
      await page.getByRole('heading', { level: 1, name: /roles/i }).waitFor();
      const failures = await scanRoutes(page, 'admin', ['/admin/verification', '/admin/moderation', '/admin/reports', '/admin/roles']);
      expect(failures).toEqual([]);
    },
    SCREENS_TIMEOUT,
  );
});
