import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BOUNTY_ALREADY_PAID,
  BOUNTY_CANNOT_CANCEL,
  BOUNTY_NOT_CLAIMED,
  BOUNTY_NOT_FOUND,
  BOUNTY_NOT_OPEN,
  BOUNTY_PAYMENT_IN_FLIGHT,
  BOUNTY_PAYMENT_REPLACED,
  BOUNTY_POSTER_ONLY,
  BOUNTY_REVIEW_DAYS,
  BOUNTY_REVIEW_OVER,
  BOUNTY_TOO_MANY_OPEN,
  CLAIM_DUPLICATE,
  CLAIM_NO_WALLET,
  CLAIM_NOT_FOUND,
  CLAIM_NOT_YOURS,
  CLAIM_OWN_BOUNTY,
  CLAIMANT_NO_WALLET,
  CLAIMS_CLOSED,
  CLAIMS_PER_CREATOR,
  CLAIMS_TOO_MANY,
  OPEN_BOUNTIES_PER_POSTER,
  reviewEnd,
  type BountyClaim,
  type BountyDetail,
  type ClaimableContent,
  type ClaimContent,
  type ClaimContentType,
  type CreateBountySchema,
  type CreateClaimSchema,
} from '../../../shared/bounties/bounties.js';
import { lamportsToSol, solToLamports } from '../../../shared/payments/sol.js';
import type { BountyCard } from '../../../shared/bounties/bounty-card.js';
import { LIVESTREAM_CONTENT_TYPE } from '../../../shared/platform/product.js';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { bounties, bountyClaims } from './schema.js';
import { payments } from '../payments/schema.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { getStreamRow } from '../live/service.js';
import { createPayment, failCreatedBountyPayments, paymentViews, type PaymentRow } from '../payments/service.js';
import { creatorColumns, findProfileById, profilesTable } from '../../access/creator.js';
import { notBanned } from '../../access/standing.js';
import { countAndNewest, type CountAndNewest } from '../../platform/db/counts.js';
import { prefixQuery, textMatch, textRank } from '../../platform/db/text-search.js';
import { listStreams } from '../live/service.js';
import { getVideo, listOwnUploads } from '../videos/service.js';

export type BountyRow = typeof bounties.$inferSelect;
export type ClaimRow = typeof bountyClaims.$inferSelect;

export interface BountyFilter {
  status?: BountyRow['status'] | undefined;
  category?: string | undefined;
  posterId?: string | undefined;
  text?: string | undefined;
  limit?: number | undefined;
}

const DAY = 86_400_000;
const toCard = (b: BountyRow, poster: BountyCard['poster']): BountyCard => ({
  id: b.id,
  title: b.title,
  description: b.description,
  rewardSol: lamportsToSol(b.rewardLamports),
  deadline: b.deadline.toISOString(),
  category: b.category,
  status: b.status,
  poster,
});

/** Bounties, the nearest deadline first. */
export async function listBounties(db: Db, f: BountyFilter = {}): Promise<BountyCard[]> {
  // A banned poster's bounties are hidden with the rest of their content.
  const where: SQL[] = [notBanned(bounties.posterId)];
  if (f.status) where.push(eq(bounties.status, f.status));
  if (f.category) where.push(eq(bounties.category, f.category));
  if (f.posterId) where.push(eq(bounties.posterId, f.posterId));
  const tsquery = f.text ? prefixQuery(f.text) : undefined;
  if (f.text) {
    if (!tsquery) return [];
    where.push(textMatch(bounties.title, bounties.description, tsquery));
  }
  const rows = await db
    .select({ b: bounties, poster: creatorColumns })
    .from(bounties)
    .innerJoin(profilesTable, eq(profilesTable.id, bounties.posterId))
    .where(and(...where))
    .orderBy(...(tsquery ? [desc(textRank(bounties.title, bounties.description, tsquery)), asc(bounties.deadline)] : [asc(bounties.deadline)]))
    .limit(f.limit ?? 50);
  return rows.map(({ b, poster }) => toCard(b, poster));
}

export async function getBountyRow(db: Db, id: string): Promise<BountyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(bounties).where(eq(bounties.id, id));
  return row;
}

async function bountyOr404(db: Db, id: string): Promise<BountyRow> {
  const row = await getBountyRow(db, id);
  if (!row) throw notFound(BOUNTY_NOT_FOUND);
  return row;
}

