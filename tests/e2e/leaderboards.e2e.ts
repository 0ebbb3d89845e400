import { describe, expect, it } from 'vitest';
import { eventually, signedInAccount, useBrowser } from './support.js';

// The leaderboards as a creator meets them: followed by two people through the API, she finds
// herself on Most Followed, over each window, and her own rank pinned below the list.
const b = useBrowser();
const PW = 'Str0ng!Passw0rd';
let seq = 0;

/** A verified account used only through the API: its session cookie. */
async function apiPerson(prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36).slice(-6)}${(seq++).toString(36)}`;
  const email = `${username}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${b.baseURL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: b.baseURL }, body: JSON.stringify(body) });
  expect((await post('/api/auth/sign-up/email', { email, username, name: '', password: PW })).status).toBe(200);
  const link = await eventually(async () => {
    const mails = (await (await fetch(`${b.baseURL}/api/dev/outbox.json`)).json()) as { to: string; text: string }[];
    const mail = mails.find((m) => m.to === email);
    expect(mail).toBeDefined();
    return /https?:\/\/\S+/.exec(mail!.text)![0];
  });
  await fetch(link, { redirect: 'manual' });
  const res = await post('/api/auth/sign-in/email', { email, password: PW });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('leaderboards', () => {
  it('switches board and window, shows who ranks with their rank change, and pins your own rank', async () => {
    const { page, username } = await signedInAccount(b, 'lbstar');
    for (const prefix of ['lbfan', 'lbfan']) {
      const cookie = await apiPerson(prefix);
      const res = await fetch(`${b.baseURL}/api/profiles/${username}/follow`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', origin: b.baseURL },
        body: '{}',
      });
      expect(res.status).toBe(200);
    }

    await page.goto('/leaderboards');
    await page.getByRole('heading', { name: 'Leaderboards', level: 1 }).waitFor();
    // Top Creators over 7 days is the first board; the pinned card says where you stand.
    expect(await page.getByRole('tab', { name: 'Top Creators' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('complementary', { name: 'Your rank' }).getByText('You are not on this board in the last 7 days yet.').waitFor();

    await page.getByRole('tab', { name: 'Most Followed' }).click();
    const week = page.getByRole('list', { name: 'Most Followed in the last 7 days' });
    const mine = week.getByRole('listitem').filter({ hasText: `@${username}` });
    await mine.getByText('2', { exact: true }).waitFor();
    await mine.getByText('new followers').waitFor();
    await mine.getByText('New on this board').waitFor();
    const pinned = page.getByRole('complementary', { name: 'Your rank' });
    await pinned.getByText('Your rank in the last 7 days').waitFor();
    await pinned.getByText('2', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('board')).toBe('followed');

    // The window switch, from the keyboard: all time counts followers, without a rank change.
    await page.getByRole('radio', { name: '7 days' }).focus();
    await page.keyboard.press('End');
    // Radix moves the focus on the next tick.
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All time'));
    await page.keyboard.press('Space');
    const allTime = page.getByRole('list', { name: 'Most Followed of all time' });
    const mineAll = allTime.getByRole('listitem').filter({ hasText: `@${username}` });
    await mineAll.getByText('followers', { exact: true }).waitFor();
    expect(await mineAll.locator('[data-change]').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('window')).toBe('all');

    // The name leads to the profile (the display name is the username here).
    await mineAll.getByRole('link', { name: username, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/profile/${username}`);
  });
});
