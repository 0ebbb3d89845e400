// Pay-per-view fixtures: a local chain with a USDC-like mint and a funded facilitator, ready
// videos with real files in storage, and buyers paying with the x402 client packages. Tests only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import type { FastifyInstance } from 'fastify';
import { videos } from '../features/videos/schema.js';
import { videoMedia } from '../platform/storage/storage.js';
import { startLocalChain, type LocalChain } from './local-chain.js';
import { LOCAL_USDC_MINT } from './usdc.js';
import { TestWallet } from './wallet.js';

/** A wallet's 64-byte secret key (seed and public key), as Solana tools and X402_FACILITATOR_KEY take it. */
export const keypairBytes = (w: TestWallet) => new Uint8Array([...w.secretKey, ...bs58.decode(w.address)]);

export interface PaidChain {
  chain: LocalChain;
  /** The USDC mint's authority: it opens token accounts and mints (`fundTokens`). */
  mintAuthority: TestWallet;
  usdcMint: string;
  facilitator: TestWallet;
  /** The environment a Glint on this chain needs. */
  env: Record<string, string>;
}

/** A local chain with USDC at devnet's address and a facilitator fee payer holding SOL. */
export async function startPaidChain(): Promise<PaidChain> {
  const chain = await startLocalChain();
  const mintAuthority = new TestWallet();
  const facilitator = new TestWallet();
  chain.airdrop(mintAuthority.address, 100_000_000_000n);
  chain.airdrop(facilitator.address, 100_000_000_000n);
  const usdcMint = await chain.createMint({ authority: mintAuthority.address, decimals: 6, at: LOCAL_USDC_MINT });
  return {
    chain,
    mintAuthority,
    usdcMint,
    facilitator,
    env: { SOLANA_RPC_URL: chain.url, SOLANA_CLUSTER: 'localnet', X402_FACILITATOR_KEY: bs58.encode(keypairBytes(facilitator)) },
  };
}

/**
 * A ready video with real files in storage where processing puts them: a two-level HLS tree
 * (master, one rendition, one segment), a poster frame and a preview sprite.
 */
export async function readyVideo(app: FastifyInstance, ownerId: string, title = 'A paid lesson'): Promise<string> {
  const [row] = await app.db
    .insert(videos)
    .values({ ownerId, kind: 'long', title, slug: 'a-paid-lesson', category: 'education', status: 'ready', durationSeconds: 4, width: 640, height: 360 })
    .returning({ id: videos.id });
  const id = row!.id;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-paid-'));
  fs.mkdirSync(path.join(dir, 'hls', '360p'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'hls', 'master.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n');
  fs.writeFileSync(
    path.join(dir, 'hls', '360p', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.0,\nseg-000.ts\n#EXT-X-ENDLIST\n',
  );
  fs.writeFileSync(path.join(dir, 'hls', '360p', 'seg-000.ts'), Buffer.alloc(188 * 4, 0x47));
  fs.writeFileSync(path.join(dir, 'sprite.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
  fs.writeFileSync(path.join(dir, 'thumb-0.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
  const own: string = videoMedia(id);
  await app.storage.putDirectory(`${own}/hls`, path.join(dir, 'hls'));
  await app.storage.putFile(`${own}/sprite.jpg`, path.join(dir, 'sprite.jpg'));
  await app.storage.putFile(`${own}/thumb-0.jpg`, path.join(dir, 'thumb-0.jpg'));
  fs.rmSync(dir, { recursive: true, force: true });
  const thumb = app.storage.url(`${own}/thumb-0.jpg`);
  await app.db
    .update(videos)
    .set({
      hlsKey: `${own}/hls/master.m3u8`,
      sprite: { key: `${own}/sprite.jpg`, interval: 1, columns: 2, rows: 2, tileWidth: 160, tileHeight: 90 },
      thumbnailUrl: thumb,
      thumbnailCandidates: [thumb],
      publishedAt: new Date(),
    })
    .where(eq(videos.id, id));
  return id;
}

/** A buyer's x402 client: the exact scheme on Solana, signing with the wallet's key, reading the chain at `rpcUrl`. */
export async function buyerClient(wallet: TestWallet, rpcUrl: string) {
  const signer = await createKeyPairSignerFromBytes(keypairBytes(wallet));
  const client = new x402Client().register('solana:*', new ExactSvmScheme(signer, { rpcUrl })).setSpendControls(false);
  return new x402HTTPClient(client);
}

/** The requirements of a 402 answer, as a client reads them (from PAYMENT-REQUIRED). */
export function requirementsOf(http: x402HTTPClient, res: { headers: Record<string, unknown>; json(): unknown }): PaymentRequired {
  return http.getPaymentRequiredResponse((name) => {
    const v = res.headers[name.toLowerCase()];
    return typeof v === 'string' ? v : undefined;
  }, res.json());
}

/**
 * A payment for `pr` — or, with `tamper`, a payment built for tampered requirements but presented
 * as if for the real ones (what a cheating client sends: the server must judge the transaction).
 */
export async function pay(
  http: x402HTTPClient,
  pr: PaymentRequired,
  tamper?: Partial<PaymentRequired['accepts'][number]>,
): Promise<{ header: string; payload: PaymentPayload }> {
  const real = pr.accepts[0]!;
  const asked = tamper ? { ...pr, accepts: [{ ...real, ...tamper }] } : pr;
  const payload = await http.createPaymentPayload(asked);
  if (tamper) payload.accepted = real;
  const header = http.encodePaymentSignatureHeader(payload)['PAYMENT-SIGNATURE']!;
  return { header, payload };
}