/** The bounty row locked for this transaction: writes on one bounty happen one after another. */
async function lockBounty(tx: Db, id: string): Promise<BountyRow> {
  if (!isUuid(id)) throw notFound(BOUNTY_NOT_FOUND);
  const [row] = await tx.select().from(bounties).where(eq(bounties.id, id)).for('update');
  if (!row) throw notFound(BOUNTY_NOT_FOUND);
  return row;
}

const posterOnly = (b: BountyRow, userId: string) => {
  if (b.posterId !== userId) throw new HttpError(403, 'not_poster', BOUNTY_POSTER_ONLY);
};

/** Claims are taken while the bounty is open and its deadline has not passed. */
export const takesClaims = (b: Pick<BountyRow, 'status' | 'deadline'>, now = new Date()) => b.status === 'open' && b.deadline > now;

/** A new bounty by a verified user; at most OPEN_BOUNTIES_PER_POSTER open at once. */
export async function createBounty(db: Db, posterId: string, input: z.output<typeof CreateBountySchema>): Promise<BountyRow> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bounties)
    .where(and(eq(bounties.posterId, posterId), eq(bounties.status, 'open')));
  if ((open?.n ?? 0) >= OPEN_BOUNTIES_PER_POSTER) throw new HttpError(429, 'too_many_bounties', BOUNTY_TOO_MANY_OPEN);
  const [row] = await db
    .insert(bounties)
    .values({
      posterId,
      title: input.title,
      description: input.description,
      rewardLamports: solToLamports(input.rewardSol),
      deadline: new Date(input.deadline),
      category: input.category,
    })
    .returning();
  return row!;
}

/** What a claim points at, read through the feature that owns it; null title once it is gone. */
async function claimContent(db: Db, type: string, id: string): Promise<ClaimContent> {
  const kind = type as ClaimContentType;
  if (kind === LIVESTREAM_CONTENT_TYPE) {
    const s = await getStreamRow(db, id);
    return { type: kind, id, title: s?.title ?? null, thumbnailUrl: s?.thumbnailUrl ?? null };
  }
  const v = await getVideo(db, id);
  const there = v && v.status !== 'removed';
  return { type: kind, id, title: there ? v.title : null, thumbnailUrl: there ? v.thumbnailUrl : null };
}

/**
 * The content a claim submits must be the claimant's own: a ready video or short of the right
 * kind, or a stream that is live or has ended (a scheduled one has nothing to show yet).
 */
async function ownContent(db: Db, claimantId: string, content: { type: ClaimContentType; id: string }) {
  if (content.type === LIVESTREAM_CONTENT_TYPE) {
    const s = await getStreamRow(db, content.id);
    if (!s || s.ownerId !== claimantId || s.status === 'scheduled') throw new HttpError(400, 'wrong_content', CLAIM_NOT_YOURS);
    return s.title;
  }
  const v = await getVideo(db, content.id);
  const kindOk = content.type === 'short_video' ? v?.kind === 'short' : v?.kind === 'long';
  // A private video is its owner's alone: the poster could not judge it.
  if (!v || v.ownerId !== claimantId || !kindOk || v.status !== 'ready' || v.visibility === 'private')
    throw new HttpError(400, 'wrong_content', CLAIM_NOT_YOURS);
  return v.title;
}

async function claimViews(db: Db, where: SQL): Promise<BountyClaim[]> {
  const rows = await db
    .select({ c: bountyClaims, claimant: creatorColumns, wallet: profilesTable.publicWalletAddress })
    .from(bountyClaims)
    .innerJoin(profilesTable, eq(profilesTable.id, bountyClaims.claimantId))
    .where(where)
    // The approved claim first, then pending ones oldest first, then the rejected.
    .orderBy(sql`case ${bountyClaims.status} when 'approved' then 0 when 'pending' then 1 else 2 end`, asc(bountyClaims.createdAt))
    .limit(200);
  return Promise.all(
    rows.map(async ({ c, claimant, wallet }) => ({
      id: c.id,
      status: c.status,
      note: c.note,
      createdAt: c.createdAt.toISOString(),
      decidedAt: c.decidedAt?.toISOString() ?? null,
      claimant,
      claimantHasWallet: !!wallet,
      content: await claimContent(db, c.contentType, c.contentId),
    })),
  );
}

/**
 * A bounty's page for this viewer: the poster sees every claim and the reward's payment in any
 * state; anyone else sees the approved claim and their own, and its claimant the finalized payment.
 */
