import { and, count, desc, eq, gt, ilike, inArray, isNotNull, max, min, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Creator } from '../../../shared/profiles/creator.js';
import {
  ACCOUNT_BANNED,
  ALREADY_REMOVED,
  AUDIT_ACTION_OF,
  isContentTarget,
  MODERATION_LIST_MAX,
  NOT_REMOVED,
  NOT_SANCTIONED,
  NOT_YOURSELF,
  PROFILE_NOT_REMOVABLE,
  REPORT_DUPLICATE,
  REPORT_NOT_FOUND,
  REPORT_OWN,
  REPORT_QUEUE_MAX,
  REPORT_REASON_LABELS,
  REPORT_TOO_MANY,
  REPORTS_ALREADY_HANDLED,
  REPORTS_PER_HOUR,
  removedMessage,
  STAFF_NOT_SANCTIONED,
  suspendedMessage,
  type AuditView,
  type ChatRestrictionView,
  type CreateReportSchema,
  type DecisionResult,
  type ModeratedItem,
  type ModerationAction,
  type ModerationDecisionSchema,
  type ModerationOverview,
  type ReportCase,
  type ReportQueueEntry,
  type ReportReason,
  type ReportTarget,
  type ReportView,
  type SanctionView,
  REPORT_REASONS,
} from '../../../shared/moderation/moderation.js';
import { LIVESTREAM_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { paths } from '../../../shared/platform/routes.js';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import { getChatMessageRow, liftChannelRestriction, listAllRestrictions, setChatMessageTakenDown } from '../chat/service.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { auditLog, chatMessages, livestreams, reports, sanctions, session as authSessions, videoComments, videos } from '../../platform/db/schema/index.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { getStreamRow, setStreamTakenDown } from '../live/service.js';
import type { Storage } from '../../platform/storage/storage.js';
import { contentTypeOfVideo, type Notifier } from '../notifications/service.js';
import { escapeLike } from '../../platform/db/like.js';
import { creatorColumns, creatorColumnsOf, findProfileById, profilesTable } from '../../access/creator.js';
import { getCommentRow, getVideo, setCommentTakenDown, setVideoTakenDown, type PaidAccess } from '../videos/service.js';
import { isBanned, standingOf } from '../../access/standing.js';

/**
 * Reports and moderation (docs/product.md "Reports and moderation"): users report items, moderators
 * decide on every open report of an item at once (remove the content, warn, suspend or ban its
 * owner, or dismiss), and lift what they decided. Every decision is written to the audit log in the
 * transaction that makes it; the people concerned are told once it has committed.
 */

export interface ModerationDeps {
  db: Db;
  storage: Storage;
  /** A priced video's sources for moderators (they watch free). */
  paid: Pick<PaidAccess, 'sources'>;
  notifier: Pick<Notifier, 'notice'>;
  /** Closes the realtime sockets of sessions that ended (a ban ends every session of the account). */
  sessionsEnded(): Promise<void>;
  /** Tells a stream's room a chat message is gone. */
  chatMessageGone(streamId: string, messageId: string): Promise<void>;
  /** Cuts off live publishing on this instance (other instances find theirs on their sweep). */
  stopLive(which: { ownerId?: string; streamId?: string }, reason: string): void;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const STAFF = new Set(['admin', 'moderator']);

/** An item as the server finds it: whose it is, whether anyone may see it, and how to name it. */
interface Target {
  type: ReportTarget;
  id: string;
  ownerId: string;
  removedAt: Date | null;
  /** Everyone may see it now (only such items can be reported). */
  visible: boolean;
  /** How it is named to people: `video “Title”`, `comment on “Title”`, `profile @name`. */
  name: string;
  /** Where a notification about it leads (the video, the stream), or none (a profile). */
  link: { contentId: string; contentType: string } | null;
  /** The stream a chat message was posted in. */
  streamId?: string;
  /** What a moderator sees of it, but the owner and their standing. */
  view: Omit<ModeratedItem, 'owner' | 'ownerSanction' | 'removedAt'>;
}

async function findTarget(
  db: Db,
  deps: Pick<ModerationDeps, 'storage' | 'paid'>,
  viewerId: string | null,
  type: ReportTarget,
  id: string,
): Promise<Target | undefined> {
  const base = { type, id, targetType: type, targetId: id };
  switch (type) {
    case 'video': {
      const v = await getVideo(db, id);
      // The owner's own delete took it away with its media: nothing is left to moderate.
      if (!v || v.status === 'removed') return undefined;
      const owner = await findProfileById(db, v.ownerId);
      const href = v.kind === 'short' ? paths.short(v.id) : paths.video({ id: v.id, username: owner?.username ?? undefined, title: v.title });
      const hlsUrl = v.hlsKey ? (v.priceMicroUsdc === null ? deps.storage.url(v.hlsKey) : deps.paid.sources(v.id, viewerId ?? undefined).hlsUrl) : null;
      return {
        ...base,
        ownerId: v.ownerId,
        removedAt: v.takenDownAt,
        visible: v.status === 'ready' && !v.takenDownAt && !(await isBanned(db, v.ownerId)),
        name: `${v.kind === 'short' ? 'short' : 'video'} “${v.title}”`,
        link: { contentId: v.id, contentType: contentTypeOfVideo(v.kind) },
        view: {
          ...base,
          kind: v.kind,
          title: v.title,
          text: v.description,
          thumbnailUrl: v.thumbnailUrl,
          hlsUrl,
          href,
          context: null,
          createdAt: iso(v.createdAt),
        },
      };
    }
    case 'stream': {
      const s = await getStreamRow(db, id);
      if (!s) return undefined;
      const owner = await findProfileById(db, s.ownerId);
      const replay = s.recordingVideoId ? await getVideo(db, s.recordingVideoId) : undefined;
      const hlsUrl = s.status === 'live' && s.publishing ? s.hlsPath : replay?.hlsKey ? deps.storage.url(replay.hlsKey) : null;
      return {
        ...base,
        ownerId: s.ownerId,
        removedAt: s.takenDownAt,
        visible: !s.takenDownAt && !(await isBanned(db, s.ownerId)),
        name: `stream “${s.title}”`,
        link: { contentId: s.id, contentType: LIVESTREAM_CONTENT_TYPE },
        view: {
          ...base,
          kind: s.status,
          title: s.title,
          text: s.description,
          thumbnailUrl: s.thumbnailUrl,
          hlsUrl,
          href: paths.stream({ id: s.id, username: owner?.username, title: s.title }),
          context: null,
          createdAt: iso(s.createdAt),
        },
      };
    }
    case 'comment': {
      const c = await getCommentRow(db, id);
      if (!c) return undefined;
      const video = await findTarget(db, deps, viewerId, 'video', c.videoId);
      return {
        ...base,
        ownerId: c.userId,
        removedAt: c.takenDownAt,
        visible: !c.takenDownAt && !!video?.visible && !(await isBanned(db, c.userId)),
        name: `comment on “${video?.view.title ?? 'a video'}”`,
        link: video?.link ?? null,
        view: {
          ...base,
          kind: null,
          title: 'Comment',
          text: c.body,
          thumbnailUrl: null,
          hlsUrl: null,
          href: video?.view.href ?? null,
          context: video?.view.title ?? null,
          createdAt: iso(c.createdAt),
        },
      };
    }
    case 'chat_message': {
      const m = await getChatMessageRow(db, id);
      if (!m) return undefined;
      const stream = await findTarget(db, deps, viewerId, 'stream', m.streamId);
      return {
        ...base,
        ownerId: m.userId,
        removedAt: m.takenDownAt,
        // A message deleted by the creator (not taken down) is gone for everyone already.
        visible: !m.deletedAt && !!stream?.visible && !(await isBanned(db, m.userId)),
        name: `chat message in “${stream?.view.title ?? 'a stream'}”`,
        link: stream?.link ?? null,
        streamId: m.streamId,
        view: {
          ...base,
          kind: null,
          title: 'Live-chat message',
          text: m.body,
          thumbnailUrl: null,
          hlsUrl: null,
          href: stream?.view.href ?? null,
          context: stream?.view.title ?? null,
          createdAt: iso(m.createdAt),
        },
      };
    }
    case 'user': {
      const p = await findProfileById(db, id);
      if (!p) return undefined;
      return {
        ...base,
        ownerId: p.id,
        removedAt: null,
        visible: !(await isBanned(db, p.id)),
        name: `profile @${p.username}`,
        link: null,
        view: {
          ...base,
          kind: null,
          title: p.displayName,
          text: p.bio,
          thumbnailUrl: p.avatarUrl,
          hlsUrl: null,
          href: paths.profile(p.username),
          context: `@${p.username}`,
          createdAt: iso(p.createdAt),
        },
      };
    }
  }
}

async function creatorOf(db: Db, userId: string): Promise<Creator | null> {
  const [c] = await db.select(creatorColumns).from(profilesTable).where(eq(profilesTable.id, userId));
  return c ?? null;
}

async function ownerSanctionOf(db: Db, userId: string): Promise<ModeratedItem['ownerSanction']> {
  const s = await standingOf(db, userId);
  return s ? { kind: s.kind, until: iso(s.until) } : null;
}

/** The item as moderators see it; one that no longer exists still shows whose it was. */
async function describe(deps: ModerationDeps, viewerId: string, type: ReportTarget, id: string, knownOwnerId?: string): Promise<ModeratedItem | undefined> {
  const t = await findTarget(deps.db, deps, viewerId, type, id);
  const ownerId = t?.ownerId ?? knownOwnerId;
  if (!ownerId) return undefined;
  const [owner, ownerSanction] = await Promise.all([creatorOf(deps.db, ownerId), ownerSanctionOf(deps.db, ownerId)]);
  if (t) return { ...t.view, owner, ownerSanction, removedAt: iso(t.removedAt) };
  return {
    targetType: type,
    targetId: id,
    kind: null,
    title: 'This item no longer exists',
    text: '',
    thumbnailUrl: null,
    hlsUrl: null,
    href: null,
    context: null,
    owner,
    ownerSanction,
    removedAt: null,
    createdAt: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Reporting

/**
 * Files a user's report of an item anyone may see, not their own. One open report per reporter
 * and item (a unique index holds it, whatever arrives at once), REPORTS_PER_HOUR an hour.
 */
export async function fileReport(deps: ModerationDeps, reporterId: string, input: z.output<typeof CreateReportSchema>): Promise<{ id: string }> {
  const { db } = deps;
  const target = await findTarget(db, deps, reporterId, input.targetType, input.targetId);
  if (!target?.visible) throw notFound(REPORT_NOT_FOUND);
  if (target.ownerId === reporterId) throw new HttpError(400, 'own_content', REPORT_OWN);
  const [recent] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, new Date(Date.now() - 3600_000))));
  if ((recent?.n ?? 0) >= REPORTS_PER_HOUR) throw new HttpError(429, 'too_many_reports', REPORT_TOO_MANY);
  const [row] = await db
    .insert(reports)
    .values({ reporterId, targetType: input.targetType, targetId: input.targetId, ownerId: target.ownerId, reason: input.reason, details: input.details })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!row) throw new HttpError(409, 'already_reported', REPORT_DUPLICATE);
  return row;
}

