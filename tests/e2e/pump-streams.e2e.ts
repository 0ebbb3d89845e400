import { expect, inject, it } from 'vitest';
import { TOKEN_PROVEN, TOKEN_UNVERIFIED } from '../../src/shared/tokens/token-rules.js';
import { rpcCall } from '../../src/server/test-support/local-chain.js';
import { launchToken, mintTokens } from '../../src/server/test-support/tokens.js';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { axeViolations } from './a11y.js';
import { createStreamWithKey, eventually, linkWallet, PHONE, publishLikeObs, signedInAccount, useBrowser } from './support.js';

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

  const { streamPath, rtmpUrl } = await createStreamWithKey(page, 'Launching $GLC live', async (form) => {
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
  });

  // Long enough for every step below on a busy machine; stopped once they are done.
  const { obs } = publishLikeObs(rtmpUrl, 180);
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

    // The creator makes the chat holders-only (its modes); a fan the creator minted coins to chats with a
    // Holder badge, and a viewer without any reads why they cannot.
    await page.getByTestId('chat-panel').getByRole('button', { name: 'Modes' }).click();
    const rules = page.getByTestId('chat-rules');
    await rules.getByLabel('Holders only').check();
    await rules.getByLabel('Minimum balance ($GLC)').fill('1');
    await rules.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('chat-panel').getByText('Holders only').waitFor();

    const fanWallet = new TestWallet();
    await mintTokens(chainUrl, wallet.secretKey, mint, fanWallet.address, 5_000_000n);
    const fan = await signedInAccount(b, 'holder');
    await linkWallet(b, fan.page, fanWallet);
    await fan.page.goto(streamPath);
    const fanChat = fan.page.getByTestId('chat-panel');
    await fanChat.getByText('Holders only').waitFor();
    await fanChat.getByRole('textbox', { name: 'Chat message' }).fill('gm from a holder');
    await fanChat.getByRole('textbox', { name: 'Chat message' }).press('Enter');
    const line = page.getByTestId('chat-panel').getByTestId('chat-message').filter({ hasText: 'gm from a holder' });
    await line.getByTestId('holder-badge').waitFor();

    // The creator's address is a link, through the page that shows where it really goes.
    const hostInput = page.getByTestId('chat-panel').getByRole('textbox', { name: 'Chat message' });
    await hostInput.fill('chart: https://www.example.com/glc?range=1d');
    await hostInput.press('Enter');
    const link = fanChat.getByRole('link', { name: 'https://www.example.com/glc?range=1d' });
    const [leaving] = await Promise.all([fan.page.context().waitForEvent('page'), link.click()]);
    await leaving.waitForURL('**/leaving?to=*');
    await leaving.getByRole('heading', { name: 'You are leaving Glint' }).waitFor();
    expect(await leaving.getByTestId('leaving-domain').textContent()).toBe('example.com');
    expect(await leaving.getByRole('link', { name: 'Continue to example.com' }).getAttribute('href')).toBe('https://www.example.com/glc?range=1d');
    expect(await axeViolations(leaving)).toEqual([]);
    await leaving.close();

    const outsider = await signedInAccount(b, 'outsider');
    await outsider.page.goto(streamPath);
    await outsider.page.getByTestId('chat-holders-only').getByText('Only holders of at least 1 $GLC can chat here.', { exact: false }).waitFor();
    expect(await outsider.page.getByTestId('chat-panel').getByRole('textbox', { name: 'Chat message' }).count()).toBe(0);
    expect(await axeViolations(outsider.page, '[data-testid="chat-panel"]')).toEqual([]);

    // Another streamer naming the coin is marked, and on a phone the panel sits below the stream.
    const res = await outsider.page.request.post('/api/streams', {
      data: { title: 'Totally my coin', category: 'Meme Coins', token: { mint } },
      headers: { origin: b.baseURL },
    });
    expect(res.status()).toBe(201);
    const copy = (await res.json()) as { id: string };
    const phone = await b.open(`/stream/${copy.id}`, { viewport: PHONE });
    await phone.getByTestId('token-panel').getByText(TOKEN_UNVERIFIED).waitFor();
    const streamBox = await phone.getByTestId('stream-page').locator('h1').boundingBox();
    const panelBox = await phone.getByTestId('token-panel').boundingBox();
    expect(panelBox!.y).toBeGreaterThan(streamBox!.y);
  } finally {
    obs.kill('SIGINT');
  }
}, 240_000);
