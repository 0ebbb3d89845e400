import { and, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_BANNED, removedMessage, suspendedMessage, type ContentTarget } from '../../shared/moderation/moderation.js';
import type { Db } from '../platform/db/client.js';
import { livestreams, sanctions } from '../platform/db/schema/index.js';
import { HttpError } from '../platform/http/errors.js';

/**
 * An account's standing (docs/product.md "Reports and moderation"): banned, suspended until a
 * time, or in good standing. Other features ask here; only the moderation service changes it.
 */
export type Standing = { kind: 'ban'; until: null } | { kind: 'suspension'; until: Date };

/**
 * SQL that holds when the account `userId` (a column or expression of the outer query) is not
 * banned: a banned account's content and profile are left out of every list, search and page.
 */
export const notBanned = (userId: AnyPgColumn | SQL): SQL =>
  sql`not exists (select 1 from ${sanctions} where ${sanctions.userId} = ${userId} and ${sanctions.kind} = 'ban')`;

/**
 * SQL that holds when the account `userId` has no ban and no suspension in force at `now`: what a
 * held video's owner needs before it is published.
 */
export const inGoodStanding = (userId: AnyPgColumn | SQL, now = new Date()): SQL =>
  sql`not exists (select 1 from ${sanctions} where ${sanctions.userId} = ${userId} and (${sanctions.kind} = 'ban' or ${sanctions.until} > ${now}))`;

/** The account's ban or suspension in force now, if any (a suspension whose time has passed is none). */
export async function standingOf(db: Db, userId: string, now = new Date()): Promise<Standing | undefined> {
  const [row] = await db
    .select({ kind: sanctions.kind, until: sanctions.until })
    .from(sanctions)
    .where(and(eq(sanctions.userId, userId), or(eq(sanctions.kind, 'ban'), gt(sanctions.until, now))));
  if (!row) return undefined;
  return row.kind === 'ban' || !row.until ? { kind: 'ban', until: null } : { kind: 'suspension', until: row.until };
}

export async function isBanned(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sanctions.userId })
    .from(sanctions)
    .where(and(eq(sanctions.userId, userId), eq(sanctions.kind, 'ban')));
  return !!row;
}

/** Which of these accounts are banned. */
export async function bannedAmong(db: Db, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: sanctions.userId })
    .from(sanctions)
    .where(and(inArray(sanctions.userId, userIds), eq(sanctions.kind, 'ban')));
  return new Set(rows.map((r) => r.userId));
}

/** The refusal a banned or suspended account gets when it tries to post, comment, chat or stream. */
export function standingRefusal(standing: Standing): HttpError {
  return standing.kind === 'ban'
    ? new HttpError(403, 'account_banned', ACCOUNT_BANNED)
    : new HttpError(403, 'account_suspended', suspendedMessage(standing.until.toISOString()));
}

/** Throws the refusal when the account may not post now; the one check every posting path makes. */
export async function assertMayPost(db: Db, userId: string): Promise<void> {
  const standing = await standingOf(db, userId);
  if (standing) throw standingRefusal(standing);
}

/** The answer for content a moderator removed: its page says so (docs/product.md "Reports and moderation"). */
export const removedError = (what: ContentTarget) => new HttpError(410, 'content_removed', removedMessage(what));

/**
 * Of these live publishers, those that must stop now, with why: their account is suspended or
 * banned, or a moderator removed their stream. One query for each, whatever the number.
 */
export async function publishersToStop(db: Db, publishers: { streamId: string; ownerId: string }[]): Promise<{ streamId: string; reason: string }[]> {
  if (!publishers.length) return [];
  const now = new Date();
  const owners = [...new Set(publishers.map((p) => p.ownerId))];
  const sanctioned = await db
    .select({ userId: sanctions.userId, kind: sanctions.kind, until: sanctions.until })
    .from(sanctions)
    .where(and(inArray(sanctions.userId, owners), or(eq(sanctions.kind, 'ban'), gt(sanctions.until, now))));
  const removed = await db
    .select({ id: livestreams.id })
    .from(livestreams)
    .where(
      and(
        inArray(
          livestreams.id,
          publishers.map((p) => p.streamId),
        ),
        isNotNull(livestreams.takenDownAt),
      ),
    );
  const byOwner = new Map(sanctioned.map((s) => [s.userId, s]));
  const gone = new Set(removed.map((r) => r.id));
  return publishers.flatMap(({ streamId, ownerId }) => {
    if (gone.has(streamId)) return [{ streamId, reason: removedMessage('stream') }];
    const s = byOwner.get(ownerId);
    if (!s) return [];
    const standing: Standing = s.kind === 'ban' || !s.until ? { kind: 'ban', until: null } : { kind: 'suspension', until: s.until };
    return [{ streamId, reason: standingRefusal(standing).message }];
  });
}