export async function bountyDetail(db: Db, cluster: string, id: string, viewerId: string | undefined, now = new Date()): Promise<BountyDetail> {
  if (!isUuid(id)) throw notFound(BOUNTY_NOT_FOUND);
  const [row] = await db
    .select({ b: bounties, poster: creatorColumns })
    .from(bounties)
    .innerJoin(profilesTable, eq(profilesTable.id, bounties.posterId))
    .where(and(eq(bounties.id, id), notBanned(bounties.posterId)));
  if (!row) throw notFound(BOUNTY_NOT_FOUND);
  const { b, poster } = row;
  const isPoster = viewerId === b.posterId;
  const mine = viewerId ? eq(bountyClaims.claimantId, viewerId) : sql`false`;
  const claims = await claimViews(db, and(eq(bountyClaims.bountyId, id), isPoster ? undefined : or(eq(bountyClaims.status, 'approved'), mine))!);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bountyClaims)
    .where(eq(bountyClaims.bountyId, id));
  const approved = claims.find((c) => c.status === 'approved');
  let payment: BountyDetail['payment'] = null;
  if (isPoster) {
    [payment = null] = await paymentViews(db, cluster, eq(payments.bountyId, id), 1);
  } else if (viewerId && approved?.claimant.id === viewerId) {
    [payment = null] = await paymentViews(db, cluster, and(eq(payments.bountyId, id), eq(payments.status, 'finalized'))!, 1);
  }
  return {
    ...toCard(b, poster),
    createdAt: b.createdAt.toISOString(),
    paidAt: b.paidAt?.toISOString() ?? null,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    approvedClaimId: b.approvedClaimId,
    claimsOpen: takesClaims(b, now),
    reviewUntil: reviewEnd(b.deadline).toISOString(),
    claimCount: count?.n ?? 0,
    claims,
    viewer: { isPoster },
    payment,
  };
}

/** The viewer's own contents a claim on this bounty may submit, newest first. */
export async function claimableContent(db: Db, bountyId: string, userId: string): Promise<ClaimableContent[]> {
  await bountyOr404(db, bountyId);
  const [uploads, live, ended, used] = await Promise.all([
    listOwnUploads(db, userId),
    listStreams(db, { status: 'live', ownerId: userId, limit: 10 }),
    listStreams(db, { status: 'ended', ownerId: userId, limit: 30 }),
    db.select({ id: bountyClaims.contentId }).from(bountyClaims).where(eq(bountyClaims.bountyId, bountyId)),
  ]);
  const claimed = new Set(used.map((u) => u.id));
  const items: ClaimableContent[] = [
    ...uploads
      .filter((v) => v.status === 'ready')
      .map((v) => ({
        type: v.kind === 'short' ? ('short_video' as const) : ('glint_video' as const),
        id: v.id,
        title: v.title,
        thumbnailUrl: v.thumbnailUrl,
        createdAt: v.createdAt.toISOString(),
        claimed: claimed.has(v.id),
      })),
    ...[...live, ...ended].map((s) => ({
      type: 'livestream' as const,
      id: s.id,
      title: s.title,
      thumbnailUrl: s.thumbnailUrl,
      createdAt: s.startedAt ?? s.scheduledAt ?? new Date(0).toISOString(),
      claimed: claimed.has(s.id),
    })),
  ];
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * A creator claims a bounty with one of their own contents: not their own bounty, only while it
 * takes claims, one claim per content (the unique index settles a race), a few per creator, and
 * only with a public wallet the reward can be paid to.
 */
export async function createClaim(
  db: Db,
  bountyId: string,
  claimantId: string,
  input: z.output<typeof CreateClaimSchema>,
  now = new Date(),
): Promise<{ claim: ClaimRow; bounty: BountyRow; contentTitle: string }> {
  const bounty = await bountyOr404(db, bountyId);
  if (bounty.posterId === claimantId) throw new HttpError(403, 'own_bounty', CLAIM_OWN_BOUNTY);
  if (!takesClaims(bounty, now)) throw new HttpError(409, 'claims_closed', CLAIMS_CLOSED);
  const contentTitle = await ownContent(db, claimantId, input.content);
  const profile = await findProfileById(db, claimantId);
  if (!profile?.publicWalletAddress) throw new HttpError(409, 'no_wallet', CLAIM_NO_WALLET);
  const existing = await db
    .select({ contentId: bountyClaims.contentId })
    .from(bountyClaims)
    .where(and(eq(bountyClaims.bountyId, bountyId), eq(bountyClaims.claimantId, claimantId)));
  if (existing.some((c) => c.contentId === input.content.id)) throw new HttpError(409, 'already_claimed', CLAIM_DUPLICATE);
  if (existing.length >= CLAIMS_PER_CREATOR) throw new HttpError(429, 'too_many_claims', CLAIMS_TOO_MANY);
  const [claim] = await db
    .insert(bountyClaims)
    .values({ bountyId, claimantId, contentType: input.content.type, contentId: input.content.id, note: input.note })
    .onConflictDoNothing()
    .returning();
  if (!claim) throw new HttpError(409, 'already_claimed', CLAIM_DUPLICATE);
  return { claim, bounty, contentTitle };
}

/**
 * The poster approves one pending claim: the bounty becomes `claimed` and the other pending
 * claims are rejected at once (there is one reward). Possible until BOUNTY_REVIEW_DAYS after the
 * deadline, for claims made in time.
 */
export async function approveClaim(db: Db, bountyId: string, claimId: string, posterId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const bounty = await lockBounty(tx, bountyId);
    posterOnly(bounty, posterId);
    if (bounty.status !== 'open') throw new HttpError(409, 'not_open', BOUNTY_NOT_OPEN);
    if (now > reviewEnd(bounty.deadline)) throw new HttpError(409, 'review_over', BOUNTY_REVIEW_OVER);
    const claim = await pendingClaim(tx, bountyId, claimId);
    const claimant = await findProfileById(tx, claim.claimantId);
    if (!claimant?.publicWalletAddress) throw new HttpError(409, 'no_wallet', CLAIMANT_NO_WALLET);
    await tx.update(bountyClaims).set({ status: 'approved', decidedAt: now }).where(eq(bountyClaims.id, claim.id));
    await tx
      .update(bountyClaims)
      .set({ status: 'rejected', decidedAt: now })
      .where(and(eq(bountyClaims.bountyId, bountyId), eq(bountyClaims.status, 'pending')));
    const [updated] = await tx
      .update(bounties)
      .set({ status: 'claimed', approvedClaimId: claim.id })
      .where(and(eq(bounties.id, bountyId), eq(bounties.status, 'open')))
      .returning();
    return { bounty: updated!, claim };
  });
}

