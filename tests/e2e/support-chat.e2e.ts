import { describe, expect, it } from 'vitest';
import { PHONE, signedInAccount, useBrowser } from './support.js';

// Glint Support Chat as a guest meets it: the floating button, a streamed answer that links the
// right help page, Enter and Shift+Enter, copy, the error toast, and the drawer on a phone.
const b = useBrowser();

describe('support chat', () => {
  it('answers a guest, streamed, with a link to the help page; Enter sends, Shift+Enter does not; copy confirms', async () => {
    const page = await b.open('/app', { permissions: ['clipboard-read', 'clipboard-write'] });
    const button = page.getByRole('button', { name: 'Open Glint Support Chat' });
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Glint Support Chat' });
    await panel.getByText('Welcome to Glint Support!').waitFor();
    await panel.getByText('Ask me anything about streams, shorts, bounties, or how to use the platform.').waitFor();
    const box = await panel.boundingBox();
    expect(Math.round(box!.width)).toBe(400);
    expect(Math.round(box!.height)).toBe(600);

    const input = panel.getByPlaceholder('Type your message...');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('how do I go live');
    await input.press('Shift+Enter');
    await input.pressSequentially('from OBS?');
    expect(await input.inputValue()).toBe('how do I go live\nfrom OBS?');
    expect(await panel.locator('[data-role]').count()).toBe(0);

    await input.fill('how do I go live from OBS?');
    await input.press('Enter');
    await panel.locator('[data-role="user"]').getByText('how do I go live from OBS?').waitFor();
    const link = panel.getByRole('link', { name: 'Go live from OBS' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/submit');
    expect(await panel.locator('time').count()).toBe(2);
    // The article's Markdown as the panel shows it: its list as a list, its path as code, no marks.
    const answer = panel.locator('[data-role="assistant"]');
    const items = answer.locator('ul > li');
    await items.filter({ hasText: 'If OBS drops, reconnect within 15 seconds and the stream goes on.' }).waitFor();
    expect(await items.count()).toBeGreaterThanOrEqual(4);
    expect(await answer.locator('code').allTextContents()).toContain('/submit');
    expect(await answer.locator('strong').allTextContents()).toContain('Go live from OBS');
    expect(await answer.textContent()).not.toMatch(/[`•]|\*\*/);

    await panel.getByRole('button', { name: 'Copy answer' }).click();
    await panel.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('[Go live from OBS](/submit)');
    await panel.getByRole('button', { name: 'Copy answer' }).waitFor({ timeout: 4000 });

    // Escape closes the panel and gives focus back to the button.
    await page.keyboard.press('Escape');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('keeps the conversation while moving between screens', async () => {
    const page = await b.open('/app');
    await page.getByRole('button', { name: 'Open Glint Support Chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Glint Support Chat' });
    await panel.getByPlaceholder('Type your message...').fill('how do the leaderboards work?');
    await panel.getByPlaceholder('Type your message...').press('Enter');
    // The answer's link opens the screen in the app; the panel and its conversation stay.
    const link = panel.getByRole('link', { name: 'Leaderboards', exact: true });
    await link.waitFor();
    await link.click();
    await page.waitForURL((u) => u.pathname === '/leaderboards');
    await panel.getByText('how do the leaderboards work?').waitFor();
  });

  it('quotes a bounty titled with a planted link as text, linked only to the bounty on Glint', async () => {
    const { page, username } = await signedInAccount(b, 'planter');
    const title = `Airdrop](https://evil.example/claim) [more ${username}`;
    const status = await page.evaluate(
      async (body) => (await fetch('/api/bounties', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
      {
        title,
        description: 'Claim your airdrop before it is gone for good.',
        rewardSol: '0.5',
        deadline: new Date(Date.now() + 2 * 3600_000).toISOString(),
        category: 'metaverse',
      },
    );
    expect(status).toBe(201);
    await page.getByRole('button', { name: 'Open Glint Support Chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Glint Support Chat' });
    await panel.getByPlaceholder('Type your message...').fill('any open bounties in Metaverse?');
    await panel.getByPlaceholder('Type your message...').press('Enter');
    const link = panel.getByRole('link', { name: title, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/bounties\//);
    expect(await panel.locator('a[href*="evil.example"]').count()).toBe(0);
  });

  it('shows the Error toast and removes the question when the server fails', async () => {
    const page = await b.open(
      '/app',
      {},
      {
        beforeGoto: (p) =>
          p.route('**/api/support-chat', (route) =>
            route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Failed to get response"}' }),
          ),
      },
    );
    await page.getByRole('button', { name: 'Open Glint Support Chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Glint Support Chat' });
    await panel.getByPlaceholder('Type your message...').fill('who is live?');
    await panel.getByPlaceholder('Type your message...').press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Error' });
    await toast.getByText('Failed to get response').waitFor();
    expect(await panel.locator('[data-role]').count()).toBe(0);
    await panel.getByText('Welcome to Glint Support!').waitFor();
  });

  it('opens as a 90vh drawer on a phone', async () => {
    const page = await b.open('/app', { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: 'Open Glint Support Chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Glint Support Chat' });
    await panel.getByText('Welcome to Glint Support!').waitFor();
    const box = await panel.boundingBox();
    expect(Math.round(box!.width)).toBe(PHONE.width);
    expect(Math.abs(box!.height - PHONE.height * 0.9)).toBeLessThan(2);
    expect(Math.round(box!.y + box!.height)).toBe(PHONE.height);
  });
});
