import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, max, or } from 'drizzle-orm';
import {
  CHAT_BURST_LIMIT,
  CHAT_BURST_WINDOW_MS,
  CHAT_HISTORY,
  CHAT_MESSAGE_NOT_FOUND,
  CHAT_MIN_INTERVAL_MS,
  CHAT_NOT_LIVE,
  CHAT_NOT_ANOTHER_MODERATOR,
  CHAT_NOT_MODERATOR,
  CHAT_PIN_NOT_FOUND,
  CHAT_REPLAY_AFTER,
  CHAT_REPLAY_BEFORE,
  type ChatReplay,
  CHANNEL_MODERATOR_NOT_FOUND,
  CHANNEL_MODERATOR_SELF,
  CHANNEL_MODERATORS_FULL,
  CHANNEL_MODERATORS_MAX,
  type ChannelModerator,
  CHAT_NOT_STAFF,
  CHAT_NOT_THE_CREATOR,
  CHAT_RESTRICTIONS_MAX,
  CHAT_TOO_FAST,
  CHAT_USER_NOT_FOUND,
  chatRestrictedMessage,
  hasLink,
  type ChatMessage,
  type ChatTimeoutSchema,
  type RestrictedChatter,
} from '../../../shared/chat/chat.js';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import { STREAM_NOT_FOUND } from '../../../shared/live/streams.js';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { channelModerators, chatBans, chatFilters, chatMessages, chatRules } from './schema.js';
import { chatBlockedMessage, chatFilterMatcher } from '../../../shared/chat/chat-filter.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { getStreamRow, listStreamSessions, type StreamRow } from '../live/service.js';
import { livestreams } from '../live/schema.js';
import { momentAt, positionAt, replaySpans } from './replay.js';
import { creatorColumns, creatorColumnsOf, findProfileById, findProfileByUsername, profilesTable } from '../../access/creator.js';
import { isBanned, notBanned, removedError } from '../../access/standing.js';
import { notBlockedBy } from '../../access/blocks.js';

const iso = (d: Date) => d.toISOString();

async function streamOrThrow(db: Db, streamId: string): Promise<StreamRow> {
  const stream = await getStreamRow(db, streamId);
  if (!stream) throw notFound(STREAM_NOT_FOUND);
  return stream;
}

/** A stream whose chat is open to the public: not removed by a moderator (410), its creator not banned (404). */
export async function publicStreamOrThrow(db: Db, streamId: string): Promise<StreamRow> {
  const stream = await streamOrThrow(db, streamId);
  if (stream.takenDownAt) throw removedError('stream');
  if (await isBanned(db, stream.ownerId)) throw notFound(STREAM_NOT_FOUND);
  return stream;
}

/**
 * The messages of a stream's chat a viewer reads, live or in the replay: not deleted, purged or
 * held, no banned author, none of an account the viewer blocked.
 */
const shownTo = (streamId: string, viewerId: string | undefined) =>
  and(
    eq(chatMessages.streamId, streamId),
    isNull(chatMessages.deletedAt),
    eq(chatMessages.held, false),
    notBanned(chatMessages.userId),
    viewerId ? notBlockedBy(viewerId, chatMessages.userId) : undefined,
  );

/**
 * The newest CHAT_HISTORY messages not deleted, oldest first (as a chat reads); for a signed-in
 * viewer, without those of the accounts they blocked.
 */
