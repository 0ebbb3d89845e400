import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamDetail } from '../../../shared/live/streams.js';
import type { TokenContent } from '../../../shared/tokens/token-page.js';
import { TOKEN_CHAIN_UNREACHABLE, TOKEN_NOT_FOUND, type TokenView } from '../../../shared/tokens/tokens.js';
import { createTestApp, readyVideoRow, verifiedClient, waitUntil, type Client, type TestApp } from '../../test-support/app.js';
import { startLocalChain, type LocalChain } from '../../test-support/local-chain.js';
import { TestWallet } from '../../test-support/wallet.js';
import { launchToken, mintTokens } from '../../test-support/tokens.js';
import { createTokenChain } from './chain.js';
import { startLocalMarket, type LocalMarket } from '../../test-support/market.js';
import { fetchOutbound } from '../../platform/http/outbound.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const randomAddress = () => bs58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));

let t: TestApp;
let chain: LocalChain;
/** Serves token metadata JSON and pictures, as an IPFS gateway would. */
let files: http.Server;
let filesUrl = '';
let n = 0;

beforeAll(async () => {
  chain = await startLocalChain();
  files = http.createServer((req, res) => {
    if (req.url === '/pic.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/meta.json')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'x', image: `${filesUrl}/pic.png` }));
    if (req.url === '/not-an-image.json') return res.writeHead(200).end(JSON.stringify({ image: `${filesUrl}/meta.json` }));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await createTestApp({ SOLANA_RPC_URL: chain.url, SOLANA_CLUSTER: 'devnet' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await chain.close();
  await new Promise((resolve) => files.close(resolve));
});

/** A verified creator with a linked wallet. */
async function creator(): Promise<{ client: Client; wallet: TestWallet }> {
  const client = await verifiedClient(t.app, `tokenista_${++n}`);
  const wallet = new TestWallet(t.app);
  expect((await client.post('/api/auth/verify-wallet', await wallet.linkProof(client))).statusCode).toBe(200);
  return { client, wallet };
}

const stream = (client: Client, token: unknown) =>
  client.post('/api/streams', { title: 'Talking about my coin', description: '', category: 'Meme Coins', tags: [], token });

describe('a Pump Stream’s token, read from the chain', () => {
  it('takes the chain’s name and symbol, not what was typed, and proves the update authority’s streamer', async () => {
    const { client, wallet } = await creator();
    const mint = await chain.createMint({
      authority: null,
      supply: 1_000_000_000n,
      metadata: { name: 'Glint Test Coin', symbol: 'GTEST', uri: `${filesUrl}/meta.json`, updateAuthority: wallet.address },
    });
    const res = await stream(client, { mint, symbol: 'FAKE', name: 'Somebody else’s coin' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as StreamDetail;
    expect(body.token).toMatchObject({ mint, symbol: 'GTEST', name: 'Glint Test Coin', proven: true });

    // Another streamer naming the same coin is not proven, and the stream still works.
    const other = await creator();
    const theirs = (await stream(other.client, { mint })).json() as StreamDetail;
    expect(theirs.token).toMatchObject({ mint, symbol: 'GTEST', proven: false });
    expect((await t.app.inject({ url: `/api/streams/${theirs.id}` })).json().token.proven).toBe(false);

    // The picture named by the metadata is fetched, re-encoded and shown with the token.
    const card = await waitUntil(
      'the token’s picture',
      async () => (await t.app.inject({ url: `/api/streams/${body.id}` })).json() as StreamDetail,
      (s) => !!s.token?.imageUrl,
    );
    expect(card.token!.imageUrl).toMatch(/^\/media\/tokens\/[1-9A-HJ-NP-Za-km-z]+\/image-[0-9a-f-]+\.jpg$/);
    const picture = await t.app.inject({ url: card.token!.imageUrl! });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses a mint that does not exist, under the mint field', async () => {
    const { client } = await creator();
    const res = await stream(client, { mint: randomAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: TOKEN_NOT_FOUND, fields: { 'token.mint': TOKEN_NOT_FOUND } });
    // An account that is not a mint (a wallet with SOL) is no token either.
    const wallet = randomAddress();
    chain.airdrop(wallet, 1_000_000_000n);
    expect((await stream(client, { mint: wallet })).json().message).toBe(TOKEN_NOT_FOUND);
  });

  it('reads Token-2022’s metadata extension, and proves the mint authority’s streamer', async () => {
    const { client, wallet } = await creator();
    const mint = await chain.createMint({
      authority: wallet.address,
      program: 'token-2022',
      decimals: 9,
      metadata: { name: 'Twenty Twenty Two', symbol: 'T22', uri: '', updateAuthority: randomAddress() },
    });
    const body = (await stream(client, { mint })).json() as StreamDetail;
    expect(body.token).toMatchObject({ symbol: 'T22', name: 'Twenty Twenty Two', proven: true });
    const view = (await client.get(`/api/tokens/${mint}`)).json() as TokenView;
    expect(view).toMatchObject({ program: 'token-2022', decimals: 9, mintAuthority: wallet.address, yours: true, pumpFunUrl: null });
    expect(view.explorerUrl).toBe(`https://explorer.solana.com/address/${mint}?cluster=devnet`);
  });

  it('proves the creator pump.fun’s launch recorded, and a verified creator; an unverified one proves nothing', async () => {
    const pump = await creator();
    const mint = await chain.createMint({
      authority: null,
      metadata: {
        name: 'Pumped',
        symbol: 'PUMP',
        uri: '',
        updateAuthority: randomAddress(),
        creators: [{ address: pump.wallet.address, verified: false, share: 100 }],
      },
    });
    // Named as an unverified creator only: a claim anyone could write.
    expect(((await stream(pump.client, { mint })).json() as StreamDetail).token!.proven).toBe(false);
    await chain.setLaunchCreator(mint, pump.wallet.address);
    // The facts are kept a while; the launch creator is read when they are read again.
    await t.app.inject({ method: 'GET', url: `/api/tokens/${mint}` });
    await t.database.db.execute(`update tokens set read_at = now() - interval '1 hour' where mint = '${mint}'`);
    const view = (await pump.client.get(`/api/tokens/${mint}`)).json() as TokenView;
    expect(view).toMatchObject({ launchCreator: pump.wallet.address, yours: true });
    expect(((await stream(pump.client, { mint })).json() as StreamDetail).token!.proven).toBe(true);

    const verified = await creator();
    const signed = await chain.createMint({
      authority: null,
      metadata: {
        name: 'Signed',
        symbol: 'SGN',
        uri: '',
        updateAuthority: randomAddress(),
        creators: [{ address: verified.wallet.address, verified: true, share: 100 }],
      },
    });
    expect(((await stream(verified.client, { mint: signed })).json() as StreamDetail).token!.proven).toBe(true);
  });

  it('changes a stream’s token by its edit, refusing a missing one, and proves by the streamer’s wallets as they are now', async () => {
    const { client, wallet } = await creator();
    const mint = await chain.createMint({ authority: wallet.address, metadata: { name: 'Edited', symbol: 'EDT', uri: '', updateAuthority: wallet.address } });
    const s = (await stream(client, null)).json() as StreamDetail;
    expect(s.token).toBeNull();
    const edited = await client.request('PATCH', `/api/streams/${s.id}`, { token: { mint, symbol: 'NOPE', name: 'Nope' } });
    expect(edited.json().token).toMatchObject({ symbol: 'EDT', proven: true });
    const missing = await client.request('PATCH', `/api/streams/${s.id}`, { token: { mint: randomAddress() } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'token.mint': TOKEN_NOT_FOUND });
    // Unlinking the wallet takes the proof away.
    expect((await client.post('/api/auth/disconnect-wallet')).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/streams/${s.id}` })).json().token).toMatchObject({ symbol: 'EDT', proven: false });
  });

  it('reads a coin its creator launched with a real transaction (Token-2022, metadata in the mint)', async () => {
    const { client, wallet } = await creator();
    chain.airdrop(wallet.address, 2_000_000_000n);
    const { mint } = await launchToken(chain.url, wallet.secretKey, { name: 'Launched Live', symbol: 'LIVE', decimals: 6 });
    const body = (await stream(client, { mint })).json() as StreamDetail;
    expect(body.token).toMatchObject({ mint, symbol: 'LIVE', name: 'Launched Live', proven: true });
    // Minted to a fan for real: the fan's balance is read from their token account.
    const fan = randomAddress();
    await mintTokens(chain.url, wallet.secretKey, mint, fan, 7_000_000n);
    expect(await createTokenChain(chain.url).balance(fan, mint)).toBe(7_000_000n);
    expect(await createTokenChain(chain.url).balance(randomAddress(), mint)).toBe(0n);
  });

  it('answers the token to anyone, 404 for a mint that is not there, and a malformed mint is refused', async () => {
    const mint = await chain.createMint({ authority: randomAddress(), metadata: { name: 'Open', symbol: 'OPN', uri: '', updateAuthority: randomAddress() } });
    const view = (await t.app.inject({ url: `/api/tokens/${mint}` })).json() as TokenView;
    expect(view).toMatchObject({ mint, symbol: 'OPN', yours: null });
    const missing = await t.app.inject({ url: `/api/tokens/${randomAddress()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TOKEN_NOT_FOUND);
    expect((await t.app.inject({ url: '/api/tokens/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});

describe('a token’s page', () => {
  it('gathers its streams by state, the videos naming its address, and who tipped most on its streams', async () => {
    const { client, wallet } = await creator();
    const mint = await chain.createMint({ authority: wallet.address, metadata: { name: 'Paged', symbol: 'PGD', uri: '', updateAuthority: wallet.address } });
    const upcoming = (
      await client.post('/api/streams', {
        title: 'Soon about PGD',
        category: 'Meme Coins',
        token: { mint },
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).json() as StreamDetail;
    const ended = (await stream(client, { mint })).json() as StreamDetail;
    const unrelated = (await stream(client, null)).json() as StreamDetail;
    await t.database.db.execute(
      `update livestreams set status = 'ended', started_at = now() - interval '1 hour', ended_at = now() where id in ('${ended.id}', '${unrelated.id}')`,
    );
    const me = ((await client.get('/api/me')).json() as { user: { id: string } }).user.id;
    const naming = await readyVideoRow(t.app, me, `Why ${mint} will fly`);
    await readyVideoRow(t.app, me, 'Not about any coin');

    // Two fans tip on the token's streams; a tip elsewhere does not count.
    const fans = await Promise.all([verifiedClient(t.app, `pgfan_a_${n}`), verifiedClient(t.app, `pgfan_b_${n}`)]);
    const ids = await Promise.all(fans.map(async (f) => ((await f.get('/api/me')).json() as { user: { id: string } }).user.id));
    const tip = (payerId: string, streamId: string, lamports: number) =>
      t.database.db.execute(`insert into payments (kind, payer_id, payee_id, payer_wallet, payee_wallet, lamports, content_type, content_id, status)
        values ('tip', '${payerId}', '${me}', '${randomAddress()}', '${wallet.address}', ${lamports}, 'livestream', '${streamId}', 'finalized')`);
    await tip(ids[0]!, ended.id, 500_000_000);
    await tip(ids[1]!, upcoming.id, 200_000_000);
    await tip(ids[1]!, ended.id, 200_000_000);
    await tip(ids[1]!, unrelated.id, 5_000_000_000);

    const page = (await t.app.inject({ url: `/api/tokens/${mint}/content` })).json() as TokenContent;
    expect(page.upcoming.map((s) => s.id)).toEqual([upcoming.id]);
    expect(page.replays.map((s) => s.id)).toEqual([ended.id]);
    expect(page.live).toEqual([]);
    expect(page.videos.map((v) => v.id)).toEqual([naming]);
    expect(page.tippers.map((x) => [x.creator.username, x.sol, x.tips])).toEqual([
      [`pgfan_a_${n}`, '0.5', 1],
      [`pgfan_b_${n}`, '0.4', 2],
    ]);
    // Pump Streams filtered by the token.
    const listed = (await t.app.inject({ url: `/api/streams?status=scheduled&token=${mint}` })).json() as StreamDetail[];
    expect(listed.map((s) => s.id)).toEqual([upcoming.id]);
  });
});

describe('holders in a Pump Stream’s chat', () => {
  it('marks a holder’s messages without waiting for the chain, and lets only holders of the minimum write when the creator says so', async () => {
    const { client: host, wallet: hostWallet } = await creator();
    const mint = await chain.createMint({
      authority: hostWallet.address,
      decimals: 6,
      metadata: { name: 'Held', symbol: 'HLD', uri: '', updateAuthority: hostWallet.address },
    });
    const s = (await stream(host, { mint })).json() as StreamDetail;
    await t.database.db.execute(`update livestreams set status = 'live', started_at = now() where id = '${s.id}'`);
    const holder = await creator();
    const other = await creator();
    await chain.setTokenBalance(holder.wallet.address, mint, 2_500_000n); // 2.5 HLD
    await chain.setTokenBalance(other.wallet.address, mint, 500_000n); // 0.5 HLD
    const chatPath = `/api/streams/${s.id}/chat`;
    const say = async (c: Client, body: string) => c.post(chatPath, { body });

    // Opening the chat reads the balance behind the scenes; the first word may go out before it is known.
    await holder.client.get(`${chatPath}/rules`);
    await waitUntil(
      'the balance kept',
      async () => (await holder.client.get(`${chatPath}/rules`)).json(),
      (r) => r.you?.holder === true,
    );
    const marked = await say(holder.client, 'gm holders');
    expect(marked.statusCode).toBe(201);
    expect(marked.json().holder).toBe(true);
    const stranger = await verifiedClient(t.app, `nowallet_${n}`);
    expect((await say(stranger, 'gm')).json().holder).toBe(false);
    expect(((await t.app.inject({ url: chatPath })).json().messages as { body: string; holder: boolean }[]).map((m) => [m.body, m.holder])).toEqual([
      ['gm holders', true],
      ['gm', false],
    ]);

    // Holders only, from 1 HLD: a chatter may not set it.
    expect((await other.client.request('PUT', `${chatPath}/rules`, { holdersOnly: { minimum: '1' } })).statusCode).toBe(403);
    expect((await host.request('PUT', `${chatPath}/rules`, { holdersOnly: { minimum: '0.0000001' } })).json().fields).toEqual({
      'holdersOnly.minimum': 'This token has 6 decimals: use at most that many',
    });
    expect((await host.request('PUT', `${chatPath}/rules`, { holdersOnly: { minimum: '1' } })).json()).toEqual({
      holdersOnly: { minimum: '1', symbol: 'HLD' },
      slowSeconds: null,
      followersMinutes: null,
    });
    const refusal = 'Only holders of at least 1 $HLD can chat here. Link a wallet that holds it in Settings to join in.';
    expect((await other.client.get(`${chatPath}/rules`)).json()).toEqual({
      holdersOnly: { minimum: '1', symbol: 'HLD' },
      slowSeconds: null,
      followersMinutes: null,
      you: { mayPost: false, reason: refusal, holder: true, moderates: false },
      allowedDomains: [],
      pinned: null,
    });
    const refused = await say(other.client, 'let me in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(refusal);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await say(stranger, 'me too')).json().message).toBe(refusal);
    expect((await say(holder.client, 'still here')).statusCode).toBe(201);
    expect((await say(host, 'welcome holders')).statusCode).toBe(201);
    // Guests read the rule; nobody’s balance is told to them.
    expect((await t.app.inject({ url: `${chatPath}/rules` })).json()).toEqual({
      holdersOnly: { minimum: '1', symbol: 'HLD' },
      slowSeconds: null,
      followersMinutes: null,
      you: null,
      allowedDomains: [],
      pinned: null,
    });

    // Buying more counts once the kept balance is read again; opening the chat again lets them in.
    await chain.setTokenBalance(other.wallet.address, mint, 1_000_000n);
    await t.database.db.execute(`update token_holdings set read_at = now() - interval '1 hour' where wallet = '${other.wallet.address}'`);
    expect((await other.client.get(`${chatPath}/rules`)).json().you).toEqual({ mayPost: true, reason: null, holder: true, moderates: false });
    expect((await say(other.client, 'bought in')).statusCode).toBe(201);

    // Open to anyone again.
    expect((await host.request('PUT', `${chatPath}/rules`, { holdersOnly: null })).json()).toEqual({
      holdersOnly: null,
      slowSeconds: null,
      followersMinutes: null,
    });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await say(stranger, 'finally')).statusCode).toBe(201);
  });

  it('refuses holders-only chat on a stream without a token', async () => {
    const { client } = await creator();
    const s = (await stream(client, null)).json() as StreamDetail;
    const res = await client.request('PUT', `/api/streams/${s.id}/chat/rules`, { holdersOnly: { minimum: '1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Holders-only chat needs a stream with a token.');
  });
});

describe('a chain that cannot be reached', () => {
  it('refuses a new token with a message to try again', async () => {
    const down = await createTestApp({ SOLANA_RPC_URL: 'http://127.0.0.1:9/', SOLANA_CLUSTER: 'devnet' });
    try {
      const client = await verifiedClient(down.app, 'offline_creator');
      const res = await client.post('/api/streams', {
        title: 'No chain today',
        description: '',
        category: 'Meme Coins',
        tags: [],
        token: { mint: randomAddress() },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(TOKEN_CHAIN_UNREACHABLE);
    } finally {
      await down.close();
    }
  });
});

describe('outbound fetches (token pictures)', () => {
  it('refuses plain http, loopback and private addresses, and redirects to them, on a public server', async () => {
    await expect(fetchOutbound(`${filesUrl}/pic.png`, { maxBytes: 1e6 })).rejects.toThrow('only https');
    await expect(fetchOutbound('https://127.0.0.1/pic.png', { maxBytes: 1e6 })).rejects.toThrow('not on the public internet');
    await expect(fetchOutbound('https://[::ffff:7f00:1]/x', { maxBytes: 1e6 })).rejects.toThrow('not on the public internet');
    await expect(fetchOutbound('https://169.254.169.254/latest/meta-data', { maxBytes: 1e6 })).rejects.toThrow('not on the public internet');
    await expect(fetchOutbound('https://localhost/x', { maxBytes: 1e6 })).rejects.toThrow('not on the public internet');
  });

  it('stops at the size limit', async () => {
    await expect(fetchOutbound(`${filesUrl}/pic.png`, { maxBytes: 10, allowPrivate: true })).rejects.toThrow('too large');
    expect((await fetchOutbound(`${filesUrl}/pic.png`, { maxBytes: 1e6, allowPrivate: true })).body).toEqual(PNG);
  });
});

describe('a token’s market, from the configured source', () => {
  let m: TestApp;
  let market: LocalMarket;

  beforeAll(async () => {
    market = await startLocalMarket(0.0042);
    m = await createTestApp({ SOLANA_RPC_URL: chain.url, SOLANA_CLUSTER: 'devnet', MARKET_DATA_URL: market.url, MARKET_DATA_API_KEY: 'bird-key' });
  }, 60_000);
  afterAll(async () => {
    await m.close();
    await market.close();
  });

  const mintOnChain = () => chain.createMint({ authority: null, metadata: { name: 'Priced', symbol: 'PRC', uri: '', updateAuthority: randomAddress() } });

  it('gives 200 viewers at once one read of the source, and reads it again only after 15 s', async () => {
    const mint = await mintOnChain();
    expect((await m.app.inject({ url: `/api/tokens/${mint}` })).statusCode).toBe(200);
    market.asked.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => m.app.inject({ url: `/api/tokens/${mint}/market`, remoteAddress: `10.0.${i >> 8}.${i & 255}` })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers[0]!.json()).toMatchObject({ configured: true, priceUsd: 0.0042, marketCapUsd: 4_200_000, change24hPct: -12.5 });
    expect(answers[0]!.json().candles).toHaveLength(96);
    expect(market.asked.sort()).toEqual(['/defi/ohlcv bird-key', '/defi/token_overview bird-key']);

    // Within the interval, nothing more is asked; once it has passed, one read again.
    market.price = 0.005;
    await m.app.inject({ url: `/api/tokens/${mint}/market` });
    expect(market.asked).toHaveLength(2);
    await m.database.db.execute(
      `update token_markets set fetched_at = now() - interval '16 seconds', claimed_at = now() - interval '16 seconds' where mint = '${mint}'`,
    );
    await Promise.all(Array.from({ length: 20 }, () => m.app.inject({ url: `/api/tokens/${mint}/market` })));
    expect(market.asked).toHaveLength(4);
    expect((await m.app.inject({ url: `/api/tokens/${mint}/market` })).json().priceUsd).toBe(0.005);
  });

  it('keeps what it had when the source fails or is slow, and answers within a few seconds whatever the source does', async () => {
    const mint = await mintOnChain();
    await m.app.inject({ url: `/api/tokens/${mint}` });
    market.mode = 'fail';
    const failed = await m.app.inject({ url: `/api/tokens/${mint}/market` });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ configured: true, priceUsd: null, candles: [], asOf: null });

    market.mode = 'ok';
    await m.database.db.execute(`update token_markets set claimed_at = null where mint = '${mint}'`);
    const ok = (await m.app.inject({ url: `/api/tokens/${mint}/market` })).json();
    expect(ok.priceUsd).toBe(0.005);

    market.mode = 'slow';
    await m.database.db.execute(`update token_markets set fetched_at = now() - interval '1 minute', claimed_at = null where mint = '${mint}'`);
    const t0 = Date.now();
    const slow = await m.app.inject({ url: `/api/tokens/${mint}/market` });
    expect(Date.now() - t0).toBeLessThan(7000);
    expect(slow.json().priceUsd).toBe(0.005);
    expect(Date.parse(slow.json().asOf)).toBeLessThan(Date.parse(ok.asOf));
    market.mode = 'ok';
  }, 20_000);

  it('is not a proxy for any address: only tokens read from the chain', async () => {
    const res = await m.app.inject({ url: `/api/tokens/${randomAddress()}/market` });
    expect(res.statusCode).toBe(404);
  });

  it('says when no source is configured', async () => {
    const mint = await mintOnChain();
    await t.app.inject({ url: `/api/tokens/${mint}` });
    expect((await t.app.inject({ url: `/api/tokens/${mint}/market` })).json()).toMatchObject({ configured: false, priceUsd: null });
  });
});
