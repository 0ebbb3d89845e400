import fp from 'fastify-plugin';
import { roleRoutes } from './routes.js';

/** Roles, with the first admins from ADMIN_EMAILS. */
export default fp(
  async (app) => {
    await app.register(roleRoutes);
  },
  { name: 'glint-roles', fastify: '5.x', decorators: { fastify: ['db', 'config', 'realtime'] } },
);
