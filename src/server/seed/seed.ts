import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { solToLamports } from '../../shared/payments/sol.js';
import { categorySlug } from '../../shared/categories/categories.js';
import { slugify } from '../../shared/platform/routes.js';
import type { Db } from '../platform/db/client.js';
import { bounties, livestreams, profiles, user, videos } from '../platform/db/schema/index.js';
import type { Jobs } from '../platform/jobs/jobs.js';
import { DEMO_SOURCE_QUEUE } from '../features/videos/demo-media.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const CREATORS = [
  {
    id: 'demo-solwhale',
    username: 'solwhale',
    displayName: 'Sol Whale',
    verificationType: 'blue' as const,
    bio: 'Daily Solana market open, order flow and on-chain alerts.',
  },
  {
    id: 'demo-nftnina',
    username: 'nftnina',
    displayName: 'NFT Nina',
    verificationType: 'red' as const,
    bio: 'Generative art, mint walkthroughs and collector talk.',
  },
  {
    id: 'demo-defidan',
    username: 'defidan',
    displayName: 'DeFi Dan',
    verificationType: 'none' as const,
    bio: 'Yield strategies explained slowly, with the risks first.',
  },
  {
    id: 'demo-memequeen',
    username: 'memequeen',
    displayName: 'Meme Queen',
    verificationType: 'none' as const,
    bio: 'Meme coin launches live, rug checks included.',
  },
  {
    id: 'demo-builderbo',
    username: 'builderbo',
    displayName: 'Builder Bo',
    verificationType: 'blue' as const,
    bio: 'Writing Solana programs in Rust, on stream, bugs and all.',
  },
];

/**
 * Demo content for a new database, so a first start shows a living site: creators, upcoming
 * streams and open bounties. Media-backed content (videos, shorts, replays) is made by the media
 * pipeline's own seed step. Times are relative to `now` so the site never looks stale.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  // Demo creators are accounts without a password: they own content but nobody can sign in as them.
  await db.insert(user).values(
    CREATORS.map((c) => ({
      id: c.id,
      name: c.displayName,
      email: `${c.username}@demo.glint.local`,
      emailVerified: true,
      username: c.username,
      displayUsername: c.displayName,
    })),
  );
  await db.insert(profiles).values(CREATORS);
  const at = (ms: number) => new Date(now.getTime() + ms);
  const upcoming = [
    { ownerId: 'demo-solwhale', title: 'Solana Market Open: levels for the week', category: 'Trading', in: 3 * HOUR },
    { ownerId: 'demo-nftnina', title: 'Minting a generative collection from scratch', category: 'NFTs', in: 26 * HOUR },
    { ownerId: 'demo-defidan', title: 'Stablecoin yields, risks ranked', category: 'DeFi', in: 2 * DAY },
    {
      ownerId: 'demo-memequeen',
      title: 'Launch night: $GLNT community token',
      category: 'Meme Coins',
      in: 5 * HOUR,
      token: { mint: 'GLNTdemo1111111111111111111111111111111111', symbol: 'GLNT', name: 'Glint Community' },
    },
    { ownerId: 'demo-builderbo', title: 'Building an escrow program in Anchor', category: 'Blockchain Development', in: 3 * DAY },
  ];
  await db.insert(livestreams).values(
    upcoming.map((s) => ({
      ownerId: s.ownerId,
      title: s.title,
      slug: slugify(s.title),
      description: `Scheduled stream: ${s.title}.`,
      category: categorySlug(s.category),
      status: 'scheduled' as const,
      scheduledAt: at(s.in),
      tokenMint: s.token?.mint ?? null,
      tokenSymbol: s.token?.symbol ?? null,
      tokenName: s.token?.name ?? null,
    })),
  );
  await db.insert(bounties).values([
    {
      posterId: 'demo-defidan',
      title: 'Explain impermanent loss in under 60 seconds',
      category: 'education',
      description: 'Post a short that explains impermanent loss with a real example. Clearest one wins.',
      rewardLamports: solToLamports('0.5'),
      deadline: at(7 * DAY),
    },
    {
      posterId: 'demo-solwhale',
      title: 'Best chart breakdown of this week',
      category: 'market-analysis',
      description: 'A video walking through the SOL chart: levels, volume, and your thesis.',
      rewardLamports: solToLamports('1.25'),
      deadline: at(5 * DAY),
    },
    {
      posterId: 'demo-nftnina',
      title: 'Timelapse of a pixel-art PFP',
      category: 'art-design',
      description: 'Record yourself drawing a pixel-art profile picture start to finish.',
      rewardLamports: solToLamports('0.75'),
      deadline: at(10 * DAY),
    },
  ]);
}

/**
 * The demo creator who sells the paid demo video: a wallet whose key is derived from a published
 * phrase, so anyone can hold it. Demo content on a test cluster only (never on mainnet): the few
 * cents of devnet USDC paid to it are worth nothing.
 */
