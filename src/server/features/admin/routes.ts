import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RoleHolderSchema } from '../../../shared/roles.js';
import { requireRole } from '../../access/guards.js';
import { listRoleHolders } from '../roles/service.js';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/roles',
    { schema: { tags: ['admin'], summary: 'Everyone holding a role (admins only)', response: { 200: z.array(RoleHolderSchema) } } },
    async (req, reply) => {
      await requireRole(req, 'admin');
      reply.header('Cache-Control', 'no-store');
      return listRoleHolders(app.db);
    },
  );
};