export async function listChat(db: Db, streamId: string, viewerId?: string): Promise<ChatMessage[]> {
  await publicStreamOrThrow(db, streamId);
  const rows = await db
    .select({ m: chatMessages, author: creatorColumns })
    .from(chatMessages)
    .innerJoin(profilesTable, eq(profilesTable.id, chatMessages.userId))
    .where(shownTo(streamId, viewerId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(CHAT_HISTORY);
  return rows.reverse().map(({ m, author }) => messageOf(m, author));
}

/** The user's timeout or ban in the channel, when one is in force. */
export async function restrictionOf(db: Db, channelId: string, userId: string): Promise<{ until: Date | null } | undefined> {
  const [row] = await db
    .select({ until: chatBans.until })
    .from(chatBans)
    .where(and(eq(chatBans.channelId, channelId), eq(chatBans.userId, userId), or(isNull(chatBans.until), gt(chatBans.until, new Date()))));
  return row;
}

/**
 * Posts a message: the stream must be live, the author not timed out or banned in the creator's
 * channel, and within the rate (one a second, CHAT_BURST_LIMIT in CHAT_BURST_WINDOW_MS) counted on
 * the database, so every server instance sees the same count.
 */
export async function postChat(
  db: Db,
  streamId: string,
  userId: string,
  body: string,
  /**
   * The author's standing in the stream's chat, refusing them when a mode keeps them out: whether
   * they hold its token, and in which right (if any) they moderate it.
   */
  check?: (stream: StreamRow) => Promise<{ holder: boolean; role: ChatRole | null }>,
): Promise<ChatMessage> {
  const stream = await publicStreamOrThrow(db, streamId);
  if (stream.status !== 'live') throw new HttpError(409, 'stream_not_live', CHAT_NOT_LIVE);
  const restriction = await restrictionOf(db, stream.ownerId, userId);
  if (restriction) throw new HttpError(403, 'chat_restricted', chatRestrictedMessage(restriction.until ? iso(restriction.until) : null));
  const now = Date.now();
  const [recent] = await db
    .select({ n: count(), last: max(chatMessages.createdAt) })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), gt(chatMessages.createdAt, new Date(now - CHAT_BURST_WINDOW_MS))));
  const last = recent?.last ? new Date(recent.last).getTime() : 0;
  if (now - last < CHAT_MIN_INTERVAL_MS || (recent?.n ?? 0) >= CHAT_BURST_LIMIT) throw new HttpError(429, 'chat_too_fast', CHAT_TOO_FAST);
  const { holder, role } = check ? await check(stream) : { holder: false, role: await chatRoleOf(db, stream, userId) };
  // One line of text: line breaks and tabs a client sent anyway become spaces.
  const text = body.replace(/\s*[\r\n\t]+\s*/g, ' ').trim();
  // Blocked words (the platform's, the channel's) refuse the message, or hold it for a moderator
  // when the channel says so. Those who moderate the chat are not filtered.
  let held = false;
  if (!role) {
    const filters = await chatFiltersOf(db, stream.ownerId);
    const blocked = matcherFor(filters.platform)(text) ?? matcherFor(filters.channel)(text);
    if (blocked && !filters.hold) throw new HttpError(400, 'blocked_word', chatBlockedMessage(blocked), { body: chatBlockedMessage(blocked) });
    held = !!blocked;
  }
  // Those who moderate the chat may link; anyone else's addresses stay text.
  const linksAllowed = hasLink(text) && role !== null;
  const [row] = await db
    .insert(chatMessages)
    .values({ streamId, userId, body: text, holder, linksAllowed, channelModerator: role === 'channel', held })
    .returning();
  const [author] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, userId));
  if (!author) throw new HttpError(403, 'no_profile', 'Your profile is not ready yet. Please try again.');
  return messageOf(row!, author);
}

function messageOf(m: typeof chatMessages.$inferSelect, author: ChatMessage['author']): ChatMessage {
  return {
    id: m.id,
    streamId: m.streamId,
    body: m.body,
    createdAt: iso(m.createdAt),
    author,
    tipSol: m.tipLamports === null ? null : lamportsToSol(m.tipLamports),
    holder: m.holder,
    linksAllowed: m.linksAllowed,
    channelModerator: m.channelModerator,
    held: m.held,
  };
}

/** What a stream's chat asks of chatters, as the server checks it (null: not asked). */
export interface StreamChatRules {
  /** Holders of the stream's token only, from this minimum (whole tokens as typed, and base units). */
  holders: { minimum: string; units: bigint } | null;
  slowSeconds: number | null;
  followersMinutes: number | null;
}

/**
 * What the stream's chat asks of chatters. A holders-only rule counts only while the stream still
 * names the token it was set for.
 */
