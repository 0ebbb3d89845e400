import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type {
  AdminVerificationRequest,
  Badge,
  MyVerification,
  VerificationRequest,
  VerificationRequestInput,
  VerifiedAccount,
} from '../../../shared/verification/verification.js';
import { recordAudit } from '../audit/service.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { follows, profiles, verificationRequests } from '../../platform/db/schema/index.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { escapeLike } from '../../platform/db/like.js';
import { creatorColumns } from '../../access/creator.js';
import { pgErrorCode } from '../../platform/db/errors.js';

type RequestRow = typeof verificationRequests.$inferSelect;

function toView(r: RequestRow): VerificationRequest {
  return {
    id: r.id,
    badge: r.badge as Badge,
    links: r.links,
    message: r.message,
    status: r.status,
    grantedBadge: (r.grantedBadge as Badge | null) ?? null,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

const badgeOf = async (db: Db, userId: string) =>
  (await db.select({ v: profiles.verificationType }).from(profiles).where(eq(profiles.id, userId)))[0]?.v ?? 'none';

/** Your badge and your latest request, for the settings screen. */
export async function myVerification(db: Db, userId: string): Promise<MyVerification> {
  const [latest] = await db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.userId, userId))
    .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
    .limit(1);
  return { verificationType: await badgeOf(db, userId), request: latest ? toView(latest) : null };
}

/**
 * Files a request. One pending request per user (409 `request_pending`, kept by a unique index
 * whatever the race); asking for the badge you already have is 409 `already_verified`.
 */
export async function fileRequest(db: Db, userId: string, input: Required<VerificationRequestInput>): Promise<MyVerification> {
  const current = await badgeOf(db, userId);
  if (current === input.badge) throw new HttpError(409, 'already_verified', 'You already have this badge.');
  try {
    await db.insert(verificationRequests).values({ userId, badge: input.badge, links: input.links, message: input.message });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw pendingAlready();
    throw err;
  }
  return myVerification(db, userId);
}

const pendingAlready = () => new HttpError(409, 'request_pending', 'You already have a request waiting for a decision.');

/** The requester takes back their pending request. */
export async function withdrawRequest(db: Db, userId: string): Promise<MyVerification> {
  const rows = await db
    .update(verificationRequests)
    .set({ status: 'withdrawn', decidedAt: new Date() })
    .where(and(eq(verificationRequests.userId, userId), eq(verificationRequests.status, 'pending')))
    .returning({ id: verificationRequests.id });
  if (!rows.length) throw notFound('You have no request waiting for a decision.');
  return myVerification(db, userId);
}

/** The admins' queue: pending requests, oldest first, with who asks. */
export async function pendingRequests(db: Db): Promise<AdminVerificationRequest[]> {
  const rows = await db
    .select({ request: verificationRequests, user: creatorColumns, joinedAt: profiles.createdAt })
    .from(verificationRequests)
    .innerJoin(profiles, eq(profiles.id, verificationRequests.userId))
    .where(eq(verificationRequests.status, 'pending'))
    .orderBy(asc(verificationRequests.createdAt), asc(verificationRequests.id))
    .limit(200);
  if (!rows.length) return [];
  const counts = await db
    .select({ id: follows.followeeId, n: sql<number>`count(*)::int` })
    .from(follows)
    .where(
      inArray(
        follows.followeeId,
        rows.map((r) => r.user.id),
      ),
    )
    .groupBy(follows.followeeId);
  const followers = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...toView(r.request), user: r.user, followers: followers.get(r.user.id) ?? 0, joinedAt: r.joinedAt.toISOString() }));
}

/** The pending request, locked for this transaction: two admins deciding at once decide once. */
async function lockPending(tx: Db, requestId: string): Promise<RequestRow> {
  if (!isUuid(requestId)) throw notFound('No such request.');
  const [row] = await tx.select().from(verificationRequests).where(eq(verificationRequests.id, requestId)).for('update');
  if (!row) throw notFound('No such request.');
  if (row.status !== 'pending') throw new HttpError(409, 'already_decided', 'This request has already been decided.');
  return row;
}

