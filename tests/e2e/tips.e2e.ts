import { expect, inject, it } from 'vitest';
import { TIP_LINK_WALLET, tipWrongWallet } from '../../src/shared/payments/payments.js';
import { rpcCall } from '../../src/server/test-support/local-chain.js';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { installPhantom } from './phantom.js';
import { createStreamWithKey, eventually, linkWallet, publishLikeObs, signedInAccount, useBrowser } from './support.js';

// A tip as its people meet it: a creator with a linked wallet is live, a fan tips from Phantom
// (a test wallet that signs and sends real transactions to the local chain), the tip is verified
// on chain, and the creator sees it highlighted in the chat and in the bell.
const b = useBrowser();
const chainUrl = inject('solanaRpcUrl');

it('a fan tips a live creator from Phantom; the tip is verified on chain and shows in the chat and the creator’s bell', async () => {
  const { page: host, username: hostName } = await signedInAccount(b, 'host');
  await linkWallet(b, host, new TestWallet());
  const { streamPath, rtmpUrl } = await createStreamWithKey(host, 'Tip jar open');
  const { obs } = publishLikeObs(rtmpUrl, 60);
  try {
    await host.getByTestId('live-player').waitFor({ timeout: 25_000 });

    // The fan's Phantom holds 2 SOL on the local chain.
    const fanWallet = new TestWallet();
    await rpcCall(chainUrl, 'requestAirdrop', [fanWallet.address, 2_000_000_000]);
    const { page: fan } = await signedInAccount(b, 'fan');
    // A tip is paid from the fan's linked wallet.
    await linkWallet(b, fan, fanWallet);
    await installPhantom(fan, fanWallet, { chainUrl });
    await fan.goto(streamPath);
    await fan.getByRole('button', { name: 'Tip', exact: true }).click();
    const dialog = fan.getByRole('dialog', { name: `Tip @${hostName}` });
    await dialog.getByRole('radio', { name: '0.5' }).click();
    await dialog.getByLabel('Message (optional)').fill('great call on SOL');
    await dialog.getByRole('button', { name: 'Tip 0.5 SOL with Phantom' }).click();
    await dialog.getByText(`Tip sent: 0.5 SOL to @${hostName}`).waitFor({ timeout: 20_000 });
    const balance = await rpcCall<{ value: number }>(chainUrl, 'getBalance', [fanWallet.address]);
    expect(balance.value).toBeLessThan(1_500_000_000);

    // Everyone in the room sees it highlighted; the creator is told in the bell.
    const tip = host.getByTestId('chat-panel').getByTestId('chat-tip');
    await tip.filter({ hasText: 'great call on SOL' }).waitFor({ timeout: 10_000 });
    expect(await tip.innerText()).toContain('Tipped 0.5 SOL');
    const bell = host.getByRole('button', { name: 'Notifications', exact: true });
    await eventually(async () => expect(await bell.locator('[data-slot="unread-badge"]').innerText()).toBe('1'), 10_000);
    await bell.click();
    await host
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(/tipped you 0\.5 SOL/)
      .waitFor();
    // The fan finds it among their payments, verified.
    await fan.goto('/settings');
    const mine = fan.getByRole('list', { name: 'Your payments' }).getByRole('listitem').first();
    await mine.getByText(`You sent 0.5 SOL to @${hostName}`).waitFor();
    await mine.getByText('Verified on chain').waitFor();
  } finally {
    obs.kill('SIGKILL');
  }
}, 120_000);

it('a creator without a wallet cannot be tipped, and the dialog says how they link one', async () => {
  const { username } = await signedInAccount(b, 'nowallet');
  const { page: fan } = await signedInAccount(b, 'fan');
  await fan.goto(`/profile/${username}`);
  await fan.getByRole('button', { name: 'Tip', exact: true }).click();
  const dialog = fan.getByRole('dialog', { name: `Tip @${username}` });
  await dialog.getByText('This creator has not linked a Solana wallet yet, so they cannot receive tips.').waitFor();
  await dialog.getByText(/Connect Wallet at the top of any page/).waitFor();
});

it('closing Phantom’s prompt sends nothing and says so', async () => {
  const { page: host, username: hostName } = await signedInAccount(b, 'host');
  await linkWallet(b, host, new TestWallet());
  const { page: fan } = await signedInAccount(b, 'fan');
  const fanWallet = new TestWallet();
  await linkWallet(b, fan, fanWallet);
  await installPhantom(fan, fanWallet, { chainUrl, rejectSign: true });
  await fan.goto(`/profile/${hostName}`);
  await fan.getByRole('button', { name: 'Tip', exact: true }).click();
  const dialog = fan.getByRole('dialog', { name: `Tip @${hostName}` });
  await dialog.getByRole('button', { name: 'Tip 0.1 SOL with Phantom' }).click();
  await dialog.getByText('Payment cancelled in Phantom. Nothing was sent.').waitFor({ timeout: 10_000 });
});

it('a tip is paid from the fan’s linked wallet: without one, or with Phantom on another, the dialog says so and nothing is sent', async () => {
  const { page: host, username: hostName } = await signedInAccount(b, 'host');
  await linkWallet(b, host, new TestWallet());
  const { page: fan } = await signedInAccount(b, 'fan');
  await installPhantom(fan, new TestWallet(), { chainUrl });
  await fan.goto(`/profile/${hostName}`);
  await fan.getByRole('button', { name: 'Tip', exact: true }).click();
  const dialog = fan.getByRole('dialog', { name: `Tip @${hostName}` });
  await dialog.getByRole('button', { name: 'Tip 0.1 SOL with Phantom' }).click();
  await dialog.getByText(TIP_LINK_WALLET).waitFor({ timeout: 10_000 });
  // Linked, but Phantom is on another account.
  const linked = new TestWallet();
  await linkWallet(b, fan, linked);
  await fan.reload();
  await fan.getByRole('button', { name: 'Tip', exact: true }).click();
  await dialog.getByRole('button', { name: 'Tip 0.1 SOL with Phantom' }).click();
  await dialog.getByText(tipWrongWallet(linked.address)).waitFor({ timeout: 10_000 });
});