export async function getChatRules(db: Db, stream: Pick<StreamRow, 'id' | 'tokenMint'>): Promise<StreamChatRules> {
  const [row] = await db.select().from(chatRules).where(eq(chatRules.streamId, stream.id));
  const holdersApply = !!row?.holdersMinimum && !!row.holdersMinimumUnits && !!stream.tokenMint && row.holdersMint === stream.tokenMint;
  return {
    holders: holdersApply ? { minimum: row.holdersMinimum!, units: BigInt(row.holdersMinimumUnits!) } : null,
    slowSeconds: row?.slowSeconds ?? null,
    followersMinutes: row?.followersMinutes ?? null,
  };
}

/**
 * Changes the rules given (`undefined` leaves one as it is, null turns it off). A change by someone
 * other than the creator (their moderator, platform staff) goes in the audit log with the rules
 * before it.
 */
export async function setChatRules(
  db: Db,
  streamId: string,
  change: { holders?: { mint: string; whole: string; units: bigint } | null; slowSeconds?: number | null; followersMinutes?: number | null },
  audit: { actorId: string; channelId: string; before: unknown } | null = null,
): Promise<void> {
  const set: Partial<typeof chatRules.$inferInsert> = { updatedAt: new Date() };
  if (change.holders !== undefined) {
    Object.assign(set, {
      holdersMint: change.holders?.mint ?? null,
      holdersMinimum: change.holders?.whole ?? null,
      holdersMinimumUnits: change.holders?.units.toString() ?? null,
    });
  }
  if (change.slowSeconds !== undefined) set.slowSeconds = change.slowSeconds;
  if (change.followersMinutes !== undefined) set.followersMinutes = change.followersMinutes;
  await db.transaction(async (tx) => {
    await tx
      .insert(chatRules)
      .values({ streamId, ...set })
      .onConflictDoUpdate({ target: chatRules.streamId, set });
    if (audit)
      await recordAudit(tx, {
        actorId: audit.actorId,
        action: 'chat.modes',
        targetType: 'stream',
        targetId: streamId,
        before: { channelId: audit.channelId, streamId, rules: audit.before },
        after: {
          channelId: audit.channelId,
          streamId,
          change: {
            holdersOnly: change.holders === undefined ? undefined : (change.holders?.whole ?? null),
            slowSeconds: change.slowSeconds,
            followersMinutes: change.followersMinutes,
          },
        },
      });
  });
}

/** When the user last wrote in this stream's chat (slow mode counts from it). */
export async function lastMessageAt(db: Db, streamId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(chatMessages.createdAt) })
    .from(chatMessages)
    .where(and(eq(chatMessages.streamId, streamId), eq(chatMessages.userId, userId)));
  return row?.at ? new Date(row.at) : null;
}

/** Whether the user is platform staff (a moderator or an admin): chat modes do not hold them back. */
export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const roles = (await findProfileById(db, userId))?.roles ?? [];
  return roles.includes('moderator') || roles.includes('admin');
}

/**
 * A verified tip's line in the live chat: the tipper's message (or none) with the amount. Not
 * subject to the chat's rate: the tip was paid on chain, and a timed-out tipper still paid.
 */
export async function postTipMessage(db: Db, streamId: string, userId: string, body: string, lamports: bigint): Promise<ChatMessage> {
  const text = body.replace(/\s*[\r\n\t]+\s*/g, ' ').trim();
  const [row] = await db.insert(chatMessages).values({ streamId, userId, body: text, tipLamports: lamports }).returning();
  const [author] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, userId));
  return messageOf(row!, author!);
}

/**
 * In which right someone moderates a stream's chat: its creator, one of the moderators the creator
 * appointed (in that creator's chats only), or platform staff (a moderator or an admin, in every
 * chat). Null for anyone else. The creator's right comes first, then the channel's.
 */
export type ChatRole = 'creator' | 'channel' | 'staff';
export async function chatRoleOf(db: Db, stream: Pick<StreamRow, 'ownerId'>, userId: string): Promise<ChatRole | null> {
  if (stream.ownerId === userId) return 'creator';
  if (await isChannelModerator(db, stream.ownerId, userId)) return 'channel';
  return (await isStaff(db, userId)) ? 'staff' : null;
}

/**
 * Refuses anyone who may not moderate the stream's chat, and says in which right the caller acts.
 * Every action of a channel moderator or of staff goes in the audit log (docs/product.md "Audit
 * log"), with the channel it was taken in; the creator moderating their own chat does not.
 */
