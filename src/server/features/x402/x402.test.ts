import type { FastifyInstance } from 'fastify';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { x402Client } from '@x402/core/client';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { wrapFetchWithPayment } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VideoCard } from '../../../shared/videos/video-card.js';
import type { VideoDetail } from '../../../shared/videos/videos.js';
import {
  ALREADY_UNLOCKED,
  PAYMENT_USED,
  paymentRefusal,
  PRICE_NO_USDC_ACCOUNT,
  PRICE_NO_WALLET,
  type UnlockedVideo,
  type VideoSales,
} from '../../../shared/x402/x402.js';
import { removedMessage } from '../../../shared/moderation/moderation.js';
import { userRoles } from '../../platform/db/schema/index.js';
import { buildApp } from '../../app.js';
import { Client, createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { X402_RPC_BODY_MAX, X402_RPC_PER_ACCOUNT, X402_RPC_PER_ADDRESS } from './routes.js';
import { fundTokens, usdc } from '../../test-support/usdc.js';
import { TestWallet } from '../../test-support/wallet.js';
import { buyerClient, keypairBytes, pay, readyVideo, requirementsOf, startPaidChain, type PaidChain } from '../../test-support/x402.js';

let t: TestApp;
let paid: PaidChain;
let n = 0;

beforeAll(async () => {
  paid = await startPaidChain();
  t = await createTestApp(paid.env);
}, 60_000);
afterAll(async () => {
  await t.close();
  await paid.chain.close();
});

const master = (id: string) => `/api/videos/${id}/paid/master.m3u8`;

/** GET as this client (its cookies), with extra headers. */
const get = (app: FastifyInstance, c: Client | null, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(c?.cookies.size ? { cookie: c.cookie } : {}), ...headers } });

const userIdOf = async (c: Client) => (await c.get('/api/auth/get-session')).json().user.id as string;

/** A creator with a linked wallet that has a USDC account, and a priced video of theirs. */
async function creatorWithPaidVideo(price = '1.5') {
  const i = ++n;
  const creator = await verifiedClient(t.app, `seller_${i}`);
  const wallet = new TestWallet(t.app);
  expect((await creator.post('/api/auth/verify-wallet', await wallet.linkProof(creator))).statusCode).toBe(200);
  await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), paid.usdcMint, [{ owner: wallet.address, amount: 0n }]);
  const id = await readyVideo(t.app, await userIdOf(creator));
  const set = await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: price });
  expect(set.statusCode).toBe(200);
  return { creator, wallet, id };
}

/** A signed-in viewer whose wallet holds `amount` USDC. */
async function buyer(amount = 10) {
  const i = ++n;
  const c = await verifiedClient(t.app, `buyer_${i}`);
  const wallet = new TestWallet();
  await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), paid.usdcMint, [{ owner: wallet.address, amount: usdc(amount) }]);
  return { c, wallet, http: await buyerClient(wallet, paid.chain.url) };
}

