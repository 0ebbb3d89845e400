import { describe, expect, it } from 'vitest';
import { eventually, signedInAccount, useBrowser } from './support.js';

// A creator reads her analytics: followed by someone through the API, the numbers rolled up, she
// opens the studio, switches the period, sees the followers chart drawn and reads the same
// numbers in its table, then downloads it as CSV.
const b = useBrowser();

/** A verified account used only through the API: its session cookie. */
async function apiPerson(prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36).slice(-6)}`;
  const email = `${username}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${b.baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: b.baseURL }, body: JSON.stringify(body) });
  expect((await post('/api/auth/sign-up/email', { email, username, name: '', password: 'Str0ng!Passw0rd' })).status).toBe(200);
  const link = await eventually(async () => {
    const mails = (await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; text: string }[];
    const mail = mails.find((m) => m.to === email);
    expect(mail).toBeDefined();
    return /https?:\/\/\S+/.exec(mail!.text)![0];
  });
  await fetch(link, { redirect: 'manual' });
  const res = await post('/api/auth/sign-in/email', { email, password: 'Str0ng!Passw0rd' });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('studio analytics', () => {
  it('shows a chart with its numbers as a table, per period, and as CSV', async () => {
    const { page, username } = await signedInAccount(b, 'studio');
    const fan = await apiPerson('stfan');
    const follow = await fetch(`${b.baseURL}/api/profiles/${username}/follow`, {
      method: 'PUT',
      headers: { cookie: fan, 'content-type': 'application/json', origin: b.baseURL },
      body: '{}',
    });
    expect(follow.status).toBe(200);
    // The roll-up runs every 5 minutes; a developer's server runs it at once when asked.
    expect((await fetch(`${b.baseURL}/api/dev/analytics/rollup`, { method: 'POST', headers: { origin: b.baseURL } })).status).toBe(204);

    await page.goto('/studio/analytics');
    await page.getByRole('heading', { name: 'Creator Studio', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Analytics', level: 2 }).waitFor();
    expect(await page.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('radio', { name: 'Last 28 days' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: 'Last 7 days' }).click();
    await page.waitForURL((u) => u.searchParams.get('period') === '7d');

    const followers = page.getByRole('region', { name: 'Followers', exact: true });
    // uPlot arrives with the first chart and draws on a canvas.
    await followers.locator('[data-testid="chart"] canvas').waitFor();
    await followers.getByText('Show as a table').click();
    const table = followers.getByRole('table', { name: 'Followers' });
    const today = new Date().toISOString().slice(0, 10);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['1', '0']);
    expect(await table.getByRole('row').count()).toBe(1 + 7);
    await page.getByText('+1', { exact: true }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), followers.getByRole('button', { name: 'Download Followers as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^followers-.*\.csv$/);
  });
});
