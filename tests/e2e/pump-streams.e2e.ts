import { expect, inject, it } from 'vitest';
import { TOKEN_PROVEN, TOKEN_UNVERIFIED } from '../../src/shared/tokens/token-rules.js';
import { rpcCall } from '../../src/server/test-support/local-chain.js';
import { launchToken } from '../../src/server/test-support/tokens.js';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { axeViolations } from './a11y.js';
import { eventually, linkWallet, PHONE, publishLikeObs, signedInAccount, useBrowser } from './support.js';

// A Pump Stream as its people meet it: a creator launches a coin on chain (the local one) with
// the wallet linked to their account, goes live about it, and viewers see the chain's name, the
// "Creator's token" proof, the price and its chart beside the stream, and copy its address.
const b = useBrowser();
const chainUrl = inject('solanaRpcUrl');

it('a creator goes live on their coin; a viewer sees it proven, priced and charted beside the stream, and copies its address', async () => {
  const { page } = await signedInAccount(b, 'coiner');
  const wallet = new TestWallet();
  await rpcCall(chainUrl, 'requestAirdrop', [wallet.address, 1_000_000_000]);
  const { mint } = await launchToken(chainUrl, wallet.secretKey, { name: 'Glint Launch Coin', symbol: 'GLC' });
  await linkWallet(b, page, wallet);

  await page.goto('/submit');
  await page.getByRole('tab', { name: 'Go live' }).click();
  const form = page.getByRole('form', { name: 'Go live' });
  await form.getByLabel('Title').fill('Launching $GLC live');
  await form.getByLabel('Category').selectOption({ label: 'Meme Coins' });
  await form.getByLabel('This is a Pump Stream (it has a token)').check();
  // A mint that is not there is said so under the field, before anything is sent.
  await form.getByLabel('Token mint address').fill('So11111111111111111111111111111111111111119');
  await form.getByText('No token with this address exists on Solana').waitFor();
  await form.getByLabel('Token mint address').fill(mint);
  // The chain's name and symbol are read back, and the proof viewers will see.
  const preview = form.getByTestId('token-preview');
  await preview.getByText('Glint Launch Coin').waitFor();
  await preview.getByText(TOKEN_PROVEN).waitFor();
  await form.getByRole('button', { name: 'Create stream' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/stream/'));
  const streamPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Make a stream key' }).click();
  const key = await page.getByTestId('stream-key').inputValue();
  const server = await page.getByRole('textbox', { name: 'Server' }).inputValue();

  const { obs } = publishLikeObs(`${server}/${key}`, 60);
  try {
    const viewer = await b.open(streamPath, { permissions: ['clipboard-read', 'clipboard-write'] });
    await viewer.getByTestId('live-player').locator('video').waitFor({ timeout: 25_000 });
    await viewer.getByText('$GLC').first().waitFor();
    await viewer.getByTestId('stream-page').getByTestId('token-proof').filter({ hasText: TOKEN_PROVEN }).waitFor();

    // Beside the stream: the token, its price from the market source, and its chart.
    const panel = viewer.getByTestId('token-panel');
    await panel.getByRole('heading', { name: 'Glint Launch Coin' }).waitFor();
    await panel.getByTestId('token-price').filter({ hasText: '$0.0000123' }).waitFor();
    await panel.getByText('−12.5%').waitFor();
    await eventually(async () => expect(await panel.getByTestId('price-chart').locator('canvas').count()).toBeGreaterThan(0), 10_000);
    // The address goes to the clipboard whole.
    await panel.getByRole('button', { name: `Copy contract address ${mint}` }).click();
    await eventually(async () => expect(await viewer.evaluate(() => navigator.clipboard.readText())).toBe(mint));
    expect(await axeViolations(viewer, '[data-testid="token-panel"]')).toEqual([]);

    // The symbol leads to the token's page: its streams on Glint, live first.
    await viewer.getByTestId('stream-page').getByRole('link', { name: '$GLC' }).click();
    await viewer.waitForURL(`**/token/${mint}`);
    await viewer.getByRole('heading', { level: 1, name: 'Glint Launch Coin' }).waitFor();
    const live = viewer.locator('[data-section="token-live"]');
    await live.getByRole('link', { name: 'Launching $GLC live' }).waitFor();
    await viewer.getByTestId('token-price').waitFor();
    expect(await axeViolations(viewer)).toEqual([]);
    // Pump Streams filtered by the token list it, and only it.
    await viewer.goto(`/streams?token=${mint}`);
    await viewer.locator('[data-section="pump-live"]').getByRole('link', { name: 'Launching $GLC live' }).waitFor();
    await viewer.getByText('Showing streams about').getByRole('link', { name: 'Glint Launch Coin ($GLC)' }).waitFor();
  } finally {
    obs.kill('SIGINT');
  }

  // On a phone the panel sits below the stream; another streamer naming the coin is marked.
  const other = await signedInAccount(b, 'copycat', { viewport: PHONE });
  const res = await other.page.request.post('/api/streams', {
    data: { title: 'Totally my coin', category: 'Meme Coins', token: { mint } },
    headers: { origin: b.baseURL },
  });
  expect(res.status()).toBe(201);
  const copy = (await res.json()) as { id: string };
  await other.page.goto(`/stream/${copy.id}`);
  await other.page.getByTestId('token-panel').getByText(TOKEN_UNVERIFIED).waitFor();
  const streamBox = await other.page.getByTestId('stream-page').locator('h1').boundingBox();
  const panelBox = await other.page.getByTestId('token-panel').boundingBox();
  expect(panelBox!.y).toBeGreaterThan(streamBox!.y);
});