async function requireChatModerator(db: Db, stream: StreamRow, userId: string): Promise<ChatRole> {
  const role = await chatRoleOf(db, stream, userId);
  if (!role) throw new HttpError(403, 'forbidden', CHAT_NOT_MODERATOR);
  return role;
}

/** Where a chat action happened, for its audit entry: the channel (the creator) and the stream. */
const placeOf = (stream: StreamRow) => ({ channelId: stream.ownerId, streamId: stream.id });

/** Marks a message of this stream deleted (kept for review); a second delete is a no-op. */
export async function deleteChatMessage(db: Db, streamId: string, messageId: string, byUserId: string): Promise<void> {
  const stream = await streamOrThrow(db, streamId);
  const acting = await requireChatModerator(db, stream, byUserId);
  const [row] = await db
    .select({ id: chatMessages.id, deletedAt: chatMessages.deletedAt, userId: chatMessages.userId, body: chatMessages.body })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.streamId, streamId)));
  if (!row) throw notFound(CHAT_MESSAGE_NOT_FOUND);
  if (row.deletedAt) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    const [deleted] = await tx
      .update(chatMessages)
      .set({ deletedAt: now, deletedBy: byUserId })
      .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id });
    if (!deleted || acting === 'creator') return;
    await recordAudit(tx, {
      actorId: byUserId,
      action: 'chat.delete',
      targetType: 'chat_message',
      targetId: messageId,
      before: { ...placeOf(stream), authorId: row.userId, body: row.body, deletedAt: null },
      after: { deletedAt: iso(now) },
    });
  });
}

/**
 * Times a user out of the creator's chats (`seconds`), or bans them (`seconds` null), replacing
 * any earlier one. Never the creator; platform moderators only by an admin. A ban also removes the
 * user's messages in this stream's chat (marked deleted, as a moderator's delete does), in the same
 * transaction; their ids come back so the room can be told.
 */
export async function restrictChatter(
  db: Db,
  streamId: string,
  byUserId: string,
  input: z.output<typeof ChatTimeoutSchema>,
): Promise<{ userId: string; until: string | null; removedMessageIds: string[] }> {
  const stream = await streamOrThrow(db, streamId);
  const acting = await requireChatModerator(db, stream, byUserId);
  if (input.userId === stream.ownerId) throw new HttpError(403, 'forbidden', CHAT_NOT_THE_CREATOR);
  const target = await findProfileById(db, input.userId);
  if (!target) throw notFound(CHAT_USER_NOT_FOUND);
  if (target.roles.includes('moderator') || target.roles.includes('admin')) {
    const mine = (await findProfileById(db, byUserId))?.roles ?? [];
    if (!mine.includes('admin')) throw new HttpError(403, 'forbidden', CHAT_NOT_STAFF);
  }
  // A channel's moderators answer to its creator (and platform staff), not to one another.
  if (acting === 'channel' && (await isChannelModerator(db, stream.ownerId, input.userId))) throw new HttpError(403, 'forbidden', CHAT_NOT_ANOTHER_MODERATOR);
  const now = new Date();
  const until = input.seconds === null ? null : new Date(now.getTime() + input.seconds * 1000);
  const removed = await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(chatBans)
      .where(and(eq(chatBans.channelId, stream.ownerId), eq(chatBans.userId, input.userId)));
    await tx
      .insert(chatBans)
      .values({ channelId: stream.ownerId, userId: input.userId, until, byId: byUserId, reason: input.reason, createdAt: now })
      .onConflictDoUpdate({ target: [chatBans.channelId, chatBans.userId], set: { until, byId: byUserId, reason: input.reason, createdAt: now } });
    const gone = until
      ? []
      : await tx
          .update(chatMessages)
          .set({ deletedAt: now, deletedBy: byUserId })
          .where(and(eq(chatMessages.streamId, streamId), eq(chatMessages.userId, input.userId), isNull(chatMessages.deletedAt)))
          .returning({ id: chatMessages.id });
    if (acting !== 'creator')
      await recordAudit(tx, {
        actorId: byUserId,
        action: until ? 'chat.timeout' : 'chat.ban',
        targetType: 'user',
        targetId: input.userId,
        reason: input.reason,
        before: { ...placeOf(stream), restriction: earlier ? restrictionView(earlier) : null },
        after: {
          ...placeOf(stream),
          restriction: { kind: until ? 'timeout' : 'ban', until: until ? iso(until) : null },
          removedMessageIds: gone.map((r) => r.id),
        },
      });
    return gone;
  });
  return { userId: input.userId, until: until ? iso(until) : null, removedMessageIds: removed.map((r) => r.id) };
}

