import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { AuditPageSchema, AuditQuerySchema, type AuditEntryView } from '../../../shared/roles/roles.js';
import type { Creator } from '../../../shared/profiles/creator.js';
import type { Db } from '../../platform/db/client.js';
import { creatorColumns, findProfileByUsername, profilesTable } from '../../access/creator.js';
import { listAudit, type AuditEntry } from './service.js';

/** The audit log's entries with the names of who acted and, for people, whom it was done to. */
async function withNames(db: Db, entries: AuditEntry[]): Promise<AuditEntryView[]> {
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

/** The audit log for admins (docs/product.md "Audit log"): newest first, filtered, a page at a time. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit',
    {
      config: { role: 'admin', noStore: true },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: filter by actor (username or "system"), action, target and time; page with `before` (admins only)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (req) => {
      const q = req.query;
      let actorId: string | null | undefined;
      if (q.actor) {
        const name = q.actor.replace(/^@/, '');
        if (name.toLowerCase() === 'system') actorId = null;
        else {
          const profile = await findProfileByUsername(db, name);
          // Nobody by that name acted.
          if (!profile) return { entries: [], nextBefore: null };
          actorId = profile.id;
        }
      }
      // A person may be named by `@username` instead of their id.
      let targetId = q.targetId;
      let targetType = q.targetType;
      if (targetId?.startsWith('@')) {
        const profile = await findProfileByUsername(db, targetId.slice(1));
        if (!profile) return { entries: [], nextBefore: null };
        targetId = profile.id;
        targetType ??= 'user';
      }
      const entries = await listAudit(db, {
        actorId,
        action: q.action,
        targetType,
        targetId,
        since: q.since ? new Date(q.since) : undefined,
        beforeId: q.before,
        limit: q.limit,
      });
      return { entries: await withNames(db, entries), nextBefore: entries.length === q.limit ? entries[entries.length - 1]!.id : null };
    },
  );
};
