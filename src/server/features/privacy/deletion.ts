import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { DELETION_GRACE_DAYS, LAST_ADMIN_DELETE_MESSAGE } from '../../../shared/privacy/privacy.js';
import { recordAudit } from '../audit/service.js';
import type { Db } from '../../platform/db/client.js';
import {
  accountDeletions,
  bounties,
  dataExports,
  livestreams,
  payments,
  profiles,
  user as authUser,
  userRoles,
  videos,
} from '../../platform/db/schema/index.js';
import { HttpError } from '../../platform/http/errors.js';
import { exportMedia, paidMedia, profileMedia, streamMedia, videoMedia, type Storage } from '../../platform/storage/storage.js';

/**
 * Account deletion (docs/product.md "Your data", docs/decisions/023): asked for with the password
 * or a wallet signature (and the code), it waits DELETION_GRACE_DAYS in which any sign-in cancels
 * it, then a job erases the account. Every function takes `now`, so tests move time by passing it.
 */

/** The account payments of deleted people point at: the ledger keeps its rows and amounts, no one's name. */
export const DELETED_ACCOUNT_ID = 'deleted-account';

const DAY_MS = 86_400_000;

/** Refuses when `userId` is the only admin: Glint must keep one (docs/product.md "Roles"). */
export async function assertNotLastAdmin(db: Db, userId: string): Promise<void> {
  const admins = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  if (admins.some((a) => a.userId === userId) && admins.length === 1) throw new HttpError(409, 'last_admin', LAST_ADMIN_DELETE_MESSAGE);
}

/** Schedules the deletion (again, from now) and writes it to the audit log; the day it happens comes back. */
export async function scheduleDeletion(db: Db, userId: string, now = new Date()): Promise<Date> {
  await assertNotLastAdmin(db, userId);
  const deleteAfter = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await tx
      .insert(accountDeletions)
      .values({ userId, requestedAt: now, deleteAfter })
      .onConflictDoUpdate({ target: accountDeletions.userId, set: { requestedAt: now, deleteAfter, cancelledAt: null } });
    await recordAudit(tx, { actorId: userId, action: 'account.deletion_schedule', targetType: 'user', targetId: userId, after: { deleteAfter } });
  });
  return deleteAfter;
}

/** When the account is to be deleted, or null. */
export async function scheduledDeletion(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ deleteAfter: accountDeletions.deleteAfter })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.cancelledAt)));
  return row?.deleteAfter ?? null;
}

/**
 * Cancels a scheduled deletion. `bySignIn` keeps the row, marked cancelled, until the person has
 * been told (`takeCancellationNotice`); from Settings the row simply goes. True when one was cancelled.
 */
export async function cancelDeletion(db: Db, userId: string, { bySignIn = false, now = new Date() } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pending = and(eq(accountDeletions.userId, userId), isNull(accountDeletions.cancelledAt));
    const gone = bySignIn
      ? await tx.update(accountDeletions).set({ cancelledAt: now }).where(pending).returning({ userId: accountDeletions.userId })
      : await tx.delete(accountDeletions).where(pending).returning({ userId: accountDeletions.userId });
    if (!gone.length) return false;
    await recordAudit(tx, {
      actorId: userId,
      action: 'account.deletion_cancel',
      targetType: 'user',
      targetId: userId,
      reason: bySignIn ? 'signed in during the grace period' : 'cancelled in Settings',
    });
    return true;
  });
}

/** Whether a sign-in cancelled this account's deletion and they have not been told yet; telling them clears it. */
export async function takeCancellationNotice(db: Db, userId: string): Promise<boolean> {
  const told = await db
    .delete(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), sql`${accountDeletions.cancelledAt} is not null`))
    .returning({ userId: accountDeletions.userId });
  return told.length > 0;
}

/** Whether a sign-in cancelled this account's deletion and they have not been told yet. */
export async function hasCancellationNotice(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), sql`${accountDeletions.cancelledAt} is not null`));
  return !!row;
}

/** The accounts whose grace period is over at `now`. */
export async function dueDeletions(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(isNull(accountDeletions.cancelledAt), lte(accountDeletions.deleteAfter, now)));
  return rows.map((r) => r.userId);
}

/**
 * Erases one account whose grace period is over: its media files in storage, then in one
 * transaction its payments made anonymous (pointed at DELETED_ACCOUNT_ID, amounts kept; sales of
 * its videos kept without the video), the audit entry, and the account itself, whose foreign keys
 * take sessions, wallet links, the profile, videos, streams, comments, chat messages, follows and
 * notifications with it. The username is free again afterwards.
 */
export async function eraseAccount(db: Db, storage: Storage, userId: string, now = new Date()): Promise<void> {
  const [due] = await db
    .select({ deleteAfter: accountDeletions.deleteAfter })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.cancelledAt), lte(accountDeletions.deleteAfter, now)));
  if (!due) return;
  // An account made admin during its grace period is kept while it is the only one.
  await assertNotLastAdmin(db, userId);

  const ownVideos = await db.select({ id: videos.id }).from(videos).where(eq(videos.ownerId, userId));
  const ownStreams = await db.select({ id: livestreams.id }).from(livestreams).where(eq(livestreams.ownerId, userId));
  const ownExports = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, userId));
  // Files first: a crash after this leaves the account to be erased again by the next run.
  for (const v of ownVideos) {
    await storage.deleteAllOf(videoMedia(v.id));
    await storage.deleteAllOf(paidMedia(v.id));
  }
  for (const s of ownStreams) await storage.deleteAllOf(streamMedia(s.id));
  for (const e of ownExports) await storage.deleteAllOf(exportMedia(e.id));
  await storage.deleteAllOf(profileMedia(userId));

  await db.transaction(async (tx) => {
    await tx
      .insert(authUser)
      .values({ id: DELETED_ACCOUNT_ID, name: 'Deleted account', email: 'deleted-account@deleted.invalid', emailVerified: false })
      .onConflictDoNothing();
    // Rewards of the person's own bounties stay in the ledger when the bounty goes.
    const ownBounties = tx.select({ id: bounties.id }).from(bounties).where(eq(bounties.posterId, userId));
    await tx.update(payments).set({ bountyId: null }).where(inArray(payments.bountyId, ownBounties));
    // The tipper's message is their text; the amount, kind, wallets and chain signature are the ledger.
    await tx.update(payments).set({ payerId: DELETED_ACCOUNT_ID, message: '' }).where(eq(payments.payerId, userId));
    await tx.update(payments).set({ payeeId: DELETED_ACCOUNT_ID }).where(eq(payments.payeeId, userId));
    const [profile] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
    await recordAudit(tx, {
      actorId: null,
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      reason: 'deleted at its owner’s request after the grace period',
      before: { videos: ownVideos.length, streams: ownStreams.length, hadProfile: !!profile },
    });
    await tx.delete(authUser).where(eq(authUser.id, userId));
  });
}

/** The job: erases every account whose grace period is over; how many were erased comes back. */
export async function eraseDueAccounts(db: Db, storage: Storage, now = new Date(), log?: { warn(o: object, m: string): void }): Promise<number> {
  let erased = 0;
  for (const userId of await dueDeletions(db, now)) {
    try {
      await eraseAccount(db, storage, userId, now);
      erased++;
    } catch (err) {
      // One account that cannot go (the last admin) does not hold up the others.
      log?.warn({ err, userId }, 'account deletion: not erased');
    }
  }
  return erased;
}
