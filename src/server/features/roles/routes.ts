import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminUserSchema, AdminUserSearchSchema, APP_ROLES, RoleChangeSchema } from '../../../shared/roles/roles.js';
import { userSession } from '../../access/guards.js';
import { grantRole, promoteAdminEmails, revokeRole, searchUsers, userIdByUsername } from './service.js';

const RoleChangeResultSchema = z.object({ userId: z.string(), roles: z.array(z.enum(APP_ROLES)) });

/**
 * Roles (docs/product.md "Roles"): admins grant and revoke admin and moderator by username, with
 * a people search; the last admin stays. Every change is in the audit log. At start-up the
 * accounts of `ADMIN_EMAILS` become admins.
 */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (config.adminEmails.length) {
    const promoted = await promoteAdminEmails(db, config.adminEmails);
    if (promoted.length) app.log.info({ promoted }, 'ADMIN_EMAILS: accounts made admins');
  }

  /** The person's open pages learn their roles changed: menus and screens follow at once. */
  const tell = (userId: string, roles: (typeof APP_ROLES)[number][]) => app.realtime.publish(userId, 'roles.changed', { roles });

  r.get(
    '/api/admin/users',
    {
      config: { role: 'admin', noStore: true },
      schema: {
        tags: ['admin'],
        summary: 'Find people by username or display name, with their roles (admins only)',
        querystring: AdminUserSearchSchema,
        response: { 200: z.array(AdminUserSchema) },
      },
    },
    async (req) => {
      return searchUsers(db, req.query.q);
    },
  );

  const changes = [
    { action: 'grant', change: grantRole, summary: 'Make someone an admin or a moderator, by username (admins only)' },
    { action: 'revoke', change: revokeRole, summary: 'Take a role away, by username (admins only); the last admin stays' },
  ] as const;
  for (const { action, change, summary } of changes)
    r.post(
      `/api/admin/roles/${action}`,
      { config: { role: 'admin' }, schema: { tags: ['admin'], summary, body: RoleChangeSchema, response: { 200: RoleChangeResultSchema } } },
      async (req) => {
        const s = userSession(req);
        const userId = await userIdByUsername(db, req.body.username);
        const roles = await change(db, { actorId: s.user.id, userId, role: req.body.role, reason: req.body.reason });
        await tell(userId, roles);
        return { userId, roles };
      },
    );
};