export const DEMO_SELLER = 'demo-builderbo';
export const demoSellerWallet = () => bs58.encode(ed25519.getPublicKey(new Uint8Array(createHash('sha256').update('glint demo seller wallet').digest())));

type DemoVideo = {
  ownerId: string;
  kind: 'long' | 'short';
  title: string;
  category: string;
  w: number;
  h: number;
  seconds: number;
  tone: number;
  /** Pay-per-view demo: its price in micro-USDC, published days ago so it does not lead the lists. */
  priceMicroUsdc?: number;
};

const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    ownerId: 'demo-solwhale',
    kind: 'long',
    title: 'SOL weekly outlook: levels that matter',
    category: 'Market Analysis',
    w: 1280,
    h: 720,
    seconds: 12,
    tone: 330,
  },
  {
    ownerId: 'demo-builderbo',
    kind: 'long',
    title: 'Anchor in 10 minutes: your first program',
    category: 'Blockchain Development',
    w: 1280,
    h: 720,
    seconds: 10,
    tone: 392,
  },
  { ownerId: 'demo-defidan', kind: 'long', title: 'How liquidity pools really work', category: 'DeFi', w: 854, h: 480, seconds: 10, tone: 440 },
  { ownerId: 'demo-memequeen', kind: 'short', title: 'Rug check in 30 seconds', category: 'Meme Coins', w: 720, h: 1280, seconds: 8, tone: 523 },
  { ownerId: 'demo-nftnina', kind: 'short', title: 'Pixel art speedrun', category: 'Art & Design', w: 720, h: 1280, seconds: 8, tone: 587 },
  { ownerId: 'demo-solwhale', kind: 'short', title: 'One chart, one minute', category: 'Trading', w: 720, h: 720, seconds: 6, tone: 659 },
  {
    ownerId: DEMO_SELLER,
    kind: 'long',
    title: 'X402 demo: unlock me for one cent',
    category: 'Education',
    w: 640,
    h: 360,
    seconds: 6,
    tone: 698,
    priceMicroUsdc: 10_000,
  },
];

/**
 * Demo videos and shorts with real media: each source is a generated moving scene with its title,
 * creator and a soft chord,
 * made and transcoded by the background worker like any upload, so a first start plays.
 */
export async function seedDemoMedia(db: Db, jobs: Pick<Jobs, 'send'>, opts: SeedOptions = {}): Promise<void> {
  const list = DEMO_VIDEOS.filter((v) => opts.paidDemo || v.priceMicroUsdc === undefined);
  if (opts.paidDemo) await db.update(profiles).set({ publicWalletAddress: demoSellerWallet() }).where(eq(profiles.id, DEMO_SELLER));
  const rows = await db
    .insert(videos)
    .values(
      list.map((v) => ({
        ownerId: v.ownerId,
        kind: v.kind,
        title: v.title,
        slug: slugify(v.title),
        description: `${v.title}. Demo content made by Glint on first start.`,
        category: categorySlug(v.category),
        tags: ['demo'],
        status: 'processing' as const,
        priceMicroUsdc: v.priceMicroUsdc ?? null,
        publishedAt: v.priceMicroUsdc ? new Date(Date.now() - 3 * DAY) : null,
      })),
    )
    .returning({ id: videos.id });
  for (const [i, row] of rows.entries()) {
    const v = list[i]!;
    await jobs.send(DEMO_SOURCE_QUEUE, { videoId: row.id, width: v.w, height: v.h, seconds: v.seconds, tone: v.tone, scene: i });
  }
}

/** How many demo videos of `kind` a new database gets (their media is made in the background). */
export const demoVideoCount = (kind: 'long' | 'short', opts: SeedOptions = {}) =>
  DEMO_VIDEOS.filter((v) => v.kind === kind && (opts.paidDemo || v.priceMicroUsdc === undefined)).length;

export interface SeedOptions {
  /** Also a small pay-per-view demo video (the X402 explainer's live demo); not on mainnet. */
  paidDemo?: boolean;
}

/** Seeds only a database that has no profiles yet, so restarts never duplicate demo content. */
export async function seedIfEmpty(db: Db, jobs: Pick<Jobs, 'send'>, opts: SeedOptions = {}): Promise<boolean> {
  const existing = await db.select({ id: profiles.id }).from(profiles).limit(1);
  if (existing.length > 0) return false;
  await seedDemo(db);
  await seedDemoMedia(db, jobs, opts);
  return true;
}