// ---------------------------------------------------------------------------------------------
// The queue

/** Reported items with open reports: the newest report first, or the most reported first. */
export async function reportQueue(deps: ModerationDeps, viewerId: string, sort: 'newest' | 'most_reported'): Promise<ReportQueueEntry[]> {
  const { db } = deps;
  const open = eq(reports.status, 'open');
  const last = max(reports.createdAt);
  const groups = await db
    .select({ targetType: reports.targetType, targetId: reports.targetId, n: count(), first: min(reports.createdAt), last, ownerId: min(reports.ownerId) })
    .from(reports)
    .where(open)
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(...(sort === 'newest' ? [desc(last)] : [desc(count()), desc(last)]), reports.targetId)
    .limit(REPORT_QUEUE_MAX);
  if (!groups.length) return [];
  const reasons = await db
    .select({ targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, n: count() })
    .from(reports)
    .where(
      and(
        open,
        inArray(
          reports.targetId,
          groups.map((g) => g.targetId),
        ),
      ),
    )
    .groupBy(reports.targetType, reports.targetId, reports.reason);
  const entries: ReportQueueEntry[] = [];
  for (const g of groups) {
    const item = await describe(deps, viewerId, g.targetType, g.targetId, g.ownerId ?? undefined);
    if (!item) continue;
    entries.push({
      item,
      count: g.n,
      reasons: reasons
        .filter((r) => r.targetType === g.targetType && r.targetId === g.targetId)
        .map((r) => ({ reason: r.reason, count: r.n }))
        .sort((a, b) => b.count - a.count),
      firstReportedAt: new Date(g.first!).toISOString(),
      lastReportedAt: new Date(g.last!).toISOString(),
    });
  }
  return entries;
}

