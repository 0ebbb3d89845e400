import { and, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { AuditEntryView } from '../../../shared/roles/roles.js';
import type { Creator } from '../../../shared/profiles/creator.js';
import { creatorColumns, profilesTable } from '../../access/creator.js';
import type { Db } from '../../platform/db/client.js';
import { auditLog } from './schema.js';

export type AuditEntry = typeof auditLog.$inferSelect;

export interface AuditInput {
  /** Who acted; null for the system (a scheduled job, the command line). */
  actorId: string | null;
  /** `<subject>.<verb>`: `content.remove`, `user.ban`, `role.grant`, `verification.grant`, … */
  action: string;
  targetType: string;
  targetId: string;
  reason?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one entry of the audit log. Call it in the same transaction as the change it records
 * (pass the transaction as `db`), so an action and its record stand or fall together.
 */
export async function recordAudit(db: Db, entry: AuditInput): Promise<AuditEntry> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason ?? '',
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning();
  return row!;
}

export interface AuditFilter {
  /** One actor's entries; null for the system's (the command line, start-up, scheduled jobs). */
  actorId?: string | null | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  since?: Date | undefined;
  /** Entries before this id (paging back in time). */
  beforeId?: number | undefined;
  limit?: number | undefined;
}

/** The newest entries first, filtered. */
export async function listAudit(db: Db, f: AuditFilter = {}): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (f.actorId === null) where.push(isNull(auditLog.actorId));
  else if (f.actorId) where.push(eq(auditLog.actorId, f.actorId));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.targetType) where.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) where.push(eq(auditLog.targetId, f.targetId));
  if (f.since) where.push(gte(auditLog.createdAt, f.since));
  if (f.beforeId) where.push(lt(auditLog.id, f.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(Math.min(f.limit ?? 50, 200));
}

/** The audit log's entries with the names of who acted and, for people, whom it was done to. */
export async function withNames(db: Db, entries: AuditEntry[]): Promise<AuditEntryView[]> {
  const ids = new Set<string>();
  for (const e of entries) {
    if (e.actorId) ids.add(e.actorId);
    if (e.targetType === 'user') ids.add(e.targetId);
  }
  const people = ids.size
    ? await db
        .select(creatorColumns)
        .from(profilesTable)
        .where(inArray(profilesTable.id, [...ids]))
    : [];
  const byId = new Map<string, Creator>(people.map((p) => [p.id, p]));
  return entries.map((e) => ({
    id: e.id,
    actorId: e.actorId,
    actor: (e.actorId && byId.get(e.actorId)) || null,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    targetUser: (e.targetType === 'user' && byId.get(e.targetId)) || null,
    reason: e.reason,
    before: e.before,
    after: e.after,
    createdAt: e.createdAt.toISOString(),
  }));
}
