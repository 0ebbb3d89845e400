import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { address, createKeyPairSignerFromPrivateKeyBytes, createSolanaRpc, getAddressEncoder } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import type { Network, PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { decodeTransactionFromPayload } from '@x402/svm';
import { ExactSvmScheme } from '@x402/svm/exact/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAIN_UNAVAILABLE } from '../../../shared/payments/payments.js';
import {
  ALREADY_UNLOCKED,
  NOT_FOR_SALE,
  PAYMENT_USED,
  paymentRefusal,
  PRICE_NO_USDC_ACCOUNT,
  PRICE_NO_WALLET,
  PURCHASE_IN_PROGRESS,
  UnlockedVideoSchema,
  VideoSalesSchema,
  X402_DISABLED,
  X402_HEADERS,
  X402_VERSION,
  X402InfoSchema,
  type Access,
  type X402Info,
} from '../../../shared/x402/x402.js';
import { formatUsdc, microsToUsdc } from '../../../shared/x402/x402-rules.js';
import { sessionOf, userSession } from '../../access/guards.js';
import type { videos } from '../videos/schema.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { byAccount, byAddress, overLimit, refuseWith } from '../../platform/http/rate-limits.js';
import { matchesEtag } from '../../platform/http/read-cache.js';
import { contentTypeFor } from '../../platform/storage/storage.js';
import { explorerUrl } from '../payments/service.js';
import { isBanned, removedError } from '../../access/standing.js';
import { findProfileById } from '../../access/creator.js';
import { findPaidDemoVideo, getVideo, listOwnPriced, videoSummaries } from '../videos/service.js';
import { createFacilitator } from './facilitator.js';
import { GRANT_SECONDS, HOLDER_COOKIE, holderOf, holdsGrant, newHolderSecret, readGrant, signGrant, type Grant } from './grants.js';
import { usdcMint, x402Network } from './network.js';
import { isPaidMediaFile, rewriteMasterPlaylist } from './playlist.js';
import { abandonPurchase, beginPurchase, completePurchase, hasEntitlement, paymentKeyUsed, purchasesBy, salesOf } from './service.js';

type VideoRow = typeof videos.$inferSelect;

/** Calls of the browser's RPC relay a minute, per address and per account; a payment makes two or three. */
export const X402_RPC_PER_ADDRESS = 60;
export const X402_RPC_PER_ACCOUNT = 20;
/** The largest JSON-RPC call the relay reads, in bytes. */
export const X402_RPC_BODY_MAX = 2048;
const X402_RPC_TOO_MANY = 'Too many requests. Please wait a minute and try again.';

/** How long a payment may take from the 402 to the paid retry; a Solana blockhash lives about as long. */
const PAYMENT_TIMEOUT_SECONDS = 60;

export interface X402 {
  enabled: boolean;
  info(): Promise<X402Info>;
  /** What this viewer may do with the video's media. */
  accessOf(video: VideoRow, viewerId: string | undefined): Promise<Access>;
  /** The player's sources of a priced video, for a viewer who may watch it. */
  sources(videoId: string, viewerId: string | undefined): { hlsUrl: string; spriteUrl: string };
  /** Refuses (409/503) unless this creator can sell: pay-per-view on, a wallet linked, and a USDC account in it. */
  assertCanSell(userId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    x402: X402;
  }
}

const IdParams = z.object({ id: z.string().min(1).max(64) });

const masterPath = (videoId: string) => `/api/videos/${videoId}/paid/master.m3u8`;

/** Who a grant is for: an account, or a buyer without one by their holder secret's hash. */
type Holder = { userId: string } | { holder: string };

const cookieOf = (req: FastifyRequest, name: string) => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return undefined;
};

/**
 * Where a priced video's file lies now: the HLS tree beside its master playlist, the sprite where
 * the row says. Read from the row, never built from the id: a price change moves the media to a
 * new place (decision 024), and a grant outlives the move.
 */
