import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lamportsToSol, solToLamports } from '../../../shared/payments/sol.js';
import {
  CreateTipSchema,
  PaymentSchema,
  TIP_LINK_WALLET,
  TIP_NO_WALLET,
  TIP_YOURSELF,
  TipRecipientSchema,
  tipWrongWallet,
  type CreateTipInput,
} from '../../../shared/payments/payments.js';
import { LIVESTREAM_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { postTipMessage, restrictionOf } from '../chat/service.js';
import type { Db } from '../../platform/db/client.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { getStreamRow } from '../live/service.js';
import { standingOf, standingRefusal } from '../../access/standing.js';
import { findProfileByUsername } from '../../access/creator.js';
import { getVideo } from '../videos/service.js';
import { linkedWallets } from '../wallet/service.js';
import { createPayment, recentIntents } from './service.js';

/** Tip intents one account may open in TIP_INTENT_WINDOW minutes (a paid tip needs one each). */
export const TIP_INTENTS_PER_WINDOW = 30;
export const TIP_INTENT_WINDOW = 10;
const USER_NOT_FOUND = 'User not found';

/** What was tipped must be the creator's own: a stream of theirs, or a video or short of theirs. */
async function tippedContent(db: Db, creatorId: string, content: NonNullable<z.infer<typeof CreateTipSchema>['content']>) {
  if (content.type === LIVESTREAM_CONTENT_TYPE) {
    const stream = await getStreamRow(db, content.id);
    if (!stream || stream.ownerId !== creatorId) throw new HttpError(400, 'wrong_content', 'That stream is not this creator’s.');
    return { type: content.type, id: stream.id, title: stream.title };
  }
  const video = await getVideo(db, content.id);
  const kindOk = content.type === 'short_video' ? video?.kind === 'short' : video?.kind === 'long';
  if (!video || video.ownerId !== creatorId || !kindOk || video.status !== 'ready' || video.visibility === 'private')
    throw new HttpError(400, 'wrong_content', 'That video is not this creator’s.');
  return { type: content.type, id: video.id, title: video.title };
}

/**
 * Tips: a viewer opens an intent to a creator's public wallet (`POST /api/tips`), pays it from
 * Phantom with the intent's memo, and reports the signature on the payments routes. Once the
 * transfer is finalized on chain, the creator is notified and a tip on a live stream shows in its
 * chat, highlighted.
 */
export const tipRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.payments.onFinalized('tip', async (p) => {
    const amountSol = lamportsToSol(p.lamports);
    let contentTitle: string | undefined;
    if (p.contentType === LIVESTREAM_CONTENT_TYPE && p.contentId) {
      const stream = await getStreamRow(db, p.contentId);
      contentTitle = stream?.title;
      // The tip and its message in the live chat while the stream is live, highlighted.
      if (stream?.status === 'live') {
        // A tipper kept out of this chat, or suspended or banned since, still tipped, but their
        // words stay out.
        const quiet = (await restrictionOf(db, stream.ownerId, p.payerId)) || (await standingOf(db, p.payerId));
        const message = await postTipMessage(db, stream.id, p.payerId, quiet ? '' : p.message, p.lamports);
        await app.realtime.publishToStream(stream.id, 'stream.chat', message);
      }
    } else if (p.contentId) {
      contentTitle = (await getVideo(db, p.contentId))?.title;
    }
    await app.notifier.notify({
      userId: p.payeeId,
      actorId: p.payerId,
      type: 'donation',
      amountSol,
      ...(p.contentId && p.contentType ? { contentId: p.contentId, contentType: p.contentType } : {}),
      ...(contentTitle ? { contentTitle } : {}),
    });
  });

  r.get(
    '/api/tips/recipient/:username',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['payments'],
        summary: 'Whether a creator can be tipped, and the wallet a tip goes to',
        params: z.object({ username: z.string().min(1).max(64) }),
        response: { 200: TipRecipientSchema },
      },
    },
    async (req) => {
      const creator = await findProfileByUsername(db, req.params.username);
      if (!creator) throw notFound(USER_NOT_FOUND);
      const viewer = await sessionOf(req);
      const wallet = creator.publicWalletAddress ?? null;
      const reason = viewer?.user.id === creator.id ? TIP_YOURSELF : wallet ? null : TIP_NO_WALLET;
      return { username: creator.username, displayName: creator.displayName, wallet, canTip: !reason, reason };
    },
  );

  r.post(
    '/api/tips',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Open a tip: the transfer to make, with the memo that ties it to this tip',
        body: CreateTipSchema,
        response: { 201: PaymentSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const input = req.body as z.output<typeof CreateTipSchema> & CreateTipInput;
      // A tip's message is posted (in the creator's bell and a live chat): a suspended or banned
      // account may tip, but says nothing.
      if (input.message?.trim()) {
        const standing = await standingOf(db, s.user.id);
        if (standing) throw standingRefusal(standing);
      }
      const creator = await findProfileByUsername(db, input.to);
      if (!creator) throw notFound(USER_NOT_FOUND);
      if (creator.id === s.user.id) throw new HttpError(400, 'tip_yourself', TIP_YOURSELF);
      if (!creator.publicWalletAddress) throw new HttpError(409, 'no_wallet', TIP_NO_WALLET);
      if ((await recentIntents(db, s.user.id, TIP_INTENT_WINDOW)) >= TIP_INTENTS_PER_WINDOW) {
        throw new HttpError(429, 'too_many_tips', 'Too many tips started in a short time. Please wait a few minutes.');
      }
      // A tip is paid from a wallet the tipper proved is theirs, never one they only name.
      const linked = await linkedWallets(db, s.user.id);
      if (linked.length === 0) throw new HttpError(409, 'no_payer_wallet', TIP_LINK_WALLET);
      if (!linked.includes(input.fromWallet)) throw new HttpError(409, 'wrong_wallet', tipWrongWallet(linked[0]!));
      const content = input.content ? await tippedContent(db, creator.id, input.content) : undefined;
      const row = await createPayment(db, {
        kind: 'tip',
        payerId: s.user.id,
        payeeId: creator.id,
        payerWallet: input.fromWallet,
        payeeWallet: creator.publicWalletAddress,
        lamports: solToLamports(input.amountSol),
        message: input.message,
        contentType: content?.type ?? null,
        contentId: content?.id ?? null,
      });
      return reply.code(201).send((await app.payments.view(row.id))!);
    },
  );
};