/**
 * Grants a badge (blue or red, whichever the admin chooses) on a pending request: the profile
 * shows it at once, and `verification.grant` is in the audit log, in one transaction.
 */
export async function grantRequest(db: Db, adminId: string, requestId: string, badge: Badge): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, requestId);
    const [profile] = await tx.select({ v: profiles.verificationType }).from(profiles).where(eq(profiles.id, row.userId)).for('update');
    const now = new Date();
    await tx.update(profiles).set({ verificationType: badge, updatedAt: now }).where(eq(profiles.id, row.userId));
    await tx
      .update(verificationRequests)
      .set({ status: 'granted', grantedBadge: badge, decidedBy: adminId, decidedAt: now })
      .where(eq(verificationRequests.id, row.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'verification.grant',
      targetType: 'user',
      targetId: row.userId,
      before: { verificationType: profile?.v ?? 'none', request: { id: row.id, status: 'pending', badge: row.badge } },
      after: { verificationType: badge, request: { id: row.id, status: 'granted', badge: row.badge } },
    });
    return { userId: row.userId };
  });
}

/** Rejects a pending request with a reason the requester reads; `verification.reject` in the audit log. */
export async function rejectRequest(db: Db, adminId: string, requestId: string, reason: string): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, requestId);
    await tx
      .update(verificationRequests)
      .set({ status: 'rejected', reason, decidedBy: adminId, decidedAt: new Date() })
      .where(eq(verificationRequests.id, row.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'verification.reject',
      targetType: 'user',
      targetId: row.userId,
      reason,
      before: { request: { id: row.id, status: 'pending', badge: row.badge } },
      after: { request: { id: row.id, status: 'rejected', badge: row.badge } },
    });
    return { userId: row.userId };
  });
}

/**
 * Takes a badge away with a reason: the profile shows none, the request that granted it reads
 * `revoked` with the reason, and `verification.revoke` is in the audit log, in one transaction.
 * 409 `not_verified` for someone without a badge.
 */
export async function revokeBadge(db: Db, adminId: string, userId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx.select({ v: profiles.verificationType }).from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!profile) throw notFound('No such user.');
    if (profile.v === 'none') throw new HttpError(409, 'not_verified', 'They have no badge to revoke.');
    const now = new Date();
    await tx.update(profiles).set({ verificationType: 'none', updatedAt: now }).where(eq(profiles.id, userId));
    const revoked = await tx
      .update(verificationRequests)
      .set({ status: 'revoked', reason, decidedBy: adminId, decidedAt: now })
      .where(and(eq(verificationRequests.userId, userId), eq(verificationRequests.status, 'granted')))
      .returning({ id: verificationRequests.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'verification.revoke',
      targetType: 'user',
      targetId: userId,
      reason,
      before: { verificationType: profile.v },
      after: { verificationType: 'none', ...(revoked.length ? { revokedRequests: revoked.map((r) => r.id) } : {}) },
    });
  });
}

/** Accounts with a badge, by username, optionally those whose names contain `q`. */
export async function verifiedAccounts(db: Db, q = '', limit = 200): Promise<VerifiedAccount[]> {
  const text = q.trim().replace(/^@/, '');
  const like = `%${escapeLike(text)}%`;
  const rows = await db
    .select(creatorColumns)
    .from(profiles)
    .where(and(ne(profiles.verificationType, 'none'), text ? or(ilike(profiles.username, like), ilike(profiles.displayName, like)) : undefined))
    .orderBy(asc(sql`lower(${profiles.username})`))
    .limit(limit);
  if (!rows.length) return [];
  const granted = await db
    .select({ userId: verificationRequests.userId, at: sql<string>`max(${verificationRequests.decidedAt})` })
    .from(verificationRequests)
    .where(
      and(
        eq(verificationRequests.status, 'granted'),
        inArray(
          verificationRequests.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(verificationRequests.userId);
  const since = new Map(granted.map((g) => [g.userId, new Date(g.at).toISOString()]));
  return rows.map((r) => ({ ...r, since: since.get(r.id) ?? null }));
}
