import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { rpcCall } from '../../src/server/test-support/local-chain.js';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { installPhantom } from './phantom.js';
import { eventually, PHONE, publishLikeObs, signedInAccount, useBrowser } from './support.js';

// A bounty from posted to paid, as its poster and a creator meet it: the poster posts it, the
// creator links Phantom and claims it with a stream of theirs, the poster approves the claim and
// pays the reward from Phantom; the transfer is real, on the local chain, and verified by the server.
const b = useBrowser();
const chainUrl = inject('solanaRpcUrl');
const SOL = 1_000_000_000;

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

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

const balance = async (address: string) => (await rpcCall<{ value: number }>(chainUrl, 'getBalance', [address])).value;

it('a bounty goes from posted to paid: post, claim with your own stream, approve, pay from Phantom', async () => {
  // The poster, with a funded Phantom.
  const poster = await signedInAccount(b, 'poster');
  const posterWallet = new TestWallet();
  await installPhantom(poster.page, posterWallet, { chainUrl });
  await rpcCall(chainUrl, 'requestAirdrop', [posterWallet.address, 5 * SOL]);

  // The creator, on a phone, with a Phantom not linked yet and a stream that is live.
  const maker = await signedInAccount(b, 'maker', { viewport: PHONE });
  const makerWallet = new TestWallet();
  await installPhantom(maker.page, makerWallet, { chainUrl });
  const stream = await call<{ id: string }>(maker.page, '/api/streams', 'POST', { title: 'IL explained live', category: 'education' });
  expect(stream.status).toBe(201);
  const { body: key } = await call<{ server: string; key: string }>(maker.page, '/api/live/key', 'POST', {});
  const { obs } = publishLikeObs(`${key.server}/${key.key}`, 60, { audio: false });
  try {
    await eventually(async () => expect((await call<{ status: string }>(maker.page, `/api/streams/${stream.body.id}`)).body.status).toBe('live'), 30_000);

    // 1. The poster posts the bounty from /bounties.
    await poster.page.goto('/bounties');
    await poster.page.getByRole('button', { name: 'Post a bounty' }).first().click();
    const form = poster.page.getByRole('form', { name: 'Post a bounty' });
    await form.getByLabel('Title').fill('Explain impermanent loss, live');
    await form.getByLabel('Description').fill('Stream a clear explanation of impermanent loss with a worked example.');
    await form.getByLabel('Reward (SOL)').fill('0.001');
    await form.getByLabel('Category').selectOption({ label: 'Education' });
    await form.getByRole('button', { name: 'Post bounty' }).click();
    await form.getByText('The smallest amount is 0.01 SOL').waitFor();
    await form.getByLabel('Reward (SOL)').fill('0.5');
    await form.getByRole('button', { name: 'Post bounty' }).click();
    await poster.page.waitForURL((u) => /^\/bounties\/[0-9a-f-]{36}$/.test(u.pathname));
    const bountyPath = new URL(poster.page.url()).pathname;
    const page = poster.page.getByTestId('bounty-page');
    await page.getByRole('heading', { name: 'Explain impermanent loss, live' }).waitFor();
    await page.getByRole('heading', { name: 'No claims yet' }).waitFor();

    // 2. The creator finds it and claims it: first Phantom is linked, then the stream is picked.
    await maker.page.goto('/bounties');
    await maker.page.getByRole('link', { name: 'Explain impermanent loss, live' }).click();
    await maker.page.waitForURL((u) => u.pathname === bountyPath);
    await maker.page.getByRole('button', { name: 'Claim this bounty' }).click();
    const dialog = maker.page.getByRole('dialog', { name: 'Claim this bounty' });
    await dialog.getByText('Link a Solana wallet before you claim').waitFor();
    await dialog.getByRole('button', { name: 'Link Phantom wallet' }).click();
    const claimForm = dialog.getByRole('form', { name: 'Claim this bounty' });
    const pick = claimForm.getByRole('radio', { name: /IL explained live/ });
    await pick.waitFor({ state: 'attached', timeout: 15_000 });
    await pick.focus();
    await maker.page.keyboard.press('Space');
    expect(await pick.isChecked()).toBe(true);
    await claimForm.getByLabel('Note for the poster (optional)').fill('Live now, worked example at the start.');
    await claimForm.getByRole('button', { name: 'Send claim' }).click();
    await toast(maker.page, 'Claim sent');
    await maker.page.getByTestId('claim').getByText('Waiting for review').waitFor();
  } finally {
    obs.kill('SIGINT');
  }

  // 3. The poster sees the claim arrive without a reload and approves it.
  const page = poster.page.getByTestId('bounty-page');
  const claim = page.getByTestId('claim');
  await claim.getByText('Live now, worked example at the start.').waitFor({ timeout: 15_000 });
  await claim.getByRole('button', { name: 'Approve' }).click();
  await poster.page
    .getByRole('dialog', { name: /Approve .*claim\?/ })
    .getByRole('button', { name: 'Approve claim' })
    .click();
  await toast(poster.page, 'Claim approved');
  expect(await page.getByTestId('bounty-status').innerText()).toBe('Claimed');

  // 4. The poster pays from Phantom. Closing Phantom's prompt sends nothing and says so (in a
  // second tab whose Phantom refuses); then the transfer is made and followed to finalized.
  const refusing = await poster.page.context().newPage();
  await installPhantom(refusing, posterWallet, { chainUrl, rejectSign: true });
  await refusing.goto(new URL(poster.page.url()).pathname);
  const refusedPanel = refusing.getByTestId('pay-panel');
  await refusedPanel.getByRole('button', { name: 'Pay 0.5 SOL with Phantom' }).click();
  await refusedPanel.getByTestId('pay-failure').getByText('The payment failed: Payment cancelled in Phantom. Nothing was sent.').waitFor();
  await refusedPanel.getByRole('button', { name: 'Try again' }).waitFor();
  await refusing.close();
  const before = await balance(makerWallet.address);
  const pay = page.getByTestId('pay-panel');
  await pay.getByRole('button', { name: 'Pay 0.5 SOL with Phantom' }).click();
  await pay.getByText('Finalized. The reward is paid.').waitFor({ timeout: 30_000 });
  await toast(poster.page, 'Reward paid');
  await eventually(async () => expect(await page.getByTestId('bounty-status').innerText()).toBe('Paid'), 15_000);
  await page.getByText(/^Paid 0\.5 SOL to /).waitFor();
  expect((await balance(makerWallet.address)) - before).toBe(SOL / 2);

  // The creator was told, and their page shows the bounty paid.
  const bell = await eventually(async () => {
    const { body } = await call<{ notifications: { title: string; message: string }[] }>(maker.page, '/api/notifications');
    expect(body.notifications.map((n) => n.title)).toEqual(expect.arrayContaining(['Claim approved', 'Bounty paid']));
    return body.notifications;
  }, 15_000);
  expect(bell.find((n) => n.title === 'Bounty paid')!.message).toContain('0.5 SOL');
  await maker.page.reload();
  await maker.page.getByTestId('bounty-status').getByText('Paid').waitFor();
  await maker.page.getByTestId('claim').getByText('Approved').waitFor();
}, 120_000);
