import bs58 from 'bs58';
import { expect, inject, it } from 'vitest';
import { fundTokens, LOCAL_USDC_MINT, tokenBalanceOf, usdc } from '../../src/server/test-support/usdc.js';
import { TestWallet } from '../../src/server/test-support/wallet.js';
import { installPhantom } from './phantom.js';
import { eventually, signedInAccount, useBrowser } from './support.js';

// Pay-per-view as a viewer meets it: the demo's paid video is locked with its price; the viewer
// unlocks it from Phantom (a test wallet that signs for real), the payment is settled over x402
// on the local chain, and the video plays, then again after a reload without paying twice.
const b = useBrowser();
const chainUrl = inject('solanaRpcUrl');
const mintAuthority = new Uint8Array(bs58.decode(inject('usdcMintAuthority')));
/** The demo media is transcoded at start, one video at a time; the paid one comes last. */
const PROCESSING_MS = 240_000;

it(
  'a viewer unlocks a paid video with Phantom and it plays',
  async () => {
    // The demo's paid video, once processed.
    const demoId = await eventually(async () => {
      const info = (await (await fetch(`${b.baseURL}/api/x402`)).json()) as { enabled: boolean; demoVideoId: string | null };
      expect(info.enabled).toBe(true);
      expect(info.demoVideoId).toBeTruthy();
      return info.demoVideoId!;
    }, PROCESSING_MS);
    // Its 402 names the creator's wallet; that wallet gets a USDC account, and the viewer's wallet 1 USDC.
    const challenge = await fetch(`${b.baseURL}/api/videos/${demoId}/paid/master.m3u8`);
    expect(challenge.status).toBe(402);
    expect(challenge.headers.get('payment-required')).toBeTruthy();
    const { accepts } = (await challenge.json()) as { accepts: { payTo: string; amount: string; asset: string }[] };
    expect(accepts[0]).toMatchObject({ amount: '10000', asset: LOCAL_USDC_MINT });
    const wallet = new TestWallet();
    await fundTokens(chainUrl, mintAuthority, LOCAL_USDC_MINT, [
      { owner: accepts[0]!.payTo, amount: 0n },
      { owner: wallet.address, amount: usdc(1) },
    ]);

    const { page } = await signedInAccount(b, 'ppv');
    await installPhantom(page, wallet, { chainUrl });
    // The explainer's live demo asks for the same video and shows the real 402.
    await page.goto('/x402-explained');
    const demo = page.getByTestId('x402-demo');
    await demo.getByRole('button', { name: `GET /api/videos/${demoId}/paid/master.m3u8` }).click();
    await demo.getByText('HTTP 402 Payment Required').waitFor();
    expect(await demo.locator('pre').innerText()).toContain('"x402Version": 2');
    await demo.getByRole('link', { name: 'Open the demo video' }).click();
    await page.waitForURL((u) => u.pathname.includes(demoId));
    const poster = page.getByTestId('locked-poster');
    await poster.getByText('Pay-per-view').waitFor();
    expect(await page.getByTestId('video-player').count()).toBe(0);
    await poster.getByRole('button', { name: 'Unlock for $0.01' }).click();

    // Phantom signs, Glint's facilitator settles on the local chain, and the video plays.
    const video = page.getByTestId('video-player').locator('video');
    await video.waitFor({ timeout: 30_000 });
    const t0 = await eventually(async () => {
      const t = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      expect(t).toBeGreaterThan(0);
      return t;
    }, 20_000);
    await eventually(async () => expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + 0.3), 20_000);
    expect(await page.getByTestId('price-line').innerText()).toContain('unlocked');

    // The USDC moved from the viewer's wallet to the creator's.
    const payTo = accepts[0]!.payTo;
    expect(await tokenBalanceOf(chainUrl, wallet.address, LOCAL_USDC_MINT)).toBe(usdc(0.99));
    expect(await tokenBalanceOf(chainUrl, payTo, LOCAL_USDC_MINT)).toBeGreaterThanOrEqual(usdc(0.01));

    // Again later: it plays without paying twice.
    await page.reload();
    await page.getByTestId('video-player').locator('video').waitFor();
    expect(await page.getByTestId('locked-poster').count()).toBe(0);
    expect(await tokenBalanceOf(chainUrl, wallet.address, LOCAL_USDC_MINT)).toBe(usdc(0.99));
  },
  PROCESSING_MS + 90_000,
);