async function pendingClaim(tx: Db, bountyId: string, claimId: string): Promise<ClaimRow> {
  if (!isUuid(claimId)) throw notFound(CLAIM_NOT_FOUND);
  const [claim] = await tx
    .select()
    .from(bountyClaims)
    .where(and(eq(bountyClaims.id, claimId), eq(bountyClaims.bountyId, bountyId)));
  if (!claim) throw notFound(CLAIM_NOT_FOUND);
  if (claim.status !== 'pending') throw new HttpError(409, 'claim_decided', 'This claim was already decided.');
  return claim;
}

/** The poster turns down one pending claim while the bounty is open. */
export async function rejectClaim(db: Db, bountyId: string, claimId: string, posterId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const bounty = await lockBounty(tx, bountyId);
    posterOnly(bounty, posterId);
    if (bounty.status !== 'open') throw new HttpError(409, 'not_open', BOUNTY_NOT_OPEN);
    const claim = await pendingClaim(tx, bountyId, claimId);
    await tx.update(bountyClaims).set({ status: 'rejected', decidedAt: now }).where(eq(bountyClaims.id, claim.id));
  });
}

/** The poster cancels while no claim is approved (an approved claim is owed its reward). */
export async function cancelBounty(db: Db, bountyId: string, posterId: string, now = new Date()): Promise<BountyRow> {
  const bounty = await bountyOr404(db, bountyId);
  posterOnly(bounty, posterId);
  const [updated] = await db
    .update(bounties)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(bounties.id, bountyId), eq(bounties.status, 'open')))
    .returning();
  if (updated) return updated;
  const after = await bountyOr404(db, bountyId);
  if (after.status === 'claimed') throw new HttpError(409, 'claim_approved', BOUNTY_CANNOT_CANCEL);
  throw new HttpError(409, 'not_open', BOUNTY_NOT_OPEN);
}

/**
 * Opens the reward's payment: from the poster's wallet to the approved claimant's public wallet,
 * exactly the reward. Under the bounty's row lock, so that at most one payment of a reward is ever
 * on its way: none while another is pending, confirmed or finalized, and an older intent not sent
 * yet is failed (its signature would then be refused), so two transfers cannot both count.
 */
