import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BountyClaimSchema,
  BountyDetailSchema,
  BountyListQuerySchema,
  ClaimableContentSchema,
  CreateBountySchema,
  CreateClaimSchema,
  PayBountySchema,
} from '../../../shared/bounties/bounties.js';
import { BountyCardSchema } from '../../../shared/bounties/bounty-card.js';
import { PaymentSchema } from '../../../shared/payments/payments.js';
import { BOUNTY_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { HttpError } from '../../platform/http/errors.js';
import { categoryParam } from '../../platform/http/category-param.js';
import { recentIntents } from '../payments/service.js';
import { bountyCards } from './page-meta.js';
import {
  approveClaim,
  bountyDetail,
  cancelBounty,
  claimableContent,
  createBounty,
  createClaim,
  getBountyRow,
  listBounties,
  openRewardPayment,
  rejectClaim,
} from './service.js';

/** Reward payments one poster may open in PAY_INTENT_WINDOW minutes (payment intents of any kind). */
const PAY_INTENTS_PER_WINDOW = 30;
const PAY_INTENT_WINDOW = 10;

/**
 * Bounties (docs/product.md "Bounties"): posted by verified users, claimed by creators with their
 * own content, one claim approved by the poster, and the reward paid from the poster's Phantom to
 * the claimant's public wallet through the payments module, which verifies it on chain. A
 * scheduled sweep expires bounties whose time is over.
 */
export const bountyRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.guid() });
  const claimParams = z.object({ id: z.guid(), claimId: z.guid() });

  r.get(
    '/api/bounties',
    {
      schema: {
        tags: ['bounties'],
        summary: 'Bounties, nearest deadline first, by status and category',
        querystring: BountyListQuerySchema,
        response: { 200: z.array(BountyCardSchema) },
      },
    },
    async (req) => listBounties(db, { status: req.query.status, category: categoryParam(req.query.category) }),
  );

  r.post(
    '/api/bounties',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['bounties'],
        summary: 'Post a bounty: what to make, the reward in SOL, the deadline and the category',
        body: CreateBountySchema,
        response: { 201: BountyDetailSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const row = await createBounty(db, s.user.id, req.body);
      // Its link preview card is made while the poster shares the link.
      await bountyCards(app).published(row.id);
      return reply.code(201).send(await bountyDetail(db, config.solana.cluster, row.id, s.user.id));
    },
  );

  r.get(
    '/api/bounties/:id',
    {
      config: { auth: 'optional', noStore: true },
      schema: {
        tags: ['bounties'],
        summary: 'A bounty with its claims (all for its poster; the approved one and your own for others)',
        params: idParams,
        response: { 200: BountyDetailSchema },
      },
    },
    async (req) => {
      const viewer = await sessionOf(req);
      return bountyDetail(db, config.solana.cluster, req.params.id, viewer?.user.id);
    },
  );

  r.get(
    '/api/bounties/:id/claimable',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['bounties'],
        summary: 'Your ready videos, shorts and streams a claim on this bounty may submit',
        params: idParams,
        response: { 200: z.array(ClaimableContentSchema) },
      },
    },
    async (req) => {
      const s = userSession(req);
      return claimableContent(db, req.params.id, s.user.id);
    },
  );

  r.post(
    '/api/bounties/:id/claims',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['bounties'],
        summary: 'Claim a bounty with one of your own contents and a note for the poster',
        params: idParams,
        body: CreateClaimSchema,
        response: { 201: BountyClaimSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const { claim, bounty } = await createClaim(db, req.params.id, s.user.id, req.body);
      await app.notifier.notify({
        userId: bounty.posterId,
        actorId: s.user.id,
        type: 'bounty_claim',
        bountyEvent: 'claimed',
        contentType: BOUNTY_CONTENT_TYPE,
        contentId: bounty.id,
        contentTitle: bounty.title,
      });
      const detail = await bountyDetail(db, config.solana.cluster, bounty.id, s.user.id);
      return reply.code(201).send(detail.claims.find((c) => c.id === claim.id)!);
    },
  );

  r.post(
    '/api/bounties/:id/claims/:claimId/approve',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['bounties'],
        summary: 'Approve a claim (poster only): the bounty is claimed, the other claims are turned down',
        params: claimParams,
        response: { 200: BountyDetailSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const { bounty, claim } = await approveClaim(db, req.params.id, req.params.claimId, s.user.id);
      await app.notifier.notify({
        userId: claim.claimantId,
        actorId: s.user.id,
        type: 'bounty_claim',
        bountyEvent: 'approved',
        contentType: BOUNTY_CONTENT_TYPE,
        contentId: bounty.id,
        contentTitle: bounty.title,
      });
      return bountyDetail(db, config.solana.cluster, bounty.id, s.user.id);
    },
  );

  r.post(
    '/api/bounties/:id/claims/:claimId/reject',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['bounties'],
        summary: 'Turn down a pending claim (poster only)',
        params: claimParams,
        response: { 200: BountyDetailSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      await rejectClaim(db, req.params.id, req.params.claimId, s.user.id);
      return bountyDetail(db, config.solana.cluster, req.params.id, s.user.id);
    },
  );

  r.post(
    '/api/bounties/:id/cancel',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['bounties'],
        summary: 'Cancel your bounty while no claim is approved',
        params: idParams,
        response: { 200: BountyDetailSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      await cancelBounty(db, req.params.id, s.user.id);
      return bountyDetail(db, config.solana.cluster, req.params.id, s.user.id);
    },
  );

  r.post(
    '/api/bounties/:id/payment',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['bounties'],
        summary: 'Open the reward’s payment (poster only): the transfer to the approved claimant, with its memo',
        params: idParams,
        body: PayBountySchema,
        response: { 201: PaymentSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const bounty = await getBountyRow(db, req.params.id);
      if (bounty?.posterId === s.user.id && (await recentIntents(db, s.user.id, PAY_INTENT_WINDOW)) >= PAY_INTENTS_PER_WINDOW) {
        throw new HttpError(429, 'too_many_payments', 'Too many payments started in a short time. Please wait a few minutes.');
      }
      const row = await openRewardPayment(db, req.params.id, s.user.id, req.body.fromWallet);
      return reply.code(201).send((await app.payments.view(row.id))!);
    },
  );
};
