import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RoleHolderSchema } from '../../../shared/roles/roles.js';
import { listRoleHolders } from '../roles/service.js';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/roles',
    {
      config: { role: 'admin', noStore: true },
      schema: { tags: ['admin'], summary: 'Everyone holding a role (admins only)', response: { 200: z.array(RoleHolderSchema) } },
    },
    async () => {
      return listRoleHolders(app.db);
    },
  );
};