export async function openRewardPayment(db: Db, bountyId: string, posterId: string, fromWallet: string): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const bounty = await lockBounty(tx, bountyId);
    posterOnly(bounty, posterId);
    if (bounty.status === 'paid') throw new HttpError(409, 'already_paid', BOUNTY_ALREADY_PAID);
    if (bounty.status !== 'claimed' || !bounty.approvedClaimId) throw new HttpError(409, 'not_claimed', BOUNTY_NOT_CLAIMED);
    const [busy] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.bountyId, bountyId), inArray(payments.status, ['pending', 'confirmed', 'finalized'])))
      .limit(1);
    if (busy) {
      throw busy.status === 'finalized'
        ? new HttpError(409, 'already_paid', BOUNTY_ALREADY_PAID)
        : new HttpError(409, 'payment_in_flight', BOUNTY_PAYMENT_IN_FLIGHT);
    }
    const [claim] = await tx.select().from(bountyClaims).where(eq(bountyClaims.id, bounty.approvedClaimId));
    const claimant = claim && (await findProfileById(tx, claim.claimantId));
    if (!claim || !claimant?.publicWalletAddress) throw new HttpError(409, 'no_wallet', CLAIMANT_NO_WALLET);
    await failCreatedBountyPayments(tx, bountyId, BOUNTY_PAYMENT_REPLACED);
    return createPayment(tx, {
      kind: 'bounty',
      payerId: posterId,
      payeeId: claim.claimantId,
      payerWallet: fromWallet,
      payeeWallet: claimant.publicWalletAddress,
      lamports: bounty.rewardLamports,
      bountyId,
      claimId: claim.id,
    });
  });
}

/**
 * A finalized reward payment marks its bounty paid, once: only a `claimed` bounty whose approved
 * claim this payment pays, for exactly its reward. Undefined when there was nothing to mark.
 */
export async function markBountyPaid(db: Db, p: PaymentRow, now = new Date()): Promise<BountyRow | undefined> {
  if (p.kind !== 'bounty' || !p.bountyId || !p.claimId || p.status !== 'finalized') return undefined;
  const [row] = await db
    .update(bounties)
    .set({ status: 'paid', paidAt: p.finalizedAt ?? now })
    .where(and(eq(bounties.id, p.bountyId), eq(bounties.status, 'claimed'), eq(bounties.approvedClaimId, p.claimId), eq(bounties.rewardLamports, p.lamports)))
    .returning();
  return row;
}

/**
 * Finalized reward payments whose bounty is not marked paid yet: a hook that failed after the
 * payment was finalized is made good by the sweep.
 */
export async function unrecordedRewards(db: Db): Promise<PaymentRow[]> {
  return db
    .select({ p: payments })
    .from(payments)
    .innerJoin(bounties, and(eq(bounties.id, payments.bountyId), eq(bounties.approvedClaimId, payments.claimId)))
    .where(and(eq(payments.kind, 'bounty'), eq(payments.status, 'finalized'), eq(bounties.status, 'claimed')))
    .limit(100)
    .then((rows) => rows.map((r) => r.p));
}

/**
 * Open bounties whose time is over become `expired`: at the deadline when no claim waits for the
 * poster, else when the review window after it ends. Returns how many expired.
 */
export async function expireBounties(db: Db, now = new Date()): Promise<number> {
  const reviewStart = new Date(now.getTime() - BOUNTY_REVIEW_DAYS * DAY);
  const rows = await db
    .update(bounties)
    .set({ status: 'expired' })
    .where(
      and(
        eq(bounties.status, 'open'),
        or(
          lt(bounties.deadline, reviewStart),
          and(
            lt(bounties.deadline, now),
            sql`not exists (select 1 from ${bountyClaims} where ${bountyClaims.bountyId} = ${bounties.id} and ${bountyClaims.status} = 'pending')`,
          ),
        ),
      ),
    )
    .returning({ id: bounties.id });
  return rows.length;
}

/** Bounties the sitemap lists (none of a banned poster), newest first, with when each last changed. */
const bountyChanged = sql<string>`greatest(${bounties.createdAt}, coalesce(${bounties.paidAt}, ${bounties.createdAt}), coalesce(${bounties.cancelledAt}, ${bounties.createdAt}))`;

export async function listIndexedBounties(db: Db, f: { offset: number; limit: number }): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await db
    .select({ id: bounties.id, lastmod: bountyChanged })
    .from(bounties)
    .where(notBanned(bounties.posterId))
    .orderBy(desc(bounties.createdAt), desc(bounties.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod) }));
}

export function countIndexedBounties(db: Db): Promise<CountAndNewest> {
  return countAndNewest(db, bounties, bountyChanged, notBanned(bounties.posterId));
}