/**
 * The chatters timed out or banned in the creator's chats right now (expired timeouts are left
 * out), newest first, with who restricted them: for the creator and platform moderators only.
 */
export async function listRestrictions(db: Db, streamId: string, byUserId: string): Promise<RestrictedChatter[]> {
  const stream = await streamOrThrow(db, streamId);
  await requireChatModerator(db, stream, byUserId);
  const by = alias(profilesTable, 'restricted_by');
  const rows = await db
    .select({
      ban: chatBans,
      user: creatorColumns,
      by: creatorColumnsOf(by),
    })
    .from(chatBans)
    .innerJoin(profilesTable, eq(profilesTable.id, chatBans.userId))
    .leftJoin(by, eq(by.id, chatBans.byId))
    .where(and(eq(chatBans.channelId, stream.ownerId), or(isNull(chatBans.until), gt(chatBans.until, new Date()))))
    .orderBy(desc(chatBans.createdAt), desc(chatBans.userId))
    .limit(CHAT_RESTRICTIONS_MAX);
  return rows.map(({ ban, user, by }) => {
    const common = { user, by, createdAt: iso(ban.createdAt), reason: ban.reason };
    return ban.until ? { ...common, kind: 'timeout', until: iso(ban.until) } : { ...common, kind: 'ban', until: null };
  });
}

/** A chat restriction as its audit entry tells it. */
const restrictionView = (row: typeof chatBans.$inferSelect) => ({
  kind: row.until ? 'timeout' : 'ban',
  until: row.until ? iso(row.until) : null,
  reason: row.reason,
  byId: row.byId,
});

/** Lifts a timeout or ban in the creator's chats; lifting none is a no-op. */
export async function liftRestriction(db: Db, streamId: string, byUserId: string, userId: string): Promise<void> {
  const stream = await streamOrThrow(db, streamId);
  const acting = await requireChatModerator(db, stream, byUserId);
  await db.transaction(async (tx) => {
    const row = await liftChannelRestriction(tx, stream.ownerId, userId);
    if (!row || acting === 'creator') return;
    // The same entry as a lift from the moderators' screen, with the stream it was lifted from.
    await recordAudit(tx, {
      actorId: byUserId,
      action: 'chat.lift',
      targetType: 'user',
      targetId: userId,
      before: { ...placeOf(stream), ...restrictionView(row) },
      after: null,
    });
  });
}

/**
 * Lifts a user's timeout or ban in a channel (a creator's chats), whoever asks: callers check who
 * may. The restriction lifted comes back (for the audit log), or undefined when there was none.
 */
export async function liftChannelRestriction(db: Db, channelId: string, userId: string) {
  const [row] = await db
    .delete(chatBans)
    .where(and(eq(chatBans.channelId, channelId), eq(chatBans.userId, userId)))
    .returning();
  return row;
}

/**
 * Every timeout and ban in force across all channels, newest first, with the channel, the chatter
 * and who restricted them: for the platform moderators' screen.
 */
export async function listAllRestrictions(db: Db, limit = CHAT_RESTRICTIONS_MAX) {
  const by = alias(profilesTable, 'restricted_by');
  const channel = alias(profilesTable, 'restricted_channel');
  const rows = await db
    .select({
      ban: chatBans,
      user: creatorColumns,
      by: creatorColumnsOf(by),
      channel: creatorColumnsOf(channel),
    })
    .from(chatBans)
    .innerJoin(profilesTable, eq(profilesTable.id, chatBans.userId))
    .innerJoin(channel, eq(channel.id, chatBans.channelId))
    .leftJoin(by, eq(by.id, chatBans.byId))
    .where(or(isNull(chatBans.until), gt(chatBans.until, new Date())))
    .orderBy(desc(chatBans.createdAt), desc(chatBans.userId))
    .limit(limit);
  return rows.map(({ ban, user, by, channel }) => ({
    channel,
    user,
    by,
    kind: ban.until ? ('timeout' as const) : ('ban' as const),
    until: ban.until ? iso(ban.until) : null,
    reason: ban.reason,
    createdAt: iso(ban.createdAt),
  }));
}