function paidFileKey(video: VideoRow, rest: string): string | undefined {
  if (!video.hlsKey?.startsWith(`paid/${video.id}/`) || !video.hlsKey.endsWith('/hls/master.m3u8')) return undefined;
  if (rest === 'sprite.jpg') return video.sprite?.key.startsWith(`paid/${video.id}/`) ? video.sprite.key : undefined;
  return `${video.hlsKey.slice(0, -'master.m3u8'.length)}${rest.slice('hls/'.length)}`;
}

/**
 * On a laptop without a configured facilitator, Glint makes itself one fee payer key and keeps it
 * in DATA_DIR, so a first start can settle payments once that address holds a little SOL.
 */
async function localFacilitatorKey(app: FastifyInstance): Promise<Uint8Array | undefined> {
  const { config } = app;
  if (config.x402.facilitatorKey || config.x402.facilitatorUrl) return config.x402.facilitatorKey;
  if (config.env !== 'development' || !config.localDev) return undefined;
  const file = path.join(config.dataDir, 'x402-facilitator-key.json');
  if (!fs.existsSync(file)) {
    const seed = crypto.getRandomValues(new Uint8Array(32));
    const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
    const key = new Uint8Array([...seed, ...getAddressEncoder().encode(signer.address)]);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify([...key]), { mode: 0o600 });
  }
  return Uint8Array.from(JSON.parse(fs.readFileSync(file, 'utf8')) as number[]);
}

/**
 * Pay-per-view over x402 (protocol v2, exact scheme on Solana, USDC): the 402 answer with its
 * requirements, the paid retry verified and settled by the facilitator, purchases and entitlements,
 * the private media served to those entitled, and the creator's and buyer's lists.
 */