describe('pay-per-view over x402', () => {
  it('answers 402 with the requirements, takes the payment, and the buyer watches, here and later', async () => {
    const { creator, wallet: payee, id } = await creatorWithPaidVideo('1.5');
    const { c, wallet, http } = await buyer(10);

    // Locked: the page shows a price and no media; the media answers 402 with x402 v2 requirements.
    const detail = (await c.get(`/api/videos/${id}`)).json() as VideoDetail;
    expect(detail).toMatchObject({ priceUsdc: '1.5', access: 'locked', hlsUrl: null, sprite: null });
    const first = await get(t.app, c, master(id));
    expect(first.statusCode).toBe(402);
    expect(first.headers['payment-required']).toBeTruthy();
    const pr = requirementsOf(http, first);
    expect(pr.x402Version).toBe(2);
    expect(pr.resource).toMatchObject({ url: `${t.config.publicUrl}${master(id)}`, mimeType: 'application/vnd.apple.mpegurl' });
    expect(pr.resource.description).toContain('A paid lesson');
    expect(pr.accepts).toEqual([
      expect.objectContaining({
        scheme: 'exact',
        network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        asset: paid.usdcMint,
        amount: '1500000',
        payTo: payee.address,
        maxTimeoutSeconds: 60,
        extra: expect.objectContaining({ feePayer: paid.facilitator.address, recentBlockhash: expect.any(String) }),
      }),
    ]);
    expect(first.json()).toMatchObject({ code: 'payment_required', message: 'Unlock “A paid lesson” for $1.50 in USDC.', accepts: pr.accepts });

    // Paid: 200 with the playlist and the settlement; the USDC moved from the buyer to the creator.
    const { header } = await pay(http, pr);
    const paidRes = await get(t.app, c, master(id), { 'payment-signature': header });
    expect(paidRes.statusCode).toBe(200);
    expect(paidRes.headers['content-type']).toContain('mpegurl');
    const settlement = decodePaymentResponseHeader(String(paidRes.headers['payment-response']));
    expect(settlement).toMatchObject({ success: true, payer: wallet.address, network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' });
    expect(await paid.chain.tokenBalance(payee.address, paid.usdcMint)).toBe(usdc(1.5));
    expect(await paid.chain.tokenBalance(wallet.address, paid.usdcMint)).toBe(usdc(8.5));

    // The playlist points at the renditions through a grant; they and their segments play.
    const rendition = paidRes.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    expect(rendition).toMatch(new RegExp(`^/api/videos/${id}/paid/[^/]+/hls/360p/index\\.m3u8$`));
    const variant = await get(t.app, c, rendition);
    expect(variant.statusCode).toBe(200);
    expect(variant.body).toContain('seg-000.ts');
    const segment = await get(t.app, c, rendition.replace('index.m3u8', 'seg-000.ts'));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');

    // Again, without paying, and on another device (another session): the entitlement is the account's.
    expect((await get(t.app, c, master(id))).statusCode).toBe(200);
    const again = (await c.get(`/api/videos/${id}`)).json() as VideoDetail;
    expect(again).toMatchObject({ access: 'unlocked', hlsUrl: master(id) });
    expect(again.sprite?.url).toMatch(new RegExp(`^/api/videos/${id}/paid/[^/]+/sprite\\.jpg$`));
    expect((await get(t.app, c, again.sprite!.url)).statusCode).toBe(200);

    // The creator sees the sale; the buyer sees what they unlocked.
    const sales = (await creator.get('/api/x402/sales')).json() as VideoSales[];
    expect(sales).toEqual([expect.objectContaining({ videoId: id, priceUsdc: '1.5', count: 1, totalUsdc: '1.5' })]);
    const unlocked = (await c.get('/api/x402/unlocked')).json() as UnlockedVideo[];
    expect(unlocked).toEqual([expect.objectContaining({ videoId: id, title: 'A paid lesson', paidUsdc: '1.5', transaction: settlement.transaction })]);
  }, 60_000);

  it('refuses an underpayment, another mint and another payee, each with its reason, and nothing moves', async () => {
    const { wallet: payee, id } = await creatorWithPaidVideo('2');
    const { c, wallet, http } = await buyer(10);
    // A USDC look-alike: another mint the buyer holds.
    const fake = await paid.chain.createMint({ authority: paid.mintAuthority.address });
    await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), fake, [
      { owner: wallet.address, amount: usdc(10) },
      { owner: payee.address, amount: 0n },
    ]);
    const elsewhere = new TestWallet();
    await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), paid.usdcMint, [{ owner: elsewhere.address, amount: 0n }]);
    const cases: [Parameters<typeof pay>[2], string][] = [
      [{ amount: '1999999' }, 'invalid_exact_svm_payload_amount_mismatch'],
      [{ asset: fake }, 'invalid_exact_svm_payload_mint_mismatch'],
      [{ payTo: elsewhere.address }, 'invalid_exact_svm_payload_recipient_mismatch'],
    ];
    for (const [tamper, reason] of cases) {
      const pr = requirementsOf(http, await get(t.app, c, master(id)));
      const { header } = await pay(http, pr, tamper);
      const res = await get(t.app, c, master(id), { 'payment-signature': header });
      expect(res.statusCode, reason).toBe(402);
      expect(res.json()).toMatchObject({ code: 'payment_refused', error: reason, message: paymentRefusal(reason) });
      // The refusal carries fresh requirements, so the client can pay properly.
      expect(requirementsOf(http, res).accepts[0]).toMatchObject({ amount: '2000000', payTo: payee.address });
    }
    // A payment for other requirements than this video's (its accepted terms changed) matches nothing.
    const pr = requirementsOf(http, await get(t.app, c, master(id)));
    const { payload } = await pay(http, pr);
    const changed = { ...payload, accepted: { ...payload.accepted, amount: '1' } };
    const res = await get(t.app, c, master(id), { 'payment-signature': http.encodePaymentSignatureHeader(changed)['PAYMENT-SIGNATURE']! });
    expect(res.json()).toMatchObject({ code: 'payment_refused', error: 'no_matching_requirements' });
    expect(await paid.chain.tokenBalance(wallet.address, paid.usdcMint)).toBe(usdc(10));
    expect(await paid.chain.tokenBalance(wallet.address, fake)).toBe(usdc(10));
    expect(await paid.chain.tokenBalance(payee.address, paid.usdcMint)).toBe(0n);
    expect(await paid.chain.tokenBalance(elsewhere.address, paid.usdcMint)).toBe(0n);
    expect(((await c.get(`/api/videos/${id}`)).json() as VideoDetail).access).toBe('locked');
  }, 60_000);

  it('refuses a payment whose blockhash expired, then takes a fresh one', async () => {
    const { wallet: payee, id } = await creatorWithPaidVideo('0.5');
    const { c, wallet, http } = await buyer(1);
    const { header } = await pay(http, requirementsOf(http, await get(t.app, c, master(id))));
    // More than ~150 blocks pass before the buyer comes back: the transaction can no longer land.
    paid.chain.expireBlockhashes();
    const late = await get(t.app, c, master(id), { 'payment-signature': header });
    expect(late.statusCode).toBe(402);
    expect(late.json()).toMatchObject({
      error: 'invalid_exact_svm_transaction_simulation_failed',
      message: paymentRefusal('invalid_exact_svm_transaction_simulation_failed'),
    });
    expect(await paid.chain.tokenBalance(wallet.address, paid.usdcMint)).toBe(usdc(1));
    const fresh = await pay(http, requirementsOf(http, late));
    expect((await get(t.app, c, master(id), { 'payment-signature': fresh.header })).statusCode).toBe(200);
    expect(await paid.chain.tokenBalance(payee.address, paid.usdcMint)).toBe(usdc(0.5));
  }, 60_000);

  it('refuses a replayed payment, from the buyer or anyone else, and a second purchase as unnecessary', async () => {
    const { creator, wallet: payee, id } = await creatorWithPaidVideo('1');
    const { c, wallet, http } = await buyer(5);
    const { header } = await pay(http, requirementsOf(http, await get(t.app, c, master(id))));
    expect((await get(t.app, c, master(id), { 'payment-signature': header })).statusCode).toBe(200);

    // Someone who captured the header presents it: as another account, and without one.
    const thief = await buyer(0);
    const replayed = await get(t.app, thief.c, master(id), { 'payment-signature': header });
    expect(replayed.statusCode).toBe(402);
    expect(replayed.json()).toMatchObject({ error: 'payment_used', message: PAYMENT_USED });
    const guest = await get(t.app, null, master(id), { 'payment-signature': header });
    expect(guest.json()).toMatchObject({ error: 'payment_used' });
    expect(((await thief.c.get(`/api/videos/${id}`)).json() as VideoDetail).access).toBe('locked');

    // The buyer pays again: refused before anything is settled, nothing charged.
    const second = await pay(http, requirementsOf(http, await get(t.app, null, master(id))));
    const again = await get(t.app, c, master(id), { 'payment-signature': second.header });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_unlocked', message: ALREADY_UNLOCKED });
    expect(await paid.chain.tokenBalance(wallet.address, paid.usdcMint)).toBe(usdc(4));
    expect(await paid.chain.tokenBalance(payee.address, paid.usdcMint)).toBe(usdc(1));
    expect(((await creator.get('/api/x402/sales')).json() as VideoSales[])[0]).toMatchObject({ count: 1, totalUsdc: '1' });
  }, 60_000);

  it('lets the owner (and moderators) watch free, and never takes their money', async () => {
    const { creator, id } = await creatorWithPaidVideo('3');
    expect((await creator.get(`/api/videos/${id}`)).json() as VideoDetail).toMatchObject({ access: 'owner', hlsUrl: master(id) });
    const own = await get(t.app, creator, master(id));
    expect(own.statusCode).toBe(200);
    expect(own.headers['payment-response']).toBeUndefined();
    const { http } = await buyer(0);
    const { header } = await pay(http, requirementsOf(http, await get(t.app, null, master(id))));
    const paying = await get(t.app, creator, master(id), { 'payment-signature': header });
    expect(paying.statusCode).toBe(409);
    // Moderators review what is reported, paid or not.
    const moderator = await buyer(0);
    await t.app.db.insert(userRoles).values({ userId: await userIdOf(moderator.c), role: 'moderator' });
    expect(((await moderator.c.get(`/api/videos/${id}`)).json() as VideoDetail).access).toBe('staff');
    expect((await get(t.app, moderator.c, master(id))).statusCode).toBe(200);
  }, 60_000);

  it('keeps a priced video’s media private: public addresses, other sessions, forged and foreign grants', async () => {
    const { creator, id } = await creatorWithPaidVideo('1');
    const { c, http } = await buyer(2);
    const other = await buyer(0);
    // Where processing put the files, and the private area under /media/, by any spelling.
    for (const url of [
      `/media/videos/${id}/hls/master.m3u8`,
      `/media/videos/${id}/hls/360p/seg-000.ts`,
      `/media/videos/${id}/sprite.jpg`,
      `/media/paid/${id}/hls/master.m3u8`,
      `/media//paid/${id}/hls/360p/seg-000.ts`,
      `/media/%70aid/${id}/sprite.jpg`,
      `/media/videos/../paid/${id}/hls/master.m3u8`,
      `/media/videos/%2e%2e/paid/${id}/hls/master.m3u8`,
    ]) {
      expect((await get(t.app, c, url)).statusCode, url).toBe(404);
    }
    // The poster stays public: it is what a buyer sees first.
    const detail = (await c.get(`/api/videos/${id}`)).json() as VideoDetail;
    expect((await get(t.app, null, detail.thumbnailUrl!)).statusCode).toBe(200);
    // A guest, a stranger and the buyer (before paying) get no media.
    expect((await get(t.app, null, master(id))).statusCode).toBe(402);
    expect((await get(t.app, other.c, master(id))).statusCode).toBe(402);

    const { header } = await pay(http, requirementsOf(http, await get(t.app, c, master(id))));
    const playlist = (await get(t.app, c, master(id), { 'payment-signature': header })).body;
    const rendition = playlist.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    const grant = rendition.split('/')[5]!;
    // The buyer's grant is theirs: another account, a guest and the owner's session cannot use it.
    expect((await get(t.app, other.c, rendition)).statusCode).toBe(403);
    expect((await get(t.app, null, rendition)).statusCode).toBe(403);
    expect((await get(t.app, creator, rendition)).statusCode).toBe(403);
    // Forged, altered, for another video, or reaching outside the video's files.
    const [exp, uid, mac] = grant.split('.');
    const forged = [`${exp}.${uid}.${'A'.repeat(22)}`, `${(parseInt(exp!, 36) + 3600).toString(36)}.${uid}.${mac}`, `${exp}.-.${mac}`];
    for (const g of forged) expect((await get(t.app, c, rendition.replace(grant, g))).statusCode, g).toBe(404);
    const another = await creatorWithPaidVideo('1');
    expect((await get(t.app, c, rendition.replace(id, another.id))).statusCode).toBe(404);
    for (const rest of [
      '%2e%2e/%2e%2e/videos/x/hls/master.m3u8',
      'hls%2f%2e%2e%2fsprite.jpg',
      'hls%2f..%2f..%2fthumb-0.jpg',
      'thumb-0.jpg',
      'hls/360p/index.json',
    ])
      expect((await get(t.app, c, `/api/videos/${id}/paid/${grant}/${rest}`)).statusCode, rest).toBe(404);
  }, 60_000);

  it('sets and removes a price only for a seller who can be paid, and moves the media back when free', async () => {
    const i = ++n;
    const creator = await verifiedClient(t.app, `seller_${i}`);
    const id = await readyVideo(t.app, await userIdOf(creator));
    const noWallet = await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: '1' });
    expect(noWallet.statusCode).toBe(409);
    expect(noWallet.json().message).toBe(PRICE_NO_WALLET);
    const wallet = new TestWallet(t.app);
    await creator.post('/api/auth/verify-wallet', await wallet.linkProof(creator));
    const noAccount = await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: '1' });
    expect(noAccount.json().message).toBe(PRICE_NO_USDC_ACCOUNT);
    await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), paid.usdcMint, [{ owner: wallet.address, amount: 0n }]);
    for (const bad of ['0', '0.001', '1001', 'abc', '1.1234567', -1])
      expect((await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: bad })).statusCode, String(bad)).toBe(400);
    expect((await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: '0.010' })).json()).toMatchObject({ priceUsdc: '0.01' });
    const card = ((await creator.get('/api/videos?kind=long')).json() as VideoCard[]).find((v) => v.id === id);
    expect(card?.priceUsdc).toBe('0.01');
    // Someone else's video cannot be priced.
    const stranger = await buyer(0);
    expect((await stranger.c.request('PATCH', `/api/videos/${id}`, { priceUsdc: '5' })).statusCode).toBe(404);
    // Free again: the media is public again, at new addresses.
    const free = (await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: null })).json() as VideoDetail;
    expect(free).toMatchObject({ priceUsdc: null, access: 'free' });
    expect(free.hlsUrl).toMatch(new RegExp(`^/media/videos/${id}/[A-Za-z0-9_-]{16}/hls/master\\.m3u8$`));
    expect((await get(t.app, null, free.hlsUrl!)).statusCode).toBe(200);
    expect((await get(t.app, null, free.sprite!.url)).statusCode).toBe(200);
    expect((await get(t.app, null, master(id))).statusCode).toBe(302);
  }, 60_000);

  it('sells to a script over plain HTTP with the x402 fetch client, no account and no browser', async () => {
    const { wallet: payee, id } = await creatorWithPaidVideo('0.25');
    const agent = new TestWallet();
    await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), paid.usdcMint, [{ owner: agent.address, amount: usdc(1) }]);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signer = await createKeyPairSignerFromBytes(keypairBytes(agent));
    // What an agent writes: the exact scheme on Solana with its own key, paying at most $1 in USDC.
    const client = new x402Client()
      .register('solana:*', new ExactSvmScheme(signer, { rpcUrl: paid.chain.url }))
      .setSpendControls({ maxAmountPerPayment: '$1', allowedAssets: [{ network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', asset: paid.usdcMint }] });
    const paidFetch = wrapFetchWithPayment(fetch, client);

    const res = await paidFetch(`${address}${master(id)}`);
    expect(res.status).toBe(200);
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, payer: agent.address });
    const playlist = await res.text();
    const rendition = new URL(
      playlist.split('\n').find((l) => l.endsWith('index.m3u8'))!,
      `${address}${master(id)}`,
    );
    // The grant in the playlist is the agent's key to the media for a while, together with the
    // holder cookie it got with the playlist: renditions and segments follow.
    const setCookie = res.headers.getSetCookie();
    expect(setCookie).toEqual([
      expect.stringMatching(new RegExp(`^glint\\.x402_holder=[A-Za-z0-9_-]{43}; Path=/api/videos/${id}/paid/; Max-Age=21600; HttpOnly; SameSite=Strict$`)),
    ]);
    const cookie = setCookie[0]!.split(';')[0]!;
    const variant = await fetch(rendition, { headers: { cookie } });
    expect(variant.status).toBe(200);
    const segment = await fetch(new URL('seg-000.ts', rendition), { headers: { cookie } });
    expect(segment.status).toBe(200);
    expect((await segment.arrayBuffer()).byteLength).toBe(188 * 4);
    expect(await paid.chain.tokenBalance(payee.address, paid.usdcMint)).toBe(usdc(0.25));
    expect(await paid.chain.tokenBalance(agent.address, paid.usdcMint)).toBe(usdc(0.75));
  }, 60_000);

  it('binds a purchase without an account to the client that paid: the shared address alone does not play', async () => {
    const { id } = await creatorWithPaidVideo('0.5');
    const { http } = await buyer(1);
    // A script without an account pays (no session: its grant is not an account's).
    const { header } = await pay(http, requirementsOf(http, await get(t.app, null, master(id))));
    const bought = await get(t.app, null, master(id), { 'payment-signature': header });
    expect(bought.statusCode).toBe(200);
    const cookie = String(bought.headers['set-cookie']).split(';')[0]!;
    const rendition = bought.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    const segment = rendition.replace('index.m3u8', 'seg-000.ts');
    // The buyer plays.
    expect((await get(t.app, null, rendition, { cookie })).statusCode).toBe(200);
    expect((await get(t.app, null, segment, { cookie })).statusCode).toBe(200);
    // The address shared: another client without the cookie, a signed-in stranger, another buyer's cookie.
    const alone = await get(t.app, null, segment);
    expect(alone.statusCode).toBe(403);
    expect(alone.json().message).toBe('This media link belongs to the client that paid for it. Open the video again.');
    const stranger = await buyer(0);
    expect((await get(t.app, stranger.c, rendition)).statusCode).toBe(403);
    const { http: otherHttp } = await buyer(1);
    const otherPaid = await get(t.app, null, master(id), {
      'payment-signature': (await pay(otherHttp, requirementsOf(otherHttp, await get(t.app, null, master(id))))).header,
    });
    const otherCookie = String(otherPaid.headers['set-cookie']).split(';')[0]!;
    expect(otherCookie).not.toBe(cookie);
    expect((await get(t.app, null, segment, { cookie: otherCookie })).statusCode).toBe(403);
    // The grant cannot be turned into another holder's, nor an account's.
    const grant = rendition.split('/')[5]!;
    const [exp, , , mac] = grant.split('.');
    const otherGrant = otherPaid.body
      .split('\n')
      .find((l) => l.endsWith('index.m3u8'))!
      .split('/')[5]!;
    const otherHolder = otherGrant.split('.')[2]!;
    expect((await get(t.app, null, segment.replace(grant, `${exp}.-.${otherHolder}.${mac}`), { cookie: otherCookie })).statusCode).toBe(404);
    expect((await get(t.app, stranger.c, segment.replace(grant, `${exp}.${await userIdOf(stranger.c)}.${mac}`))).statusCode).toBe(404);
  }, 60_000);

  it('stops serving a bought video’s files once a moderator removes it or bans its creator', async () => {
    const moderator = await buyer(0);
    await t.app.db.insert(userRoles).values({ userId: await userIdOf(moderator.c), role: 'moderator' });
    /** A signed-in buyer's playlist of a fresh priced video, and what it plays. */
    const bought = async () => {
      const { id } = await creatorWithPaidVideo('1');
      const { c, http } = await buyer(2);
      const { header } = await pay(http, requirementsOf(http, await get(t.app, c, master(id))));
      const playlist = await get(t.app, c, master(id), { 'payment-signature': header });
      expect(playlist.statusCode).toBe(200);
      const rendition = playlist.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
      const files = [rendition, rendition.replace('index.m3u8', 'seg-000.ts'), rendition.replace(/hls\/.*$/, 'sprite.jpg')];
      for (const f of files) expect((await get(t.app, c, f)).statusCode, f).toBe(200);
      return { id, c, files };
    };

    // Removed by a moderator: the buyer's links (still within their 6 hours) answer as its page does.
    const removed = await bought();
    const kept = await get(t.app, removed.c, removed.files[1]!);
    expect(kept.headers['cache-control']).toBe('private, no-cache');
    const etag = String(kept.headers.etag);
    expect((await get(t.app, removed.c, removed.files[1]!, { 'if-none-match': etag })).statusCode).toBe(304);
    const decision = await moderator.c.post(`/api/admin/moderation/items/video/${removed.id}/decision`, { action: 'remove', reason: 'spam' });
    expect(decision.statusCode).toBe(200);
    // A segment the browser kept is asked for again before each use, and answered as the video is now.
    for (const f of [...removed.files, master(removed.id)]) {
      const res = await get(t.app, removed.c, f, { 'if-none-match': etag });
      expect(res.statusCode, f).toBe(410);
      expect(res.json().message).toBe(removedMessage('video'));
    }
    // Moderators still review it, with links of their own.
    const review = await get(t.app, moderator.c, master(removed.id));
    expect(review.statusCode).toBe(200);
    const reviewRendition = review.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    expect((await get(t.app, moderator.c, reviewRendition)).statusCode).toBe(200);
    // Restored: the buyer plays again.
    expect((await moderator.c.post(`/api/admin/moderation/items/video/${removed.id}/restore`, {})).statusCode).toBe(200);
    expect((await get(t.app, removed.c, removed.files[1]!)).statusCode).toBe(200);

    // Its creator banned: the video is gone for everyone but moderators.
    const banned = await bought();
    expect((await moderator.c.post(`/api/admin/moderation/items/video/${banned.id}/decision`, { action: 'ban', reason: 'scam' })).statusCode).toBe(200);
    for (const f of [...banned.files, master(banned.id)]) expect((await get(t.app, banned.c, f)).statusCode, f).toBe(404);
    expect((await get(t.app, moderator.c, master(banned.id))).statusCode).toBe(200);
  }, 60_000);

  it('moves a free video’s media to new addresses when it is priced: the copies once public stop answering', async () => {
    const i = ++n;
    const creator = await verifiedClient(t.app, `seller_${i}`);
    const wallet = new TestWallet(t.app);
    await creator.post('/api/auth/verify-wallet', await wallet.linkProof(creator));
    await fundTokens(paid.chain.url, keypairBytes(paid.mintAuthority), paid.usdcMint, [{ owner: wallet.address, amount: 0n }]);
    const id = await readyVideo(t.app, await userIdOf(creator));
    /** A free video's public files, as a viewer (and every cache on the way) fetched them. */
    const publicFiles = async () => {
      const d = (await get(t.app, null, `/api/videos/${id}`)).json() as VideoDetail;
      expect(d.access).toBe('free');
      const files = [d.hlsUrl!, d.hlsUrl!.replace('master.m3u8', '360p/index.m3u8'), d.hlsUrl!.replace('master.m3u8', '360p/seg-000.ts'), d.sprite!.url];
      for (const f of files) {
        const res = await get(t.app, null, f);
        expect(res.statusCode, f).toBe(200);
        if (f.endsWith('.ts')) expect(res.headers['cache-control']).toContain('immutable');
      }
      return files;
    };
    /** Priced: the old addresses are gone, and the owner plays the new ones through the paid route. */
    const price = async (old: string[]) => {
      expect((await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: '1' })).statusCode).toBe(200);
      for (const f of old) expect((await get(t.app, null, f)).statusCode, f).toBe(404);
      const playlist = await get(t.app, creator, master(id));
      expect(playlist.statusCode).toBe(200);
      const rendition = playlist.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
      expect((await get(t.app, creator, rendition)).statusCode).toBe(200);
      expect((await get(t.app, creator, rendition.replace('index.m3u8', 'seg-000.ts'))).statusCode).toBe(200);
      const detail = (await creator.get(`/api/videos/${id}`)).json() as VideoDetail;
      expect((await get(t.app, creator, detail.sprite!.url)).statusCode).toBe(200);
    };

    const first = await publicFiles();
    await price(first);
    // Free again: new public addresses, never the first ones; priced again, those go too.
    expect((await creator.request('PATCH', `/api/videos/${id}`, { priceUsdc: null })).statusCode).toBe(200);
    const second = await publicFiles();
    expect(second[0]).not.toBe(first[0]);
    for (const f of first) expect((await get(t.app, null, f)).statusCode, f).toBe(404);
    await price(second);
  }, 60_000);
});