const reporterProfile = alias(profilesTable, 'reporter');
const reporterColumns = creatorColumnsOf(reporterProfile);

/** One item with every report of it (open and decided) and what was done before to it and to its owner. */
export async function reportCase(deps: ModerationDeps, viewerId: string, type: ReportTarget, id: string): Promise<ReportCase> {
  const { db } = deps;
  const rows = await db
    .select({ r: reports, reporter: reporterColumns })
    .from(reports)
    .leftJoin(reporterProfile, eq(reporterProfile.id, reports.reporterId))
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id)))
    .orderBy(desc(reports.createdAt))
    .limit(200);
  const item = await describe(deps, viewerId, type, id, rows[0]?.r.ownerId);
  if (!item) throw notFound(REPORT_NOT_FOUND);
  const view = ({ r, reporter }: (typeof rows)[number]): ReportView => ({
    id: r.id,
    reporter: reporter?.id ? reporter : null,
    reason: r.reason,
    details: r.details,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: iso(r.resolvedAt),
  });
  const ownerId = item.owner?.id;
  return {
    item,
    open: rows.filter((x) => x.r.status === 'open').map(view),
    earlier: rows.filter((x) => x.r.status !== 'open').map(view),
    history: await auditHistory(db, [{ type, id }, ...(ownerId && type !== 'user' ? [{ type: 'user', id: ownerId }] : [])]),
  };
}