export async function getChatMessageRow(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

/**
 * A moderator removes a chat message from a report (`at`: marked deleted and taken down) or
 * restores it (null: both cleared, if it was taken down). True when it changed.
 */
export async function setChatMessageTakenDown(db: Db, id: string, at: Date | null, byUserId: string): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set(at ? { takenDownAt: at, deletedAt: at, deletedBy: byUserId } : { takenDownAt: null, deletedAt: null, deletedBy: null })
    .where(and(eq(chatMessages.id, id), at ? isNull(chatMessages.takenDownAt) : isNotNull(chatMessages.takenDownAt)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Whether the creator appointed this user to moderate their chats. */
export async function isChannelModerator(db: Db, channelId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: channelModerators.userId })
    .from(channelModerators)
    .where(and(eq(channelModerators.channelId, channelId), eq(channelModerators.userId, userId)));
  return !!row;
}

/** The moderators of a creator's chats, longest-serving first. */
export async function listChannelModerators(db: Db, channelId: string): Promise<ChannelModerator[]> {
  const rows = await db
    .select({ user: creatorColumns, since: channelModerators.createdAt })
    .from(channelModerators)
    .innerJoin(profilesTable, eq(profilesTable.id, channelModerators.userId))
    .where(and(eq(channelModerators.channelId, channelId), notBanned(channelModerators.userId)))
    .orderBy(channelModerators.createdAt, channelModerators.userId)
    .limit(CHANNEL_MODERATORS_MAX);
  return rows.map((r) => ({ user: r.user, since: iso(r.since) }));
}

/**
 * The creator appoints someone, by username, to moderate their chats: not themselves, not a
 * banned account, at most CHANNEL_MODERATORS_MAX. Appointing a moderator again changes nothing.
 * Recorded in the audit log; the new moderator comes back (`added`: whether they are new).
 */
export async function appointChannelModerator(db: Db, channelId: string, username: string): Promise<{ moderator: ChannelModerator; added: boolean }> {
  const target = await findProfileByUsername(db, username);
  if (!target || (await isBanned(db, target.id))) throw new HttpError(404, 'not_found', CHANNEL_MODERATOR_NOT_FOUND, { username: CHANNEL_MODERATOR_NOT_FOUND });
  if (target.id === channelId) throw new HttpError(400, 'self', CHANNEL_MODERATOR_SELF, { username: CHANNEL_MODERATOR_SELF });
  const user = {
    id: target.id,
    username: target.username,
    displayName: target.displayName,
    avatarUrl: target.avatarUrl,
    verificationType: target.verificationType,
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(channelModerators)
      .where(and(eq(channelModerators.channelId, channelId), eq(channelModerators.userId, target.id)));
    if (existing) return { moderator: { user, since: iso(existing.createdAt) }, added: false };
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(channelModerators).where(eq(channelModerators.channelId, channelId));
    if (n >= CHANNEL_MODERATORS_MAX) throw new HttpError(409, 'too_many', CHANNEL_MODERATORS_FULL, { username: CHANNEL_MODERATORS_FULL });
    const [row] = await tx.insert(channelModerators).values({ channelId, userId: target.id }).onConflictDoNothing().returning();
    if (!row) return { moderator: { user, since: iso(new Date()) }, added: false };
    await recordAudit(tx, { actorId: channelId, action: 'channel.moderator.add', targetType: 'user', targetId: target.id, after: { channelId } });
    return { moderator: { user, since: iso(row.createdAt) }, added: true };
  });
}

/** The creator removes one of their moderators (recorded in the audit log); removing none is a no-op. */
export async function removeChannelModerator(db: Db, channelId: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(channelModerators)
      .where(and(eq(channelModerators.channelId, channelId), eq(channelModerators.userId, userId)))
      .returning();
    if (!row) return false;
    await recordAudit(tx, {
      actorId: channelId,
      action: 'channel.moderator.remove',
      targetType: 'user',
      targetId: userId,
      before: { channelId, since: iso(row.createdAt) },
      after: null,
    });
    return true;
  });
}

