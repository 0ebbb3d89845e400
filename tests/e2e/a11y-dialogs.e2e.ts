import { describe, expect, it } from 'vitest';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { useAxe } from './a11y.js';
import { installPhantom } from './phantom.js';
import { signedInAccount } from './support.js';

// axe (WCAG 2.2 AA) on the dialogs and menus that open over the screens (tests/e2e/a11y.ts).
const { b, scanDialogs } = useAxe();

describe('dialogs pass axe (WCAG 2.2 AA)', () => {
  it('the auth dialog on each tab, and Complete Your Registration', async () => {
    const page = await b.open('/app', {}, { beforeGoto: (p) => installPhantom(p, new TestWallet()) });
    const failures = await scanDialogs(page, '/app', async (p, check) => {
      await p.getByRole('button', { name: 'User menu' }).click();
      await p.getByRole('menuitem', { name: 'Sign Up / Login' }).click();
      const dialog = p.getByRole('dialog', { name: 'Welcome to Glint' });
      // The strength meter and checklist show once a password is typed.
      await dialog.getByLabel('Password', { exact: true }).fill('abc1');
      await dialog.getByText('Weak').waitFor();
      await check('auth dialog, Sign Up');
      await dialog.getByRole('tab', { name: 'Login' }).click();
      await dialog.getByRole('form', { name: 'Log in' }).waitFor();
      await check('auth dialog, Login');
      await dialog.getByRole('tab', { name: 'Wallet' }).click();
      await dialog.getByRole('button', { name: 'Connect Phantom' }).click();
      await p.getByRole('dialog', { name: 'Complete Your Registration' }).waitFor();
      await check('Complete Your Registration');
    });
    expect(failures).toEqual([]);
  }, 400_000);

  it('the support chat, with a question and its answer', async () => {
    const page = await b.open('/app');
    const failures = await scanDialogs(page, '/app', async (p, check) => {
      await p.getByRole('button', { name: 'Open Glint Support Chat' }).click();
      const panel = p.getByRole('dialog', { name: 'Glint Support Chat' });
      await panel.getByPlaceholder('Type your message...').fill('how do I go live from OBS?');
      await panel.getByPlaceholder('Type your message...').press('Enter');
      await panel.getByRole('button', { name: 'Copy answer' }).waitFor();
      await check('support chat');
    });
    expect(failures).toEqual([]);
  }, 300_000);

  it('the notifications panel and the user menu, signed in', async () => {
    const { page } = await signedInAccount(b, 'axebell');
    const failures = await scanDialogs(page, '/app', async (p, check) => {
      await p.getByRole('button', { name: 'User menu' }).click();
      await p.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
      await check('user menu');
      // On a phone the bell lives in the user menu (docs/product.md §2).
      const inMenu = p.getByRole('menuitem', { name: /^Notifications/ });
      if (await inMenu.count()) await inMenu.click();
      else {
        await p.keyboard.press('Escape');
        await p
          .getByRole('button', { name: /^Notifications/ })
          .first()
          .click();
      }
      await p.getByText('No notifications yet').waitFor();
      await check('notifications');
    });
    expect(failures).toEqual([]);
  }, 300_000);
});