describe('the browser’s RPC relay', () => {
  let ips = 0;
  /** A signed-in buyer calling the relay from an address of their own. */
  async function relayUser() {
    const signedIn = await verifiedClient(t.app, `relay_${++n}`);
    const c = new Client(t.app, `10.44.0.${++ips}`);
    c.cookies = signedIn.cookies;
    return c;
  }
  const call = (c: Client, method: string, params?: unknown[]) => c.post('/api/x402/rpc', { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });

  it('serves a signed-in buyer the mint and a blockhash, and nothing else', async () => {
    const c = await relayUser();
    const hash = await call(c, 'getLatestBlockhash');
    expect(hash.statusCode).toBe(200);
    expect(hash.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { value: { blockhash: expect.any(String) } } });
    // How the x402 client reads the mint (its decimals and program).
    const mint = await call(c, 'getAccountInfo', [paid.usdcMint, { encoding: 'base64' }]);
    expect(mint.json()).toMatchObject({ result: { value: { owner: expect.any(String), data: expect.any(Array) } } });

    const someone = new TestWallet().address;
    for (const [method, params] of [
      ['getAccountInfo', [someone, { encoding: 'base64' }]],
      ['getBalance', [someone]],
      ['sendTransaction', ['AQAB']],
      ['getProgramAccounts', [paid.usdcMint]],
      ['requestAirdrop', [someone, 1_000_000_000]],
    ] as const) {
      const res = await call(c, method, [...params]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Only the payment mint’s account and a recent blockhash are served here.' },
      });
    }
  });

  it('is all the browser’s x402 client needs to pay: a signed-in buyer pays through it', async () => {
    const { wallet: payee, id } = await creatorWithPaidVideo('0.5');
    const { c, wallet } = await buyer(2);
    const server = t.app.server.address();
    const address = server && typeof server === 'object' ? `http://127.0.0.1:${server.port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const relay = `${address}/api/x402/rpc`;
    // The page's fetch sends the session cookie and the origin to its own server; so does this one.
    const realFetch = globalThis.fetch;
    const asPage = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) =>
        String(input instanceof Request ? input.url : input) === relay
          ? realFetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: c.cookie, origin: t.config.publicUrl } })
          : realFetch(input, init),
      );
    try {
      const http = await buyerClient(wallet, relay);
      const pr = requirementsOf(http, await get(t.app, c, master(id)));
      const { header } = await pay(http, pr);
      expect(asPage.mock.calls.some(([input]) => String(input) === relay)).toBe(true);
      expect((await get(t.app, c, master(id), { 'payment-signature': header })).statusCode).toBe(200);
      expect(await paid.chain.tokenBalance(payee.address, paid.usdcMint)).toBe(usdc(0.5));
    } finally {
      asPage.mockRestore();
    }
  });

  it('relays nothing for a guest, and reads no large bodies', async () => {
    const guest = new Client(t.app, '10.45.0.1');
    const res = await call(guest, 'getLatestBlockhash');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });

    const c = await relayUser();
    const big = await c.post('/api/x402/rpc', { jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: ['x'.repeat(X402_RPC_BODY_MAX)] });
    expect(big.statusCode).toBe(413);
  });

  it('limits a flood per account, from however many addresses', async () => {
    const c = await relayUser();
    const from = (i: number) => {
      const moved = new Client(t.app, `10.46.${i >> 8}.${i & 255}`);
      moved.cookies = c.cookies;
      return moved;
    };
    for (let i = 0; i < X402_RPC_PER_ACCOUNT; i++) expect((await call(from(i), 'getLatestBlockhash')).statusCode).toBe(200);
    const over = await call(from(999), 'getLatestBlockhash');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'too_many_requests', message: 'Too many requests. Please wait a minute and try again.' });
    // Another buyer is not held back by it.
    expect((await call(await relayUser(), 'getLatestBlockhash')).statusCode).toBe(200);
  });

  it('limits a flood per address, across accounts and across an IPv6 /64', async () => {
    const flood = async (address: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= X402_RPC_PER_ADDRESS; i++) statuses.push((await call(new Client(t.app, address(i)), 'getLatestBlockhash')).statusCode);
      return statuses;
    };
    // Guests are refused anyway, and still counted: the count comes before the body is read.
    const v4 = await flood(() => '10.47.0.1');
    expect(v4.slice(0, X402_RPC_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(v4.at(-1)).toBe(429);
    const signedIn = await relayUser();
    const fromSame = new Client(t.app, '10.47.0.1');
    fromSame.cookies = signedIn.cookies;
    const refused = await call(fromSame, 'getLatestBlockhash');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: 'Too many requests. Please wait a minute and try again.' });

    // One host has a whole /64: a new address in it for every call is still the same sender.
    const v6 = await flood((i) => `2001:db8:47:1::${(i + 1).toString(16)}`);
    expect(v6.at(-1)).toBe(429);
    expect((await call(new Client(t.app, '2001:db8:47:2::1'), 'getLatestBlockhash')).statusCode).toBe(401);
  });

  it('shares its counts between two servers on one database', async () => {
    const second = await buildApp({ config: { ...t.config, mediaWorkers: 0 }, database: t.database, logger: false });
    try {
      await second.ready();
      const c = await relayUser();
      const on = (app: FastifyInstance) => {
        const moved = new Client(app, c.ip);
        moved.cookies = c.cookies;
        return call(moved, 'getLatestBlockhash');
      };
      for (let i = 0; i < X402_RPC_PER_ACCOUNT; i++) expect((await on(i % 2 ? second : t.app)).statusCode).toBe(200);
      expect((await on(t.app)).statusCode).toBe(429);
      expect((await on(second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