/** Compiled matchers by list, so a busy chat does not build its pattern for every message. */
const matchers = new Map<string, (text: string) => string | null>();
function matcherFor(terms: readonly string[]) {
  const key = terms.join('\n');
  let m = matchers.get(key);
  if (!m) {
    if (matchers.size >= 500) matchers.delete(matchers.keys().next().value!);
    m = chatFilterMatcher(terms);
    matchers.set(key, m);
  }
  return m;
}

/**
 * The blocked words a channel's chats apply (the platform's and its own), whether a match is held,
 * and the domains anyone may link to there.
 */
export async function chatFiltersOf(db: Db, channelId: string): Promise<{ platform: string[]; channel: string[]; hold: boolean; allowedDomains: string[] }> {
  const rows = await db
    .select({ channelId: chatFilters.channelId, terms: chatFilters.terms, hold: chatFilters.hold, allowedDomains: chatFilters.allowedDomains })
    .from(chatFilters)
    .where(or(isNull(chatFilters.channelId), eq(chatFilters.channelId, channelId)));
  const own = rows.find((r) => r.channelId === channelId);
  return {
    platform: rows.find((r) => r.channelId === null)?.terms ?? [],
    channel: own?.terms ?? [],
    hold: own?.hold ?? false,
    allowedDomains: own?.allowedDomains ?? [],
  };
}

/**
 * Changes a channel's blocked words, its choice to hold, or its allowed domains (`channelId` null:
 * the platform's list); what is not given stays. With `audit`, the change is recorded.
 */
export async function updateChatFilter(
  db: Db,
  channelId: string | null,
  change: { terms?: string[]; hold?: boolean; allowedDomains?: string[] },
  audit?: { actorId: string },
): Promise<void> {
  const mine = channelId === null ? isNull(chatFilters.channelId) : eq(chatFilters.channelId, channelId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(chatFilters).where(mine);
    if (before)
      await tx
        .update(chatFilters)
        .set({ ...change, updatedAt: new Date() })
        .where(mine);
    else await tx.insert(chatFilters).values({ channelId, ...change });
    if (audit)
      await recordAudit(tx, {
        actorId: audit.actorId,
        action: 'chat.filter',
        targetType: 'chat_filter',
        targetId: channelId ?? 'platform',
        before: { terms: before?.terms ?? [] },
        after: { terms: change.terms ?? before?.terms ?? [] },
      });
  });
}

/** The messages blocked words hold in a stream's chat, oldest first, for those who moderate it. */
export async function listHeld(db: Db, streamId: string, byUserId: string): Promise<ChatMessage[]> {
  const stream = await streamOrThrow(db, streamId);
  await requireChatModerator(db, stream, byUserId);
  const rows = await db
    .select({ m: chatMessages, author: creatorColumns })
    .from(chatMessages)
    .innerJoin(profilesTable, eq(profilesTable.id, chatMessages.userId))
    .where(and(eq(chatMessages.streamId, streamId), eq(chatMessages.held, true), isNull(chatMessages.deletedAt)))
    .orderBy(chatMessages.createdAt, chatMessages.id)
    .limit(CHAT_RESTRICTIONS_MAX);
  return rows.map(({ m, author }) => messageOf(m, author));
}

/**
 * A moderator lets a held message into the chat: everyone sees it from now on. It comes back to be
 * told to the room; undefined when it was not held (approved or deleted meanwhile).
 */
export async function approveHeld(db: Db, streamId: string, messageId: string, byUserId: string): Promise<ChatMessage | undefined> {
  const stream = await streamOrThrow(db, streamId);
  const acting = await requireChatModerator(db, stream, byUserId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatMessages)
      .set({ held: false })
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.streamId, streamId), eq(chatMessages.held, true), isNull(chatMessages.deletedAt)))
      .returning();
    if (!row) return undefined;
    if (acting !== 'creator')
      await recordAudit(tx, {
        actorId: byUserId,
        action: 'chat.approve',
        targetType: 'chat_message',
        targetId: messageId,
        before: { ...placeOf(stream), authorId: row.userId, body: row.body, held: true },
        after: { held: false },
      });
    const [author] = await tx.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, row.userId));
    return messageOf(row, author!);
  });
}