/** Audit entries about these targets, newest first, with who acted. */
async function auditHistory(db: Db, targets: { type: string; id: string }[], limit = 50): Promise<AuditView[]> {
  const actor = alias(profilesTable, 'actor');
  const rows = await db
    .select({
      a: auditLog,
      actor: creatorColumnsOf(actor),
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(or(...targets.map((t) => and(eq(auditLog.targetType, t.type), eq(auditLog.targetId, t.id)))))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ a, actor }) => ({
    id: a.id,
    action: a.action,
    actor: actor?.id ? actor : null,
    targetType: a.targetType,
    targetId: a.targetId,
    reason: a.reason,
    before: a.before,
    after: a.after,
    createdAt: a.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Decisions

/** Removes (`at`) or restores (null) a content item; true when it changed. */
async function setTakenDown(tx: Db, target: Target, at: Date | null, byUserId: string): Promise<boolean> {
  switch (target.type) {
    case 'video':
      return setVideoTakenDown(tx, target.id, at);
    case 'stream':
      return setStreamTakenDown(tx, target.id, at);
    case 'comment':
      return setCommentTakenDown(tx, target.id, at);
    case 'chat_message':
      return setChatMessageTakenDown(tx, target.id, at, byUserId);
    case 'user':
      throw new HttpError(400, 'not_content', PROFILE_NOT_REMOVABLE);
  }
}

/** The reason most reporters gave (ties: the first in the list of reasons). */
function topReason(rows: { reason: ReportReason }[]): ReportReason | undefined {
  const counts = new Map<ReportReason, number>();
  for (const r of rows) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || REPORT_REASONS.indexOf(a[0]) - REPORT_REASONS.indexOf(b[0]))[0]?.[0];
}

async function sanctionRow(db: Db, userId: string) {
  const [row] = await db.select().from(sanctions).where(eq(sanctions.userId, userId));
  return row ? { kind: row.kind, until: iso(row.until), reason: row.reason, byId: row.byId, createdAt: iso(row.createdAt) } : null;
}

async function assertMaySanction(db: Db, actorId: string, userId: string) {
  if (userId === actorId) throw new HttpError(403, 'forbidden', NOT_YOURSELF);
  const roles = (await findProfileById(db, userId))?.roles ?? [];
  if (roles.some((r) => STAFF.has(r))) throw new HttpError(403, 'forbidden', STAFF_NOT_SANCTIONED);
}

const formatUntil = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;

/**
 * A moderator's decision on an item: with `fromReports`, on every open report of it at once (they
 * are closed in the same transaction; a second moderator deciding meanwhile gets 409); without,
 * on an item or person found by search. The change, the reports and the audit entry stand or fall
 * together; the owner and the reporters are told after it committed.
 */
export async function decide(
  deps: ModerationDeps,
  actorId: string,
  type: ReportTarget,
  id: string,
  input: z.output<typeof ModerationDecisionSchema>,
  { fromReports }: { fromReports: boolean },
): Promise<DecisionResult> {
  const { db } = deps;
  const now = new Date();
  const action: ModerationAction = input.action;
  const outcome = await db.transaction(async (tx) => {
    let closed: (typeof reports.$inferSelect)[] = [];
    if (fromReports) {
      closed = await tx
        .update(reports)
        .set({ status: action === 'dismiss' ? 'dismissed' : 'actioned', resolvedAt: now, resolvedById: actorId, resolution: action })
        .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')))
        .returning();
      if (!closed.length) throw new HttpError(409, 'already_handled', REPORTS_ALREADY_HANDLED);
    } else if (action === 'dismiss') {
      throw new HttpError(400, 'no_reports', 'There are no reports of this to dismiss.');
    }
    const target = await findTarget(tx, deps, actorId, type, id);
    const ownerId = target?.ownerId ?? closed[0]?.ownerId;
    if (!ownerId) throw notFound(REPORT_NOT_FOUND);
    const rule = input.reason ?? topReason(closed) ?? 'other';
    const reason = input.note || REPORT_REASON_LABELS[rule];
    const about = { rule, reports: closed.map((r) => r.id), item: { targetType: type, targetId: id } };
    const audit = (entry: { targetType: string; targetId: string; before?: unknown; after?: unknown }) =>
      recordAudit(tx, { actorId, action: AUDIT_ACTION_OF[action], reason, ...entry });

    let until: Date | null = null;
    switch (action) {
      case 'remove': {
        if (!isContentTarget(type)) throw new HttpError(400, 'not_content', PROFILE_NOT_REMOVABLE);
        if (!target) throw notFound('This item no longer exists: dismiss the reports, or act on its owner.');
        const changed = await setTakenDown(tx, target, now, actorId);
        // Already removed (by a decision on another report path): the reports are closed all the same.
        if (!changed && !fromReports) throw new HttpError(409, 'already_removed', ALREADY_REMOVED);
        await audit({
          targetType: type,
          targetId: id,
          before: { removedAt: iso(target.removedAt) },
          after: { removedAt: iso(changed ? now : target.removedAt), ...about },
        });
        break;
      }
      case 'warn':
      case 'suspend':
      case 'ban': {
        await assertMaySanction(tx, actorId, ownerId);
        const before = await sanctionRow(tx, ownerId);
        if (action === 'warn') {
          await audit({ targetType: 'user', targetId: ownerId, before: { sanction: before }, after: { sanction: before, ...about } });
          break;
        }
        if (action === 'suspend' && before?.kind === 'ban') throw new HttpError(409, 'already_banned', 'This account is already banned.');
        until = action === 'suspend' ? new Date(now.getTime() + input.hours! * 3600_000) : null;
        const kind = action === 'ban' ? ('ban' as const) : ('suspension' as const);
        await tx
          .insert(sanctions)
          .values({ userId: ownerId, kind, until, reason, byId: actorId, createdAt: now })
          .onConflictDoUpdate({ target: sanctions.userId, set: { kind, until, reason, byId: actorId, createdAt: now } });
        // A ban ends every session of the account at once; its sockets close once this commits.
        const ended = action === 'ban' ? await tx.delete(authSessions).where(eq(authSessions.userId, ownerId)).returning({ id: authSessions.id }) : [];
        await audit({
          targetType: 'user',
          targetId: ownerId,
          before: { sanction: before },
          after: { sanction: { kind, until: iso(until), reason }, ...(action === 'ban' ? { sessionsEnded: ended.length } : {}), ...about },
        });
        break;
      }
      case 'dismiss':
        await audit({ targetType: type, targetId: id, after: { status: 'dismissed', ...about } });
        break;
    }
    return { target, ownerId, reporters: [...new Set(closed.map((r) => r.reporterId))], closed: closed.length, rule, until };
  });

  // Told once it committed: the owner, the reporters, open sockets and live publishers.
  const { target, ownerId, reporters, closed, rule, until } = outcome;
  const name = target?.name ?? 'item';
  const label = REPORT_REASON_LABELS[rule].toLowerCase();
  const link = target?.link ?? null;
  const tell = (userId: string, title: string, message: string, withLink = true) =>
    deps.notifier.notice({ userId, title, message, contentId: withLink ? link?.contentId : null, contentType: withLink ? link?.contentType : null });
  switch (action) {
    case 'remove':
      await tell(ownerId, 'Content removed', `Your ${name} was removed for breaking Glint’s rules (${label}).`);
      if (type === 'stream') deps.stopLive({ streamId: id }, removedMessage('stream'));
      if (type === 'chat_message' && target?.streamId) await deps.chatMessageGone(target.streamId, id);
      break;
    case 'warn':
      await tell(ownerId, 'Warning', `A moderator warned you about your ${name}: ${label}. Breaking Glint’s rules again may get your account suspended.`);
      break;
    case 'suspend':
      await tell(ownerId, 'Account suspended', `Your account is suspended until ${formatUntil(until!)} for breaking Glint’s rules (${label}).`, false);
      deps.stopLive({ ownerId }, suspendedMessage(until!.toISOString()));
      break;
    case 'ban':
      await deps.sessionsEnded();
      deps.stopLive({ ownerId }, ACCOUNT_BANNED);
      break;
    case 'dismiss':
      break;
  }
  const outcomeText =
    action === 'remove'
      ? `Thanks for your report: we removed the ${name}.`
      : action === 'dismiss'
        ? `We reviewed your report about the ${name} and found it does not break Glint’s rules.`
        : `Thanks for your report about the ${name}: we took action against the account.`;
  for (const reporterId of reporters) await tell(reporterId, 'Report reviewed', outcomeText, action !== 'remove');

  const item = await describe(deps, actorId, type, id, ownerId);
  return { action, resolvedReports: closed, item: item! };
}

/** Restores content a moderator removed; the owner is told. */
export async function restoreContent(deps: ModerationDeps, actorId: string, type: ReportTarget, id: string, note: string): Promise<ModeratedItem> {
  if (!isContentTarget(type)) throw new HttpError(400, 'not_content', PROFILE_NOT_REMOVABLE);
  const target = await deps.db.transaction(async (tx) => {
    const t = await findTarget(tx, deps, actorId, type, id);
    if (!t) throw notFound(REPORT_NOT_FOUND);
    if (!t.removedAt || !(await setTakenDown(tx, t, null, actorId))) throw new HttpError(409, 'not_removed', NOT_REMOVED);
    await recordAudit(tx, {
      actorId,
      action: 'content.restore',
      targetType: type,
      targetId: id,
      reason: note,
      before: { removedAt: iso(t.removedAt) },
      after: { removedAt: null },
    });
    return t;
  });
  await deps.notifier.notice({
    userId: target.ownerId,
    title: 'Content restored',
    message: `Your ${target.name} is back up: a moderator restored it.`,
    contentId: target.link?.contentId ?? null,
    contentType: target.link?.contentType ?? null,
  });
  return (await describe(deps, actorId, type, id))!;
}

/** Lifts a suspension or ban; the user is told. */
export async function liftSanction(deps: ModerationDeps, actorId: string, userId: string, note: string): Promise<void> {
  const lifted = await deps.db.transaction(async (tx) => {
    const before = await sanctionRow(tx, userId);
    const [row] = await tx.delete(sanctions).where(eq(sanctions.userId, userId)).returning();
    if (!row || !before) throw notFound(NOT_SANCTIONED);
    await recordAudit(tx, {
      actorId,
      action: row.kind === 'ban' ? 'user.unban' : 'user.unsuspend',
      targetType: 'user',
      targetId: userId,
      reason: note,
      before: { sanction: before },
      after: { sanction: null },
    });
    return row;
  });
  await deps.notifier.notice(
    lifted.kind === 'ban'
      ? { userId, title: 'Ban lifted', message: 'A moderator lifted the ban on your account. Welcome back.' }
      : { userId, title: 'Suspension lifted', message: 'A moderator lifted your suspension: you can post, comment, chat and stream again.' },
  );
}

/** Lifts a live-chat timeout or ban in any creator's chats, from the moderators' screen. */
export async function liftChatRestriction(deps: ModerationDeps, actorId: string, channelId: string, userId: string, note: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await liftChannelRestriction(tx, channelId, userId);
    if (!row) throw notFound('This chat restriction no longer exists.');
    await recordAudit(tx, {
      actorId,
      action: 'chat.lift',
      targetType: 'user',
      targetId: userId,
      reason: note,
      before: { channelId, kind: row.until ? 'timeout' : 'ban', until: iso(row.until), reason: row.reason, byId: row.byId },
      after: null,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The moderation screen

/** Removed content (newest removal first), suspended and banned accounts, and chat restrictions across channels. */
export async function moderationOverview(deps: ModerationDeps, viewerId: string): Promise<ModerationOverview> {
  const { db } = deps;
  const limit = MODERATION_LIST_MAX;
  const removedOf = async (type: ReportTarget, table: typeof videos | typeof livestreams | typeof videoComments | typeof chatMessages) =>
    (
      await db.select({ id: table.id, at: table.takenDownAt }).from(table).where(isNotNull(table.takenDownAt)).orderBy(desc(table.takenDownAt)).limit(limit)
    ).map((r) => ({ type, id: r.id, at: r.at! }));
  const removedRows = (
    await Promise.all([
      removedOf('video', videos),
      removedOf('stream', livestreams),
      removedOf('comment', videoComments),
      removedOf('chat_message', chatMessages),
    ])
  )
    .flat()
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, limit);
  const removed: ModeratedItem[] = [];
  for (const r of removedRows) {
    const item = await describe(deps, viewerId, r.type, r.id);
    if (item) removed.push(item);
  }

  const user = alias(profilesTable, 'sanctioned');
  const by = alias(profilesTable, 'sanctioned_by');
  const sanctionRows = await db
    .select({
      s: sanctions,
      user: creatorColumnsOf(user),
      by: creatorColumnsOf(by),
    })
    .from(sanctions)
    .innerJoin(user, eq(user.id, sanctions.userId))
    .leftJoin(by, eq(by.id, sanctions.byId))
    .where(or(eq(sanctions.kind, 'ban'), gt(sanctions.until, new Date())))
    .orderBy(desc(sanctions.createdAt))
    .limit(limit);
  const sanctionViews: SanctionView[] = sanctionRows.map(({ s, user, by }) => ({
    user,
    kind: s.kind,
    until: iso(s.until),
    reason: s.reason,
    by: by?.id ? by : null,
    createdAt: s.createdAt.toISOString(),
  }));
  const chatRestrictions: ChatRestrictionView[] = (await listAllRestrictions(db, limit)).map((r) => ({ ...r, by: r.by?.id ? r.by : null }));
  return { removed, sanctions: sanctionViews, chatRestrictions };
}

/** Any user or item by name, title, words or id, removed or banned ones included. */
export async function moderationSearch(deps: ModerationDeps, viewerId: string, q: string): Promise<ModeratedItem[]> {
  const { db } = deps;
  const needle = `%${escapeLike(q.trim())}%`;
  const found: { type: ReportTarget; id: string }[] = [];
  if (isUuid(q.trim())) {
    for (const type of ['video', 'stream', 'comment', 'chat_message'] as const) found.push({ type, id: q.trim() });
  }
  const few = 10;
  const [people, vids, streams, comments, messages] = await Promise.all([
    db
      .select({ id: profilesTable.id })
      .from(profilesTable)
      .where(or(eq(profilesTable.id, q.trim()), ilike(profilesTable.username, needle), ilike(profilesTable.displayName, needle)))
      .orderBy(profilesTable.username)
      .limit(few),
    db
      .select({ id: videos.id })
      .from(videos)
      .where(and(ilike(videos.title, needle), sql`${videos.status} <> 'removed'`))
      .orderBy(desc(videos.createdAt))
      .limit(few),
    db.select({ id: livestreams.id }).from(livestreams).where(ilike(livestreams.title, needle)).orderBy(desc(livestreams.createdAt)).limit(few),
    db.select({ id: videoComments.id }).from(videoComments).where(ilike(videoComments.body, needle)).orderBy(desc(videoComments.createdAt)).limit(few),
    db.select({ id: chatMessages.id }).from(chatMessages).where(ilike(chatMessages.body, needle)).orderBy(desc(chatMessages.createdAt)).limit(few),
  ]);
  found.push(
    ...people.map((r) => ({ type: 'user' as const, id: r.id })),
    ...vids.map((r) => ({ type: 'video' as const, id: r.id })),
    ...streams.map((r) => ({ type: 'stream' as const, id: r.id })),
    ...comments.map((r) => ({ type: 'comment' as const, id: r.id })),
    ...messages.map((r) => ({ type: 'chat_message' as const, id: r.id })),
  );
  const seen = new Set<string>();
  const items: ModeratedItem[] = [];
  for (const f of found) {
    const key = `${f.type}:${f.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Only what exists: a uuid tried against every kind of content finds at most one.
    if (!(await findTarget(db, deps, viewerId, f.type, f.id))) continue;
    const item = await describe(deps, viewerId, f.type, f.id);
    if (item) items.push(item);
  }
  return items;
}
