import fp from 'fastify-plugin';
import { auditRoutes } from './routes.js';

/** The audit log for admins. */
export default fp(
  async (app) => {
    await app.register(auditRoutes);
  },
  { name: 'glint-audit', fastify: '5.x', decorators: { fastify: ['db'] } },
);