/** Who hears of a held message at once: the creator and their moderators. */
export async function channelTeam(db: Db, channelId: string): Promise<string[]> {
  const mods = await db.select({ userId: channelModerators.userId }).from(channelModerators).where(eq(channelModerators.channelId, channelId));
  return [channelId, ...mods.map((m) => m.userId)];
}

/** The message pinned above a stream's chat, while it is there to show (not deleted, not held). */
export async function pinnedMessageOf(db: Db, streamId: string): Promise<ChatMessage | null> {
  const [row] = await db
    .select({ m: chatMessages, author: creatorColumns })
    .from(chatRules)
    .innerJoin(chatMessages, eq(chatMessages.id, chatRules.pinnedMessageId))
    .innerJoin(profilesTable, eq(profilesTable.id, chatMessages.userId))
    .where(and(eq(chatRules.streamId, streamId), isNull(chatMessages.deletedAt), eq(chatMessages.held, false), notBanned(chatMessages.userId)));
  return row ? messageOf(row.m, row.author) : null;
}

/**
 * Pins one of the chat's messages above it (replacing the last pin), or takes the pin away
 * (`messageId` null): the creator, their moderators or platform staff; recorded in the audit log
 * when it is not the creator. The pinned message comes back (null when unpinned).
 */
export async function pinChatMessage(db: Db, streamId: string, messageId: string | null, byUserId: string): Promise<ChatMessage | null> {
  const stream = await publicStreamOrThrow(db, streamId);
  const acting = await requireChatModerator(db, stream, byUserId);
  if (messageId) {
    const [m] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.streamId, streamId), isNull(chatMessages.deletedAt), eq(chatMessages.held, false)));
    if (!m) throw notFound(CHAT_PIN_NOT_FOUND);
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(chatRules)
      .values({ streamId, pinnedMessageId: messageId })
      .onConflictDoUpdate({ target: chatRules.streamId, set: { pinnedMessageId: messageId, updatedAt: new Date() } });
    if (acting !== 'creator')
      await recordAudit(tx, {
        actorId: byUserId,
        action: messageId ? 'chat.pin' : 'chat.unpin',
        targetType: 'stream',
        targetId: streamId,
        after: { ...placeOf(stream), messageId },
      });
  });
  return messageId ? pinnedMessageOf(db, streamId) : null;
}

/**
 * The chat of the stream whose replay `videoId` is, around the replay position `at` (seconds):
 * the CHAT_REPLAY_BEFORE messages before it and up to CHAT_REPLAY_AFTER from it, each with its own
 * position. The caller checks the viewer may watch the video.
 */
export async function chatReplay(db: Db, videoId: string, at: number, viewerId?: string): Promise<ChatReplay> {
  const [stream] = await db
    .select({ id: livestreams.id, startedAt: livestreams.startedAt, endedAt: livestreams.endedAt })
    .from(livestreams)
    .where(eq(livestreams.recordingVideoId, videoId));
  if (!stream) return { available: false, messages: [], more: false };
  const spans = replaySpans(await listStreamSessions(db, stream.id), stream);
  const moment = new Date(momentAt(spans, at));
  const select = () =>
    db.select({ m: chatMessages, author: creatorColumns }).from(chatMessages).innerJoin(profilesTable, eq(profilesTable.id, chatMessages.userId));
  const [before, after] = await Promise.all([
    select()
      .where(and(shownTo(stream.id, viewerId), lt(chatMessages.createdAt, moment)))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(CHAT_REPLAY_BEFORE),
    select()
      .where(and(shownTo(stream.id, viewerId), gte(chatMessages.createdAt, moment)))
      .orderBy(chatMessages.createdAt, chatMessages.id)
      .limit(CHAT_REPLAY_AFTER + 1),
  ]);
  const rows = [...before.reverse(), ...after.slice(0, CHAT_REPLAY_AFTER)];
  return {
    available: true,
    messages: rows.map(({ m, author }) => ({ ...messageOf(m, author), at: positionAt(spans, m.createdAt.getTime()) })),
    more: after.length > CHAT_REPLAY_AFTER,
  };
}
