import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '../../../shared/roles/roles.js';
import { findProfileByUsername } from '../../access/creator.js';
import { listAudit, withNames } from './service.js';

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