export async function registerX402(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const network: Network = x402Network(config.solana.cluster);
  const asset = config.x402.asset ?? usdcMint(config.solana.cluster);
  const facilitator = await createFacilitator({
    network,
    rpcUrl: config.solana.rpcUrl,
    url: config.x402.facilitatorUrl,
    key: await localFacilitatorKey(app),
  });
  if (facilitator?.feePayer && !config.x402.facilitatorKey) {
    app.log.info({ feePayer: facilitator.feePayer }, 'x402: Glint settles payments with a fee payer of its own; give it a little SOL on the cluster');
  }
  const enabled = !!facilitator;
  const rpc = createSolanaRpc(config.solana.rpcUrl);
  const resourceServer = new x402ResourceServer(facilitator ? [facilitator.client] : []).register(network, new ExactSvmScheme());
  // The facilitator's supported kinds (its fee payer) are fetched on first use, and again after a failure.
  let ready: Promise<void> | undefined;
  const ensureReady = () => {
    ready ??= resourceServer.initialize().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  };
  const grantSecret = config.sessionSecret;

  // A recent blockhash rides in the requirements (extra.recentBlockhash), so a buyer needs no RPC
  // of their own for it; one look every few seconds serves every 402.
  let blockhash: { at: number; value: Promise<{ blockhash: string; lastValidBlockHeight: string } | undefined> } | undefined;
  const recentBlockhash = () => {
    if (!blockhash || Date.now() - blockhash.at > 5000) {
      blockhash = {
        at: Date.now(),
        value: app.payments.chain
          .latestBlockhash()
          .then((b) => ({ blockhash: b.blockhash, lastValidBlockHeight: b.lastValidBlockHeight.toString() }))
          .catch(() => undefined),
      };
    }
    return blockhash.value;
  };

  // The mint's program (SPL Token, or Token-2022 for some assets), for the payee's token account.
  let mintProgram: Promise<string> | undefined;
  const tokenProgram = () => {
    mintProgram ??= rpc
      .getAccountInfo(address(asset), { encoding: 'base64' })
      .send()
      .then(({ value }) => {
        if (!value) throw new Error('mint not found');
        return value.owner;
      })
      .catch((err: unknown) => {
        mintProgram = undefined;
        throw err;
      });
    return mintProgram;
  };

  const accessOf: X402['accessOf'] = async (video, viewerId) => {
    const isPrivate = video.visibility === 'private';
    if (video.priceMicroUsdc === null && !isPrivate) return 'free';
    if (!viewerId) return 'locked';
    if (video.ownerId === viewerId) return 'owner';
    // A private video is its owner's alone: a purchase made while it was public does not open it.
    if (!isPrivate && (await hasEntitlement(db, video.id, viewerId))) return 'unlocked';
    // Moderators and admins review what is reported, paid or not.
    if (await isStaff(viewerId)) return 'staff';
    return 'locked';
  };

  const grantFor = (videoId: string, who: Holder) =>
    signGrant(grantSecret, {
      videoId,
      userId: 'userId' in who ? who.userId : null,
      holder: 'holder' in who ? who.holder : null,
      exp: Math.floor(Date.now() / 1000) + GRANT_SECONDS,
    });
  const filesBase = (videoId: string, who: Holder) => `/api/videos/${videoId}/paid/${grantFor(videoId, who)}`;
  const secureCookie = config.publicUrl.startsWith('https://');

  /**
   * A video its creator's ban or a moderator's removal took down is played by nobody but
   * moderators and admins (they review it): the same answers as its page, 410 when removed, 404
   * when its creator is banned. Checked on the playlist and on every file, so a grant handed out
   * before stops working at once.
   */
  const assertStillUp = async (video: VideoRow, viewerId: string | null) => {
    // Made private: to anyone but its owner (and the moderators reviewing it) it is not there.
    if (video.visibility === 'private' && video.ownerId !== viewerId && !(viewerId && (await isStaff(viewerId)))) throw notFound('This video is not available');
    if (!video.takenDownAt && !(await isBanned(db, video.ownerId))) return;
    if (viewerId && (await isStaff(viewerId))) return;
    if (video.takenDownAt) throw removedError('video');
    throw notFound('This video is not available');
  };
  const isStaff = async (userId: string) => {
    const roles = (await findProfileById(db, userId))?.roles ?? [];
    return roles.includes('admin') || roles.includes('moderator');
  };

  app.decorate('x402', {
    enabled,
    async info() {
      return {
        enabled,
        x402Version: X402_VERSION,
        network,
        cluster: config.solana.cluster,
        asset,
        facilitator: facilitator?.kind ?? 'glint',
        demoVideoId: await findPaidDemoVideo(db),
      };
    },
    accessOf,
    sources: (videoId, viewerId) => ({
      hlsUrl: masterPath(videoId),
      // Without an account nobody is handed a priced video's sources (the page shows them only to
      // those who may watch; a script's links come with its purchase): such a link is bound to a
      // holder secret nobody has, so it never plays.
      spriteUrl: `${filesBase(videoId, viewerId ? { userId: viewerId } : { holder: holderOf(newHolderSecret())! })}/sprite.jpg`,
    }),
    async assertCanSell(userId) {
      if (!enabled) throw new HttpError(409, 'x402_disabled', X402_DISABLED);
      const wallet = (await findProfileById(db, userId))?.publicWalletAddress;
      if (!wallet) throw new HttpError(409, 'no_wallet', PRICE_NO_WALLET);
      try {
        const [ata] = await findAssociatedTokenPda({ mint: address(asset), owner: address(wallet), tokenProgram: address(await tokenProgram()) });
        const { value } = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send();
        if (!value) throw new HttpError(409, 'no_usdc_account', PRICE_NO_USDC_ACCOUNT);
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw new HttpError(503, 'chain_unavailable', CHAIN_UNAVAILABLE);
      }
    },
  } satisfies X402);

  await app.register(async (routes) => {
    const scope = routes.withTypeProvider<ZodTypeProvider>();

    scope.get('/api/x402', { schema: { tags: ['x402'], summary: 'How this server sells videos over x402', response: { 200: X402InfoSchema } } }, () =>
      app.x402.info(),
    );

    /** The 402 answer: requirements in the PAYMENT-REQUIRED header, and readable in the body. */
    const paymentRequired = (reply: FastifyReply, pr: PaymentRequired, code: string, message: string) =>
      reply
        .code(402)
        .header(X402_HEADERS.required, encodePaymentRequiredHeader(pr))
        .header('cache-control', 'no-store')
        .send({ code, message, ...pr });

    /** The master playlist, its renditions pointed at the private media route with this viewer's grant. */
    const sendPlaylist = async (reply: FastifyReply, video: VideoRow, userId: string | null, settled?: SettleResponse) => {
      const file = video.hlsKey ? await app.storage.read(video.hlsKey) : undefined;
      if (!file) throw notFound('This video is not available');
      const chunks: Buffer[] = [];
      for await (const c of file.body) chunks.push(Buffer.from(c as Buffer));
      let who: Holder;
      if (userId) who = { userId };
      else {
        // A buyer without an account: the links are bound to a secret only this client gets, in an
        // httpOnly cookie sent back with the video's media requests; the address alone, shared, is refused.
        const secret = newHolderSecret();
        who = { holder: holderOf(secret)! };
        reply.header(
          'set-cookie',
          `${HOLDER_COOKIE}=${secret}; Path=/api/videos/${video.id}/paid/; Max-Age=${GRANT_SECONDS}; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`,
        );
      }
      const body = rewriteMasterPlaylist(Buffer.concat(chunks).toString('utf8'), filesBase(video.id, who));
      if (settled) reply.header(X402_HEADERS.response, encodePaymentResponseHeader(settled));
      return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(body);
    };

    scope.get(
      '/api/videos/:id/paid/master.m3u8',
      {
        config: { x402: true, answers: { 200: 'The HLS playlist (application/vnd.apple.mpegurl), with a PAYMENT-RESPONSE header when just paid' } },
        schema: {
          tags: ['x402'],
          summary: 'A priced video’s HLS playlist: 402 with x402 payment requirements until paid',
          description:
            'Without an entitlement this answers 402 Payment Required with the x402 (v2) requirements in the PAYMENT-REQUIRED header (base64 JSON) and in the body. Retry with a PAYMENT-SIGNATURE header carrying the signed payment: the server verifies and settles it through the facilitator, records the purchase, and answers 200 with the playlist and a PAYMENT-RESPONSE header (the settlement). A buyer without an account also gets an httpOnly holder cookie (glint.x402_holder, scoped to the video’s paid media): the playlist’s links play only with it. The owner, moderators and buyers signed in get the playlist without paying; a payment from someone who already bought the video is refused (409) and nothing is charged. A free video redirects to its public playlist. A private video (priced or not) is played through these routes by its owner, moderators and admins only: anyone else gets 404.',
          params: IdParams,
        },
      },
      async (req, reply) => {
        const video = await getVideo(db, req.params.id);
        if (!video || video.status !== 'ready' || !video.hlsKey) throw notFound('This video is not available');
        if (video.priceMicroUsdc === null && video.visibility !== 'private') return reply.redirect(app.storage.url(video.hlsKey), 302);
        const s = await sessionOf(req);
        const userId = s?.user.id ?? null;
        // Removed by a moderator, or its creator banned: nobody buys or plays it, but moderators review it.
        await assertStillUp(video, userId);
        const access = await accessOf(video, userId ?? undefined);
        const header = req.headers[X402_HEADERS.signature.toLowerCase()];
        const paymentHeader = typeof header === 'string' && header ? header : undefined;
        if (access !== 'locked') {
          if (paymentHeader) {
            // Never take money for what the buyer can already watch.
            throw new HttpError(
              409,
              'already_unlocked',
              access === 'unlocked' ? ALREADY_UNLOCKED : 'You can watch this video without paying. Nothing was charged.',
            );
          }
          return sendPlaylist(reply, video, userId);
        }
        // A free private video is sold to nobody (assertStillUp let only its owner and moderators this far).
        if (video.priceMicroUsdc === null) throw notFound('This video is not available');
        if (!enabled) throw new HttpError(503, 'x402_disabled', X402_DISABLED);
        const payTo = (await findProfileById(db, video.ownerId))?.publicWalletAddress;
        if (!payTo) throw new HttpError(409, 'not_for_sale', NOT_FOR_SALE);
        try {
          await ensureReady();
        } catch (err) {
          req.log.warn({ err }, 'x402: the facilitator cannot be reached');
          throw new HttpError(503, 'facilitator_unavailable', 'Payments cannot be taken right now. Please try again in a moment.');
        }
        const priceMicroUsdc = video.priceMicroUsdc;
        const buildRequirements = async () => {
          const hash = await recentBlockhash();
          return resourceServer.buildPaymentRequirements({
            scheme: 'exact',
            network,
            payTo,
            price: { amount: String(priceMicroUsdc), asset },
            maxTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS,
            extra: hash ? { recentBlockhash: hash.blockhash, lastValidBlockHeight: hash.lastValidBlockHeight } : {},
          });
        };
        const requirements = await buildRequirements();
        const resource = {
          url: `${config.publicUrl}${masterPath(video.id)}`,
          description: `Watch “${video.title}” on ${config.publicUrl.replace(/^https?:\/\//, '')}`,
          mimeType: 'application/vnd.apple.mpegurl',
        };
        const price = formatUsdc(microsToUsdc(video.priceMicroUsdc));
        const refuse = async (reason: string, message = paymentRefusal(reason)) => {
          // A payment that would not land may have been built on a blockhash that is gone: the
          // requirements that come with the refusal carry a fresh one.
          if (reason.includes('simulation')) blockhash = undefined;
          const fresh = reason.includes('simulation') ? await buildRequirements() : requirements;
          return paymentRequired(reply, await resourceServer.createPaymentRequiredResponse(fresh, resource, reason), 'payment_refused', message);
        };

        if (!paymentHeader) {
          return paymentRequired(
            reply,
            await resourceServer.createPaymentRequiredResponse(requirements, resource, 'Payment required'),
            'payment_required',
            `Unlock “${video.title}” for ${price} in USDC.`,
          );
        }

        let payload: PaymentPayload;
        let paymentKey: string;
        try {
          payload = decodePaymentSignatureHeader(paymentHeader);
          // The transaction's message, hashed: the same payment presented again is known at once.
          const tx = decodeTransactionFromPayload(payload.payload as { transaction: string });
          paymentKey = createHash('sha256').update(new Uint8Array(tx.messageBytes)).digest('hex');
        } catch {
          return refuse('invalid_payload', 'The payment could not be read. Nothing was charged.');
        }
        if (payload.x402Version !== X402_VERSION) return refuse('unsupported_version', 'Only x402 version 2 payments are taken here. Nothing was charged.');
        const matched: PaymentRequirements | undefined = resourceServer.findMatchingRequirements(requirements, payload);
        if (!matched) return refuse('no_matching_requirements');
        if (await paymentKeyUsed(db, paymentKey)) return refuse('payment_used', PAYMENT_USED);

        const verified = await resourceServer.verifyPayment(payload, matched).catch((err: unknown) => {
          req.log.warn({ err }, 'x402: verification failed');
          return { isValid: false, invalidReason: 'verification_unavailable', payer: '' };
        });
        if (!verified.isValid) return refuse(verified.invalidReason ?? 'invalid_payment');
        const payerWallet = verified.payer ?? '';

        const begun = await beginPurchase(db, {
          videoId: video.id,
          buyerId: userId,
          payerWallet,
          payTo,
          asset,
          network,
          amountMicroUsdc: video.priceMicroUsdc,
          paymentKey,
        });
        if (!begun.ok) {
          if (begun.why === 'payment_used') return refuse('payment_used', PAYMENT_USED);
          throw new HttpError(
            409,
            begun.why === 'owned' ? 'already_unlocked' : 'purchase_in_progress',
            begun.why === 'owned' ? ALREADY_UNLOCKED : PURCHASE_IN_PROGRESS,
          );
        }
        let settled: SettleResponse;
        try {
          settled = await resourceServer.settlePayment(payload, matched);
        } catch (err) {
          req.log.warn({ err }, 'x402: settlement failed');
          settled = { success: false, errorReason: 'settlement_unavailable', transaction: '', network };
        }
        if (!settled.success || !settled.transaction) {
          await abandonPurchase(db, begun.id);
          return refuse(settled.errorReason ?? 'transaction_failed');
        }
        if (!(await completePurchase(db, begun.id, settled.transaction, settled.payer || payerWallet))) {
          await abandonPurchase(db, begun.id);
          return refuse('payment_used', PAYMENT_USED);
        }
        req.log.info({ videoId: video.id, transaction: settled.transaction }, 'x402: video sold');
        return sendPlaylist(reply, video, userId, settled);
      },
    );

    scope.get(
      '/api/videos/:id/paid/:grant/*',
      {
        config: { x402: true, answers: { 200: 'The rendition playlist, segment or preview sprite' } },
        schema: {
          tags: ['x402'],
          summary: 'A priced video’s renditions, segments and preview sprite, with a grant from its playlist',
          description:
            'The grant works only with the session of the account it was made for, or, bought without an account, with the holder cookie that came with the playlist (403 otherwise). A video removed by a moderator answers 410, one whose creator is banned 404, however recent the grant.',
          params: z.object({ id: z.string().min(1).max(64), grant: z.string().min(1).max(100), '*': z.string().max(300) }),
        },
      },
      async (req, reply) => {
        const grant: Grant | undefined = readGrant(grantSecret, req.params.id, req.params.grant);
        const rest = req.params['*'];
        if (!grant || !isPaidMediaFile(rest)) throw notFound('This file is not available');
        // A shared link is useless: an account's grant works only with that account's session, and
        // a grant without an account only with the holder cookie given to its buyer at purchase.
        if (grant.userId) {
          const s = await sessionOf(req);
          if (s?.user.id !== grant.userId) throw new HttpError(403, 'forbidden', 'This media link belongs to another session. Open the video again.');
        } else if (!holdsGrant(grant, cookieOf(req, HOLDER_COOKIE))) {
          throw new HttpError(403, 'forbidden', 'This media link belongs to the client that paid for it. Open the video again.');
        }
        const video = await getVideo(db, req.params.id);
        if (!video || video.status !== 'ready') throw notFound('This file is not available');
        // Checked on every file, not only the playlist: a removal or a ban stops what is playing.
        await assertStillUp(video, grant.userId);
        const key = paidFileKey(video, rest);
        if (!key) throw notFound('This file is not available');
        // The browser keeps segments but asks again before each use (no-cache), so the checks above
        // run on every play; the bytes under a key never change (a move makes new keys), so the key
        // is the ETag and a repeat costs a 304.
        const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
        const cacheControl = rest.endsWith('.m3u8') ? 'private, no-store' : 'private, no-cache';
        if (!rest.endsWith('.m3u8') && matchesEtag(req, etag)) {
          return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
        }
        const file = await app.storage.read(key);
        if (!file) throw notFound('This file is not available');
        if (!rest.endsWith('.m3u8')) reply.header('etag', etag);
        reply.header('content-type', contentTypeFor(rest)).header('cache-control', cacheControl);
        if (file.size !== undefined) reply.header('content-length', file.size);
        return reply.send(file.body);
      },
    );

    // The browser's x402 client reads the mint (its decimals and program) over Solana JSON-RPC; it
    // does so through Glint, which answers from its own cluster and for nothing but that. Only a
    // signed-in buyer pays from the browser (the poster asks a guest to sign in first), and a payment
    // needs two or three calls: the relay is theirs alone, and limited per address and per account,
    // so the server is no free RPC for anyone else. Agents bring an RPC of their own (docs/x402.md).
    const rpcPerAccount = app.createRateLimit({
      max: X402_RPC_PER_ACCOUNT,
      timeWindow: 60_000,
      keyGenerator: async (req) => byAccount('x402-rpc', (await sessionOf(req))!.user.id),
    });
    scope.post(
      '/api/x402/rpc',
      {
        // A JSON-RPC call of the two methods below is well under 1 KB.
        bodyLimit: X402_RPC_BODY_MAX,
        // Counted per address before the body is read, so a flood costs no parsing.
        config: {
          answers: { 200: 'The JSON-RPC answer: the result, or an error object' },
          auth: 'user',
          rateLimit: {
            max: X402_RPC_PER_ADDRESS,
            timeWindow: 60_000,
            keyGenerator: byAddress('x402-rpc'),
            errorResponseBuilder: refuseWith('too_many_requests', X402_RPC_TOO_MANY),
          },
        },
        schema: {
          tags: ['x402'],
          summary: 'Read-only Solana JSON-RPC for the browser’s x402 client (signed in): the payment mint’s account and a recent blockhash',
          body: z.object({
            jsonrpc: z.literal('2.0'),
            id: z.union([z.string().max(64), z.number()]),
            method: z.string().max(64),
            params: z.array(z.unknown()).max(4).optional(),
          }),
        },
      },
      async (req) => {
        if (await overLimit(rpcPerAccount, req)) throw new HttpError(429, 'too_many_requests', X402_RPC_TOO_MANY);
        const { id, method, params = [] } = req.body;
        const fail = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
        if (!enabled) return fail(-32000, X402_DISABLED);
        // Only these two, with parameters of Glint's choosing; the cluster's answer is passed on as it is.
        const call =
          method === 'getLatestBlockhash'
            ? [{ commitment: 'confirmed' }]
            : method === 'getAccountInfo' && params[0] === asset
              ? [asset, { encoding: 'base64', commitment: 'confirmed' }]
              : undefined;
        if (call) {
          try {
            const res = await fetch(config.solana.rpcUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id, method, params: call }),
              signal: AbortSignal.timeout(10_000),
            });
            const body = (await res.json()) as { result?: unknown; error?: unknown };
            return body.error ? fail(-32603, CHAIN_UNAVAILABLE) : { jsonrpc: '2.0', id, result: body.result };
          } catch {
            return fail(-32603, CHAIN_UNAVAILABLE);
          }
        }
        return fail(-32601, 'Only the payment mint’s account and a recent blockhash are served here.');
      },
    );

    scope.get(
      '/api/x402/sales',
      { config: { auth: 'user' }, schema: { tags: ['x402'], summary: 'Your priced videos and what each sold', response: { 200: z.array(VideoSalesSchema) } } },
      async (req) => {
        const s = userSession(req);
        const own = await listOwnPriced(db, s.user.id);
        const sales = await salesOf(
          db,
          own.map((v) => v.id),
        );
        return own
          .filter((v) => v.priceMicroUsdc !== null || sales.has(v.id))
          .map((v) => {
            const t = sales.get(v.id);
            return {
              videoId: v.id,
              title: v.title,
              kind: v.kind,
              priceUsdc: v.priceMicroUsdc === null ? null : microsToUsdc(v.priceMicroUsdc),
              count: t?.count ?? 0,
              totalUsdc: microsToUsdc(t?.totalMicroUsdc ?? 0),
              lastSoldAt: t?.lastSoldAt?.toISOString() ?? null,
            };
          });
      },
    );

    scope.get(
      '/api/x402/unlocked',
      { config: { auth: 'user' }, schema: { tags: ['x402'], summary: 'The videos you unlocked', response: { 200: z.array(UnlockedVideoSchema) } } },
      async (req) => {
        const s = userSession(req);
        const bought = await purchasesBy(db, s.user.id);
        const summaries = await videoSummaries(
          db,
          bought.map((p) => p.videoId),
        );
        return bought.flatMap((p) => {
          const v = summaries.get(p.videoId);
          if (!v) return [];
          return [
            {
              videoId: v.id,
              title: v.title,
              kind: v.kind,
              thumbnailUrl: v.thumbnailUrl,
              creator: v.creator,
              paidUsdc: microsToUsdc(p.amountMicroUsdc),
              transaction: p.transaction,
              explorerUrl: explorerUrl(config.solana.cluster, p.transaction),
              unlockedAt: (p.settledAt ?? p.createdAt).toISOString(),
            },
          ];
        });
      },
    );
  });
}
