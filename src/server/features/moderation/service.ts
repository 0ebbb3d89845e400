import { and, count, desc, eq, gt, ilike, inArray, isNotNull, max, min, or, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../platform/db/like.js';
import type { Creator } from '../../../shared/profiles/creator.js';
import {
  ACCOUNT_BANNED,
  ALREADY_REMOVED,
  AUDIT_ACTION_OF,
  CONTENT_TARGETS,
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
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/ids.js';
import { auditLog } from '../audit/schema.js';
import { reports } from './schema.js';
import { sanctions } from '../../access/schema.js';
import { endSessionsOf } from '../../access/sessions.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import type { Notifier } from '../notifications/service.js';
import { creatorColumns, creatorColumnsOf, findProfileById, profilesTable } from '../../access/creator.js';
import { isBanned, standingOf } from '../../access/standing.js';

/**
 * Reports and moderation (docs/product.md "Reports and moderation"): users report items, moderators
 * decide on every open report of an item at once (remove the content, warn, suspend or ban its
 * owner, or dismiss), and lift what they decided. Every decision is written to the audit log in the
 * transaction that makes it; the people concerned are told once it has committed.
 *
 * The items themselves belong to other features: each registers a `ModerationAdapter` for its kind
 * (how to find, search, remove and restore one), so this feature reads and writes no table of theirs.
 */

// ---------------------------------------------------------------------------------------------
// What the features that own reportable items register

/** An item as the feature that owns it finds it for moderation. */
export interface ModerationItem {
  ownerId: string;
  removedAt: Date | null;
  /** Everyone may see it now, as far as its feature knows; moderation adds its owner's standing. */
  visible: boolean;
  /** How it is named to people: `video “Title”`, `comment on “Title”`, `profile @name`. */
  name: string;
  /** Where a notification about it leads (the video, the stream), or none (a profile). */
  link: { contentId: string; contentType: string } | null;
  /** What a moderator sees of it, but the owner and their standing. */
  view: Omit<ModeratedItem, 'targetType' | 'targetId' | 'owner' | 'ownerSanction' | 'removedAt'>;
}

/** An item found through the registry: its kind and id, with its owner's standing counted in `visible`. */
export interface ModerationTarget extends ModerationItem {
  type: ReportTarget;
  id: string;
}

/** What an adapter may ask while finding an item: who looks, and the item it sits in (a comment's video). */
export interface ModerationLookup {
  viewerId: string | null;
  find(type: ReportTarget, id: string): Promise<ModerationTarget | undefined>;
}

/** What moderation needs of the feature that owns one kind of reportable item. */
export interface ModerationAdapter {
  kind: ReportTarget;
  /** The item, or undefined when there is nothing left to moderate. */
  find(db: Db, id: string, lookup: ModerationLookup): Promise<ModerationItem | undefined>;
  /** Moderators' search by name, title or words (`q` trimmed), removed items included: ids, at most `limit`. */
  search(db: Db, q: string, limit: number): Promise<string[]>;
  /** Content (not people): how a moderator removes and restores it, its row and media kept. */
  takedown?: {
    /** Removes (`at`) or restores (null); true when it changed. */
    set(db: Db, id: string, at: Date | null, byUserId: string): Promise<boolean>;
    /** Removed items, the newest removal first. */
    listRemoved(db: Db, limit: number): Promise<{ id: string; at: Date }[]>;
    /** After a removal committed and the owner was told: what must stop at once (a broadcast, a chat room's copy). */
    afterRemove?(db: Db, id: string): Promise<void>;
  };
}

/**
 * An adapter's `find` result for words posted in other content (a comment on a video, a message in
 * a stream's chat): linked to that content, and visible only while it is and the words are `shown`.
 */
export function postedIn(
  parent: ModerationTarget | undefined,
  post: { userId: string; body: string; takenDownAt: Date | null; createdAt: Date },
  as: { title: string; name: string; shown: boolean },
): ModerationItem {
  return {
    ownerId: post.userId,
    removedAt: post.takenDownAt,
    visible: as.shown && !!parent?.visible,
    name: as.name,
    link: parent?.link ?? null,
    view: {
      kind: null,
      title: as.title,
      text: post.body,
      thumbnailUrl: null,
      hlsUrl: null,
      href: parent?.view.href ?? null,
      context: parent?.view.title ?? null,
      createdAt: post.createdAt.toISOString(),
    },
  };
}

/** A moderated kind's table: its id, when each row was written, when a moderator removed it. */
type ModeratedTable = PgTable & { id: PgColumn; createdAt: PgColumn; takenDownAt: PgColumn };

/** An adapter's `search`: rows whose `text` holds the words, newest first (`where` narrows it). */
export function searchByText(table: ModeratedTable, text: PgColumn, where?: SQL): ModerationAdapter['search'] {
  return async (db, q, limit) => {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(ilike(text, `%${escapeLike(q)}%`), where))
      .orderBy(desc(table.createdAt))
      .limit(limit);
    return rows.map((r) => String(r.id));
  };
}

/** An adapter's `listRemoved`: the rows a moderator removed, the newest removal first. */
export function listTakenDown(table: ModeratedTable): NonNullable<ModerationAdapter['takedown']>['listRemoved'] {
  return async (db, limit) => {
    const rows = await db
      .select({ id: table.id, at: table.takenDownAt })
      .from(table)
      .where(isNotNull(table.takenDownAt))
      .orderBy(desc(table.takenDownAt))
      .limit(limit);
    return rows.map((r) => ({ id: String(r.id), at: r.at as Date }));
  };
}

/** The live-chat timeouts and bans creators set, which moderators see and may lift across channels. */
export interface ChatRestrictionsAdapter {
  list(db: Db, limit: number): Promise<ChatRestrictionView[]>;
  /** Lifts one; what was lifted, or undefined when there was none. */
  lift(db: Db, channelId: string, userId: string): Promise<{ until: Date | null; reason: string | null; byId: string | null } | undefined>;
}

/** What the features registered, one per app. */
export interface ModerationRegistry {
  adapters: Map<ReportTarget, ModerationAdapter>;
  chatRestrictions: ChatRestrictionsAdapter | undefined;
  /** Run after a suspension or ban was lifted (videos held meanwhile are published). */
  sanctionLifted: (() => Promise<void>)[];
}

export function createModerationRegistry(): ModerationRegistry {
  return { adapters: new Map(), chatRestrictions: undefined, sanctionLifted: [] };
}

export function registerModerationAdapter(registry: ModerationRegistry, adapter: ModerationAdapter): void {
  if (registry.adapters.has(adapter.kind)) throw new Error(`A moderation adapter for ${adapter.kind} is already registered`);
  registry.adapters.set(adapter.kind, adapter);
}

export function registerChatRestrictions(registry: ModerationRegistry, restrictions: ChatRestrictionsAdapter): void {
  registry.chatRestrictions = restrictions;
}

export function onSanctionLifted(registry: ModerationRegistry, run: () => Promise<void>): void {
  registry.sanctionLifted.push(run);
}

export interface ModerationDeps {
  db: Db;
  registry: ModerationRegistry;
  notifier: Pick<Notifier, 'notice'>;
  /** Closes the realtime sockets of sessions that ended (a ban ends every session of the account). */
  sessionsEnded(): Promise<void>;
  /** Cuts off live publishing on this instance (other instances find theirs on their sweep). */
  stopLive(which: { ownerId: string }, reason: string): void;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const STAFF = new Set(['admin', 'moderator']);

function adapterOf(registry: ModerationRegistry, type: ReportTarget): ModerationAdapter {
  const adapter = registry.adapters.get(type);
  if (!adapter) throw new Error(`No moderation adapter is registered for ${type}`);
  return adapter;
}

/** How a kind of content is removed and restored; a profile is not content. */
function takedownOf(registry: ModerationRegistry, type: ReportTarget) {
  const takedown = isContentTarget(type) ? adapterOf(registry, type).takedown : undefined;
  if (!takedown) throw new HttpError(400, 'not_content', PROFILE_NOT_REMOVABLE);
  return takedown;
}

/** The item as its feature finds it; not visible while its owner is banned. */
async function findTarget(
  db: Db,
  registry: ModerationRegistry,
  viewerId: string | null,
  type: ReportTarget,
  id: string,
): Promise<ModerationTarget | undefined> {
  const lookup: ModerationLookup = { viewerId, find: (t, i) => findTarget(db, registry, viewerId, t, i) };
  const item = await adapterOf(registry, type).find(db, id, lookup);
  if (!item) return undefined;
  return { ...item, type, id, visible: item.visible && !(await isBanned(db, item.ownerId)) };
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
  const t = await findTarget(deps.db, deps.registry, viewerId, type, id);
  const ownerId = t?.ownerId ?? knownOwnerId;
  if (!ownerId) return undefined;
  const [owner, ownerSanction] = await Promise.all([creatorOf(deps.db, ownerId), ownerSanctionOf(deps.db, ownerId)]);
  if (t) return { targetType: type, targetId: id, ...t.view, owner, ownerSanction, removedAt: iso(t.removedAt) };
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
  const target = await findTarget(db, deps.registry, reporterId, input.targetType, input.targetId);
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
    const target = await findTarget(tx, deps.registry, actorId, type, id);
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
        const takedown = takedownOf(deps.registry, type);
        if (!target) throw notFound('This item no longer exists: dismiss the reports, or act on its owner.');
        const changed = await takedown.set(tx, id, now, actorId);
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
        const ended = action === 'ban' ? await endSessionsOf(tx, ownerId) : [];
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
      await takedownOf(deps.registry, type).afterRemove?.(deps.db, id);
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
  const takedown = takedownOf(deps.registry, type);
  const target = await deps.db.transaction(async (tx) => {
    const t = await findTarget(tx, deps.registry, actorId, type, id);
    if (!t) throw notFound(REPORT_NOT_FOUND);
    if (!t.removedAt || !(await takedown.set(tx, id, null, actorId))) throw new HttpError(409, 'not_removed', NOT_REMOVED);
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

/** Lifts a suspension or ban; the user is told, and what was held back meanwhile goes out now. */
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
  for (const run of deps.registry.sanctionLifted) await run();
}

/** Lifts a live-chat timeout or ban in any creator's chats, from the moderators' screen. */
export async function liftChatRestriction(deps: ModerationDeps, actorId: string, channelId: string, userId: string, note: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deps.registry.chatRestrictions?.lift(tx, channelId, userId);
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
  const removedRows = (
    await Promise.all(
      CONTENT_TARGETS.map(async (type) => (await takedownOf(deps.registry, type).listRemoved(db, limit)).map((r) => ({ type, id: r.id, at: r.at }))),
    )
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
  const chatRestrictions: ChatRestrictionView[] = (await deps.registry.chatRestrictions?.list(db, limit)) ?? [];
  return { removed, sanctions: sanctionViews, chatRestrictions };
}

/** Search results list people first, then each kind of content. */
const SEARCH_ORDER = ['user', ...CONTENT_TARGETS] as const;

/** Any user or item by name, title, words or id, removed or banned ones included. */
export async function moderationSearch(deps: ModerationDeps, viewerId: string, q: string): Promise<ModeratedItem[]> {
  const { db } = deps;
  const text = q.trim();
  const found: { type: ReportTarget; id: string }[] = [];
  if (isUuid(text)) {
    for (const type of CONTENT_TARGETS) found.push({ type, id: text });
  }
  const few = 10;
  const searched = await Promise.all(
    SEARCH_ORDER.map(async (type) => (await adapterOf(deps.registry, type).search(db, text, few)).map((id) => ({ type, id }))),
  );
  found.push(...searched.flat());
  const seen = new Set<string>();
  const items: ModeratedItem[] = [];
  for (const f of found) {
    const key = `${f.type}:${f.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Only what exists: a uuid tried against every kind of content finds at most one.
    if (!(await findTarget(db, deps.registry, viewerId, f.type, f.id))) continue;
    const item = await describe(deps, viewerId, f.type, f.id);
    if (item) items.push(item);
  }
  return items;
}
