import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../auth/guards.js';
import { listRoleHolders } from '../profiles/service.js';

const RoleHolderSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(['admin', 'moderator']),
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/roles',
    { schema: { tags: ['admin'], summary: 'Everyone holding a role (admins only)', response: { 200: z.array(RoleHolderSchema) } } },
    async (req) => {
      await requireRole(req, 'admin');
      return listRoleHolders(app.db);
    },
  );
};
